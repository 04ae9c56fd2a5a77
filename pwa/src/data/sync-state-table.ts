/**
 * A new device's fetch of the job items it did not pull from the log (sync/history.ts): those
 * logged up to `upTo`, newest first, a page at a time.
 */
export interface HistoryState {
  /** The log position of the device's first sync (`GET /sync/start`): the history is as of it. */
  upTo: string;
  /** Where the next page begins (the server's `nextBefore`); null before the first page. */
  before: string | null;
  /** The server holds no older item. */
  done: boolean;
  /** Items the history pages brought so far, and how many the server counted at the start. */
  stored: number;
  total: number;
}

/** The one row of the `syncState` table. */
export interface SyncStateRow {
  key: 'main';
  /** The pull cursor: the server's `nextCursor` of the last page stored. */
  cursor: string;
  /** Whose data the tables hold (cleared when another user signs in). */
  userId: string | null;
  lastSyncedAt: number | null;
  /** Why the last sync failed; null after a success. */
  lastError: { code: string; message: string } | null;
  /** The cross-tab lease when Web Locks are missing: who holds it and until when. */
  leaseOwner?: string | null;
  leaseUntil?: number;
  /** Set by a first sync through `GET /sync/start`: the history still to fetch (absent on older devices, which pulled it all). */
  history?: HistoryState;
}

/**
 * Whether this device holds every job item of the user: its history fetched to the end, or (a device
 * that pulled the whole log, before the history or from a server without it) a pull stored. A device
 * that has not synced yet does not know: the screens must not count what it holds as all there is.
 */
export const holdsAllJobItems = (state: SyncStateRow | undefined): boolean =>
  state === undefined ? false : state.history ? state.history.done : state.cursor !== '0';

export const INITIAL_SYNC_STATE: SyncStateRow = { key: 'main', cursor: '0', userId: null, lastSyncedAt: null, lastError: null };
