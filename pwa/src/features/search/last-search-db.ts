import Dexie, { type Table } from 'dexie';
import type { ScoredJob, SearchCriteria } from '@shared/schemas/job';

/**
 * The last search and its results, kept so they stay readable offline. A separate tiny database
 * (`bidpilot-search`) rather than a table in `bidpilot`, so the main schema's versions stay with the
 * sync layer. IndexedDB rather than localStorage: up to 100 jobs with full descriptions can pass
 * a few hundred kilobytes, which localStorage would write synchronously on the main thread.
 * One row per user, so another account on the same browser never sees it.
 */
export interface LastSearchRow {
  userId: string;
  criteria: SearchCriteria;
  results: ScoredJob[];
  total: number;
  savedAt: number;
}

export const LAST_SEARCH_DB = 'bidpilot-search';

class LastSearchDb extends Dexie {
  lastSearch!: Table<LastSearchRow, string>;
  constructor() {
    super(LAST_SEARCH_DB);
    this.version(1).stores({ lastSearch: 'userId' });
  }
}

let db: LastSearchDb | null = null;
const open = () => (db ??= new LastSearchDb());

export async function loadLastSearch(userId: string): Promise<LastSearchRow | undefined> {
  try {
    return await open().lastSearch.get(userId);
  } catch {
    return undefined;
  }
}

export async function saveLastSearch(row: LastSearchRow): Promise<void> {
  try {
    await open().lastSearch.put(row);
  } catch {
    // Storage full or unavailable (private mode): the search still shows, it just is not kept.
  }
}

/** Forgets every user's last search (for sign-out). */
export async function clearLastSearches(): Promise<void> {
  try {
    await open().lastSearch.clear();
  } catch {
    // nothing kept
  }
}
