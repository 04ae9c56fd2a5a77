import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { JobItem } from '@shared/schemas/job-item';
import { appDb } from '../db/app-db';
import type { BidpilotDb } from '../db/db';

/** An agent's jobs and proposals, newest first (an indexed range, at most `limit`). */
export function useJobItems(agentId: string | undefined, options: { limit?: number; db?: BidpilotDb } = {}): JobItem[] | undefined {
  const { limit = 50, db = appDb() } = options;
  return useLiveQuery(async () => {
    if (!agentId) return [];
    return db.jobItems
      .where('[agentId+createdAt]')
      .between([agentId, Dexie.minKey], [agentId, Dexie.maxKey])
      .reverse()
      .limit(limit)
      .toArray();
  }, [db, agentId, limit]);
}

/** How many of an agent's job items there are, and how many were sent (status completed). */
export function useJobItemCounts(agentId: string | undefined, db: BidpilotDb = appDb()): { total: number; completed: number } | undefined {
  return useLiveQuery(async () => {
    if (!agentId) return { total: 0, completed: 0 };
    const range = db.jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]);
    const [total, completed] = await Promise.all([range.count(), range.clone().filter((item) => item.status === 'completed').count()]);
    return { total, completed };
  }, [db, agentId]);
}

/** Every job item of an agent (its rates and its experiment's results are computed from them). */
export function useAllAgentJobItems(agentId: string | undefined, db: BidpilotDb = appDb()): JobItem[] | undefined {
  return useLiveQuery(async () => {
    if (!agentId) return [];
    return db.jobItems.where('[agentId+createdAt]').between([agentId, Dexie.minKey], [agentId, Dexie.maxKey]).toArray();
  }, [db, agentId]);
}
