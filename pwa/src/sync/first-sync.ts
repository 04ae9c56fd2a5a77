import type { StoreApi } from 'zustand/vanilla';

/**
 * Resolves once the first sync round the status store shows has ended (stored, failed or
 * stopped), or after `capMs` whatever happens. Call it before the round starts: a round that
 * began and ended unseen is only caught by the cap.
 */
export function firstSyncEnded(status: StoreApi<{ syncing: boolean }>, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    let began = status.getState().syncing;
    let unsubscribe: () => void = () => undefined;
    const end = () => {
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const cap = setTimeout(end, capMs);
    unsubscribe = status.subscribe(({ syncing }) => {
      if (syncing) began = true;
      else if (began) end();
    });
  });
}
