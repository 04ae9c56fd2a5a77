import { useEffect, useState, type DependencyList } from 'react';
import type Dexie from 'dexie';
import { throttledLiveRead, type LiveAnswer } from './throttled-live-read';
import { pullRefreshHold, type RefreshHold } from '../lib/refresh-hold';

export interface ThrottledLiveQueryOptions {
  db: Dexie;
  /** The tables the query reads: a committed change to one of them (in any tab) runs it again. */
  tables: readonly string[];
  /** At most one run this often, or per five times the last run's length (a sync storing page after page makes a few runs, not one a page). */
  intervalMs?: number;
  /** Changes wait while it is held: the page's pull holds it while it stores several pages. */
  hold?: RefreshHold;
}

/**
 * `useLiveQuery` for a query that reads a whole table (the dashboard's figures over every job item):
 * it runs again when one of its tables changes, but at most once per interval, and once at the end
 * of a pull of several pages rather than after each (see `throttledLiveRead`), so a pull of ten
 * pages does not read and render 1,000, then 2,000, … then 10,000 items. Undefined while loading;
 * the previous answer stays until the next one arrives.
 */
export function useThrottledLiveQuery<T>(
  querier: () => Promise<T>,
  deps: DependencyList,
  options: ThrottledLiveQueryOptions,
): T | undefined {
  const { db, tables, intervalMs = 1000, hold = pullRefreshHold } = options;
  const [answer, setAnswer] = useState<LiveAnswer<T> | undefined>(undefined);
  const tableKey = tables.join(',');

  useEffect(
    () => throttledLiveRead(querier, setAnswer, { db, tables: tableKey.split(','), intervalMs, hold }),
    // The caller's deps stand for the querier, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, tableKey, intervalMs, hold, ...deps],
  );

  if (answer && 'error' in answer) throw answer.error;
  return answer?.value;
}
