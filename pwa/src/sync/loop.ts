import { backoffDelay } from './backoff';

export interface SyncLoopState {
  syncing: boolean;
  /** Failed runs in a row (0 after a success). */
  failures: number;
  lastError: unknown;
  /** When the next run is planned (null: none, e.g. offline or hidden). */
  nextRunAt: number | null;
}

export interface SyncLoopOptions {
  /** The delegate: one sync (push then pull). Rejects on failure. */
  run: () => Promise<unknown>;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  random?: () => number;
  /** Quiet time after a local write before syncing (more writes push it back). */
  debounceMs?: number;
  /** A sync this often while visible and online, to pick up changes from elsewhere. */
  intervalMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  online?: boolean;
  visible?: boolean;
  onChange?: (state: SyncLoopState) => void;
}

export interface SyncLoop {
  /** Syncs now, then keeps syncing on the triggers. */
  start(): void;
  stop(): void;
  /** After a local write: syncs once things are quiet (debounced; waits out a backoff). */
  requestSync(): void;
  /** Syncs now, or joins the sync already running. Never rejects (failures back off). */
  syncNow(): Promise<void>;
  /** The browser's `online` / `offline`: going online syncs at once and forgets the backoff. */
  setOnline(online: boolean): void;
  /** Page visibility: timers pause while hidden; becoming visible syncs at once. */
  setVisible(visible: boolean): void;
  getState(): SyncLoopState;
}

export const SYNC_DEFAULTS = {
  debounceMs: 1_000,
  intervalMs: 5 * 60_000,
  minBackoffMs: 2_000,
  maxBackoffMs: 5 * 60_000,
} as const;

/**
 * The page's sync loop: one delegate, run at most once at a time (callers share the in-flight
 * promise), on start, after writes (debounced), on `online`, on becoming visible and every few
 * minutes; after a failure it backs off exponentially with full jitter, and a success resets it.
 * Every clock is injected, so tests drive it with fake timers.
 */
export function createSyncLoop(options: SyncLoopOptions): SyncLoop {
  const now = options.now ?? Date.now;
  const schedule = options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;
  const debounceMs = options.debounceMs ?? SYNC_DEFAULTS.debounceMs;
  const intervalMs = options.intervalMs ?? SYNC_DEFAULTS.intervalMs;
  const backoff = {
    minMs: options.minBackoffMs ?? SYNC_DEFAULTS.minBackoffMs,
    maxMs: options.maxBackoffMs ?? SYNC_DEFAULTS.maxBackoffMs,
    random,
  };

  let running = false;
  let online = options.online ?? true;
  let visible = options.visible ?? true;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  /** A write arrived during a run: run again afterwards. */
  let again = false;
  let backoffUntil = 0;
  const state: SyncLoopState = { syncing: false, failures: 0, lastError: null, nextRunAt: null };

  const emit = () => options.onChange?.({ ...state });

  function clearTimer() {
    if (timer !== null) cancel(timer);
    timer = null;
    state.nextRunAt = null;
  }

  function plan(ms: number) {
    clearTimer();
    if (!running) return;
    const delay = Math.max(0, ms);
    state.nextRunAt = now() + delay;
    timer = schedule(() => {
      timer = null;
      state.nextRunAt = null;
      // Due while offline or hidden: going online or visible syncs at once instead.
      if (!online || !visible) {
        emit();
        return;
      }
      void syncNow();
    }, delay);
  }

  function syncNow(): Promise<void> {
    if (inFlight) return inFlight;
    if (!running) return Promise.resolve();
    if (!online) return Promise.resolve();
    clearTimer();
    state.syncing = true;
    emit();
    inFlight = (async () => {
      try {
        await options.run();
        state.failures = 0;
        state.lastError = null;
        backoffUntil = 0;
      } catch (error) {
        state.failures += 1;
        state.lastError = error;
        backoffUntil = now() + backoffDelay(state.failures, backoff);
      } finally {
        state.syncing = false;
        inFlight = null;
      }
      const wait = Math.max(0, backoffUntil - now());
      if (again) {
        again = false;
        plan(Math.max(debounceMs, wait));
      } else {
        plan(state.failures > 0 ? wait : intervalMs);
      }
      emit();
    })();
    return inFlight;
  }

  return {
    start() {
      if (running) return;
      running = true;
      void syncNow();
    },
    stop() {
      running = false;
      clearTimer();
      emit();
    },
    requestSync() {
      if (!running) return;
      if (inFlight) {
        again = true;
        return;
      }
      plan(Math.max(debounceMs, backoffUntil - now()));
      emit();
    },
    syncNow,
    setOnline(value) {
      online = value;
      if (!value) return;
      backoffUntil = 0;
      void syncNow();
    },
    setVisible(value) {
      visible = value;
      if (!value) {
        clearTimer();
        emit();
        return;
      }
      void syncNow();
    },
    getState: () => ({ ...state }),
  };
}
