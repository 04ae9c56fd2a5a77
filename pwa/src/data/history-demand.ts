/**
 * A screen's ask for older job items than this device holds (a new device fetches the newest in the
 * background and stops at a window: sync/history.ts). The reads here cannot reach the sync, which
 * sits above them, so the running sync listens (sync/app-sync.ts) and a read asks.
 */
let listener: (() => void) | null = null;

/** The running sync's listener; answers the function that removes it. */
export function onOlderJobItemsWanted(wanted: () => void): () => void {
  listener = wanted;
  return () => {
    if (listener === wanted) listener = null;
  };
}

/** Asks for older job items (the sync fetches a few history pages; asks while it does are one). */
export function wantOlderJobItems(): void {
  listener?.();
}
