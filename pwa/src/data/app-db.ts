import { openDb, type BidpilotDb } from './db';

let instance: BidpilotDb | null = null;

/**
 * The page's (or the service worker's) one database connection, made on first use. Only signed-in
 * screens, the sync runtime and the session mirror import this, so Dexie stays off public pages.
 */
export function appDb(): BidpilotDb {
  instance ??= openDb();
  return instance;
}
