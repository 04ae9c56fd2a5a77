/** What warming needs of a screen: to fetch its code and strings without rendering it (screens.tsx). */
export interface Warmable {
  preload(language: string): Promise<unknown>;
}

/** Runs `next` when the browser is idle (or soon, where it cannot say); answers how to cancel it. */
export type IdleScheduler = (next: () => void) => () => void;

export const whenIdle: IdleScheduler = (next) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(next, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(next, 300);
  return () => window.clearTimeout(handle);
};

/**
 * Fetches the screens' code and strings one at a time, each when the browser is idle, so a first
 * visit of a signed-in screen finds them in (a lazy screen then renders at once). A screen that
 * fails to load (offline, a new deploy) is skipped: its visit loads it as before. Answers a stop.
 */
export function warmScreens(screens: readonly Warmable[], language: string, idle: IdleScheduler = whenIdle): () => void {
  let stopped = false;
  let cancel: () => void = () => {};
  const step = (index: number) => {
    if (stopped || index >= screens.length) return;
    cancel = idle(() => {
      if (stopped) return;
      void screens[index]!.preload(language)
        .catch(() => undefined)
        .then(() => step(index + 1));
    });
  };
  step(0);
  return () => {
    stopped = true;
    cancel();
  };
}
