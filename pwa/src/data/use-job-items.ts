import { useEffect } from 'react';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { JobItem } from '@shared/schemas/job-item';
import { appDb } from './app-db';
import { useThrottledLiveQuery } from './use-throttled-live-query';
import type { BidpilotDb } from './db';
import { wantOlderJobItems } from './history-demand';
import { holdsAllJobItems } from './sync-state-table';

/**
 * An agent's jobs and proposals, newest first (an indexed range, at most `limit`), and the one
 * `focusId` names (a link to one proposal) after them when it is older. While older items are still
 * on the server (a new device fetches the newest first and stops at a window: sync/history.ts),
 * fewer than `limit` here, or the focused one missing, asks the sync for older ones, which show as
 * they come; undefined (loading) while none of the agent's has come yet and the history is still
 * being fetched.
 */
export function useJobItems(
  agentId: string | undefined,
  options: { limit?: number; focusId?: string | null; db?: BidpilotDb } = {},
): JobItem[] | undefined {
  const { limit = 50, focusId = null, db = appDb() } = options;
  const answer = useLiveQuery(async () => {
    if (!agentId) return { items: [], older: false, fetching: false };
    const [items, focused, state] = await Promise.all([
      db.jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]).reverse().limit(limit).toArray(),
      focusId ? db.jobItems.get(focusId) : undefined,
      db.syncState.get('main'),
    ]);
    const missing = (focusId !== null && !focused) || items.length < limit;
    const older = missing && !holdsAllJobItems(state);
    const withFocused =
      focused && focused.agentId === agentId && !items.some((item) => item.id === focused.id) ? [...items, focused] : items;
    return { items: withFocused, older, fetching: older && state?.history !== undefined };
  }, [db, agentId, limit, focusId]);
  useEffect(() => {
    if (answer?.older) wantOlderJobItems();
  }, [answer]);
  if (!answer || (answer.items.length === 0 && answer.fetching)) return undefined;
  return answer.items;
}

/**
 * How many of an agent's job items there are, and how many were sent (status completed). Counting
 * the sent ones reads every item of the agent: read again at most once a second, and once after a
 * pull of several pages (see `useThrottledLiveQuery`).
 */
export function useJobItemCounts(agentId: string | undefined, db: BidpilotDb = appDb()): { total: number; completed: number } | undefined {
  return useThrottledLiveQuery(
    async () => {
      if (!agentId) return { total: 0, completed: 0 };
      const range = db.jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]);
      const [total, completed] = await Promise.all([
        range.count(),
        range
          .clone()
          .filter((item) => item.status === 'completed')
          .count(),
      ]);
      return { total, completed };
    },
    [agentId],
    { db, tables: ['jobItems'] },
  );
}

/**
 * Every job item of an agent (its rates and its experiment's results are computed from them); read
 * again at most once a second, and once after a pull of several pages.
 */
export function useAllAgentJobItems(agentId: string | undefined, db: BidpilotDb = appDb()): JobItem[] | undefined {
  return useThrottledLiveQuery(
    async () => {
      if (!agentId) return [];
      return db.jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]).toArray();
    },
    [agentId],
    { db, tables: ['jobItems'] },
  );
}

/**
 * Every job item on this device (all agents), unsent decisions included; undefined while loading.
 * Read again at most once a second while they change (a sync stores them a page at a time).
 */
export function useEveryJobItem(db: BidpilotDb = appDb()): JobItem[] | undefined {
  return useThrottledLiveQuery(() => db.jobItems.toArray(), [], { db, tables: ['jobItems'] });
}

/** How many drafts wait for the user's review, across every agent (an index count, live). */
export function useDraftCount(db: BidpilotDb = appDb()): number | undefined {
  return useLiveQuery(() => db.jobItems.where('status').equals('draft').count(), [db]);
}

/**
 * Whether older job items of the user are still on the server (a new device's history stopped at
 * its window, or still coming: sync/history.ts); `wantOlderJobItems` asks for them.
 */
export function useOlderJobItemsOnServer(db: BidpilotDb = appDb()): boolean {
  return (
    useLiveQuery(async () => {
      const state = await db.syncState.get('main');
      return state?.history !== undefined && !state.history.done;
    }, [db]) ?? false
  );
}
