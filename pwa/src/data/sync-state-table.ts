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
}

export const INITIAL_SYNC_STATE: SyncStateRow = { key: 'main', cursor: '0', userId: null, lastSyncedAt: null, lastError: null };
