/**
 * A hold on the screens' reads of synced tables: while a pull stores page after page, a read that
 * a write would start again waits, and runs once when the last hold ends (a list of 10,000 job
 * items is read once after the pull, not after each of its ten pages).
 */
export interface RefreshHold {
  /** Holds reads until the answered function is called; holds nest, and a release counts once. */
  hold(): () => void;
  held(): boolean;
  /** Calls `listener` each time the last hold ends; answers the unsubscribe. */
  onRelease(listener: () => void): () => void;
}

export function createRefreshHold(): RefreshHold {
  let holds = 0;
  const listeners = new Set<() => void>();
  return {
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) for (const listener of [...listeners]) listener();
      };
    },
    held: () => holds > 0,
    onRelease(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page's hold: taken by the page's pull, honoured by the live reads of whole tables. */
export const pullRefreshHold: RefreshHold = createRefreshHold();
