import { useStore } from 'zustand';
import { syncStatusStore, type SyncStatusState, type SyncStatusStore } from './status-store';

/**
 * The sync status for the chrome: offline, syncing, changes waiting, last synced, last error and
 * the notices. Dexie-free: safe on public pages (idle until a user signs in).
 */
export function useSyncStatus(store: SyncStatusStore = syncStatusStore): SyncStatusState {
  return useStore(store);
}
