import { DB_NAME } from '../data/db-name';
import { earlyAnswers, type EarlyAnswers } from '../lib/early-answers';
import { figuresPath } from './figures-path';

export interface NewDeviceAnswersOptions {
  early?: EarlyAnswers;
  /** The origin's IndexedDB databases (`indexedDB.databases()`); a browser without it asks nothing early. */
  databases?: () => Promise<Array<{ name?: string }>>;
  now?: () => Date;
  /** The API's base, as the API client's. */
  baseUrl?: string;
}

const DASHBOARD = /^\/dashboard\/?$/;

/**
 * A signed-in path opened on a device that holds nothing yet (no database: a new browser, or one
 * whose data was cleared): asks, at once and beside the session check, what its first screen will
 * ask once the session has answered and the database is made: the small tables (`GET /sync/start`,
 * which the sync stores first) and, on the dashboard, the server's counts of the month. The calls
 * then take these answers (lib/early-answers.ts); a device that has synced before asks nothing
 * early, since its sync does not start from `/sync/start` and its figures may be its own. Answers
 * the paths asked for.
 */
export async function askNewDeviceAnswers(pathname: string, options: NewDeviceAnswersOptions = {}): Promise<string[]> {
  const listDatabases =
    options.databases ??
    (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function' ? () => indexedDB.databases() : undefined);
  if (!listDatabases) return [];
  const names = await listDatabases().catch(() => null);
  if (!names || names.some((database) => database.name === DB_NAME)) return [];
  const early = options.early ?? earlyAnswers;
  const base = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const paths = ['/sync/start', ...(DASHBOARD.test(pathname) ? [figuresPath((options.now ?? (() => new Date()))())] : [])];
  for (const path of paths) early.ask(`${base}${path}`);
  return paths;
}
