import Dexie, { type ObservabilitySet } from 'dexie';
import type { RefreshHold } from '../lib/refresh-hold';
import { throttledRuns, type ThrottleClock } from '../lib/throttled-runs';

export interface ThrottledLiveReadOptions {
  db: Dexie;
  /** The tables the query reads: a committed change to one of them (in any tab) reads again. */
  tables: readonly string[];
  /** At most one read this often, or per five times the last read's length. */
  intervalMs?: number;
  /** While held (a pull storing page after page), changes wait: one read follows its end. */
  hold?: RefreshHold;
  clock?: ThrottleClock;
}

export type LiveAnswer<T> = { value: T } | { error: unknown };

/**
 * Reads at once, then again after each committed change to `tables`, throttled and held (see
 * `throttledRuns`); each answer goes to `onAnswer`. Answers the stop. For queries over a whole
 * table, which a pull of ten pages must not run ten times.
 */
export function throttledLiveRead<T>(
  querier: () => Promise<T>,
  onAnswer: (answer: LiveAnswer<T>) => void,
  options: ThrottledLiveReadOptions,
): () => void {
  const { db, tables, intervalMs = 1000 } = options;
  let live = true;
  const runs = throttledRuns(
    async () => {
      try {
        const value = await querier();
        if (live) onAnswer({ value });
      } catch (error) {
        if (live) onAnswer({ error });
      }
    },
    intervalMs,
    options.clock,
    options.hold,
  );
  const prefixes = tables.map((table) => `idb://${db.name}/${table}/`);
  const onMutated = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) runs.poke();
  };
  Dexie.on('storagemutated', onMutated);
  return () => {
    live = false;
    runs.stop();
    Dexie.on('storagemutated').unsubscribe(onMutated);
  };
}
