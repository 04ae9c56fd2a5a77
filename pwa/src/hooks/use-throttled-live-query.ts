import { useEffect, useState, type DependencyList } from 'react';
import Dexie, { type ObservabilitySet } from 'dexie';
import { throttledRuns } from '../lib/throttled-runs';

export interface ThrottledLiveQueryOptions {
  db: Dexie;
  /** The tables the query reads: a committed change to one of them (in any tab) runs it again. */
  tables: readonly string[];
  /** At most one run this often, or per five times the last run's length (a sync storing page after page makes a few runs, not one a page). */
  intervalMs?: number;
}

/**
 * `useLiveQuery` for a query that reads a whole table (the dashboard's figures over every job item):
 * it runs again when one of its tables changes, but at most once per interval, so a pull of ten
 * pages does not read and render 1,000, then 2,000, … then 10,000 items. Undefined while loading;
 * the previous answer stays until the next one arrives.
 */
export function useThrottledLiveQuery<T>(querier: () => Promise<T>, deps: DependencyList, options: ThrottledLiveQueryOptions): T | undefined {
  const { db, tables, intervalMs = 1000 } = options;
  const [answer, setAnswer] = useState<{ value: T } | { error: unknown } | undefined>(undefined);
  const tableKey = tables.join(',');

  useEffect(() => {
    let live = true;
    const runs = throttledRuns(async () => {
      try {
        const value = await querier();
        if (live) setAnswer({ value });
      } catch (error) {
        if (live) setAnswer({ error });
      }
    }, intervalMs);
    const prefixes = tableKey.split(',').map((table) => `idb://${db.name}/${table}/`);
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) runs.poke();
    };
    Dexie.on('storagemutated', onMutated);
    return () => {
      live = false;
      runs.stop();
      Dexie.on('storagemutated').unsubscribe(onMutated);
    };
    // The caller's deps stand for the querier, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, tableKey, intervalMs, ...deps]);

  if (answer && 'error' in answer) throw answer.error;
  return answer?.value;
}
