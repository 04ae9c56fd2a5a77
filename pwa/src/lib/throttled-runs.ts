import type { RefreshHold } from './refresh-hold';

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ThrottledRuns {
  /** Something changed: run again, now or at the end of the interval. */
  poke(): void;
  stop(): void;
}

/** A run waits at least this many times the last run's length after its start: runs take at most a fifth of the time. */
const SLOWDOWN = 5;

/**
 * Runs `run` at once, then again after each `poke`, at most once per `intervalMs` (or per five
 * times the last run's length, when longer) and never two at a time: the pokes that come during a
 * run or within the interval after one start it make a single run when the interval ends. A run
 * always starts after the last poke, so the last one sees every change. While `hold` is held
 * (a pull storing page after page), pokes only mark the answer stale: one run follows the end of
 * the hold.
 */
export function throttledRuns(
  run: () => Promise<void>,
  intervalMs: number,
  clock: ThrottleClock = realClock,
  hold?: RefreshHold,
): ThrottledRuns {
  let stopped = false;
  let running = false;
  let dirty = false;
  let heldBack = false;
  let timer: unknown = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let lastLength = 0;

  const start = () => {
    timer = null;
    if (stopped) return;
    running = true;
    dirty = false;
    lastStart = clock.now();
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        lastLength = clock.now() - lastStart;
        if (dirty) schedule();
      });
  };
  const schedule = () => {
    if (stopped || timer !== null) return;
    if (running) {
      dirty = true;
      return;
    }
    const wait = lastStart + Math.max(intervalMs, SLOWDOWN * lastLength) - clock.now();
    if (wait <= 0) start();
    else timer = clock.setTimeout(start, wait);
  };

  const poke = () => {
    if (hold?.held()) heldBack = true;
    else schedule();
  };
  const stopWatchingHold = hold?.onRelease(() => {
    if (!heldBack) return;
    heldBack = false;
    schedule();
  });

  start();
  return {
    poke,
    stop() {
      stopped = true;
      stopWatchingHold?.();
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
