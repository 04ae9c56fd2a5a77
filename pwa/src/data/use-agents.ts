import { useLiveQuery } from 'dexie-react-hooks';
import type { Agent, AgentStatus } from '@shared/schemas/agent';
import { appDb } from './app-db';
import { agentOf } from './agents-table';
import type { BidpilotDb } from './db';
import type { KeptDraft } from './kept-drafts-table';

export interface AgentListOptions {
  status?: AgentStatus;
  /** `createdAt` (newest first, the default), `updatedAt` (latest change first) or `name` (A to Z). */
  sort?: 'createdAt' | 'updatedAt' | 'name';
  db?: BidpilotDb;
}

/** The user's agents from IndexedDB, unsent changes included; updates live. Undefined while loading. */
export function useAgents(options: AgentListOptions = {}): Agent[] | undefined {
  const { status, sort = 'createdAt', db = appDb() } = options;
  return useLiveQuery(async () => {
    const rows = status ? await db.agents.where('status').equals(status).sortBy(sort) : await db.agents.orderBy(sort).toArray();
    const list = rows.filter((row) => !row.pendingDelete).map(agentOf);
    return sort === 'name' ? list : list.reverse();
  }, [db, status, sort]);
}

/** One agent (null when there is none, or it was deleted); undefined while loading. */
export function useAgent(id: string | undefined, db: BidpilotDb = appDb()): Agent | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null;
    const row = await db.agents.get(id);
    return row && !row.pendingDelete ? agentOf(row) : null;
  }, [db, id]);
}

/** Whether this agent has changes not yet on the server (for a "waiting to sync" badge). */
export function useAgentPending(id: string | undefined, db: BidpilotDb = appDb()): boolean {
  return useLiveQuery(async () => (id ? (await db.outbox.where('entityId').equals(id).count()) > 0 : false), [db, id]) ?? false;
}

/** The agents the server refused to create, kept on this device, newest first; undefined while loading. */
export function useKeptDrafts(db: BidpilotDb = appDb()): KeptDraft[] | undefined {
  return useLiveQuery(async () => (await db.keptDrafts.orderBy('keptAt').toArray()).reverse(), [db]);
}

/** One kept draft (null when there is none); undefined while loading. */
export function useKeptDraft(id: string | undefined, db: BidpilotDb = appDb()): KeptDraft | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.keptDrafts.get(id)) ?? null) : null), [db, id]);
}
