import { registerOutboxSync } from './background-sync';

/** The running sync's "sync soon", set by app-sync.ts while a user's sync runs. */
let syncSoon: (() => void) | null = null;

/** Called by the page's sync runtime when it starts (its loop's request) and stops (null). */
export function setAppSyncRequest(request: (() => void) | null): void {
  syncSoon = request;
}

/**
 * After a local write: sync soon (debounced) and ask the browser to sync even if the tab closes.
 * Apart from the sync runtime, so the writers (app-repositories.ts) do not import it.
 */
export function requestAppSync(): void {
  syncSoon?.();
  void registerOutboxSync();
}
