import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SyncNotice } from '../data/notices-table';

/** What the chrome shows about sync. Dexie-free, so the top bar can read it on any page. */
export interface SyncStatusState {
  /** Signed in and the sync runtime is running. */
  active: boolean;
  /** The browser says offline, or the last sync could not reach the server. */
  offline: boolean;
  syncing: boolean;
  /** Local changes waiting to reach the server. */
  pendingCount: number;
  lastSyncedAt: number | null;
  lastError: { code: string; message: string } | null;
  /**
   * A new device's history fetch (sync/history.ts): job items stored of those the server counted;
   * null when the device holds them all.
   */
  history: { stored: number; total: number } | null;
  /** Refused changes and lost conflicts, oldest first, until dismissed. */
  notices: SyncNotice[];
  dismissNotice(id: number): void;
  /** Syncs now (a "retry" button). */
  syncNow(): void;
}

export type SyncStatusStore = StoreApi<SyncStatusState>;

export const IDLE_SYNC_STATUS = {
  active: false,
  offline: false,
  syncing: false,
  pendingCount: 0,
  lastSyncedAt: null,
  lastError: null,
  history: null,
  notices: [],
} satisfies Partial<SyncStatusState>;

export function createSyncStatusStore(): SyncStatusStore {
  return createStore<SyncStatusState>()((set, get) => ({
    ...IDLE_SYNC_STATUS,
    // Replaced by the running sync; without one, dismissing just hides the notice.
    dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
    syncNow: () => {},
  }));
}

/** The page's one status store (fed by the sync runtime once a user is signed in). */
export const syncStatusStore = createSyncStatusStore();
