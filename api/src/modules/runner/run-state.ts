import { eq } from 'drizzle-orm';
import type { AgentRun } from '@shared/schemas/run';
import type { Tx } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { updateSynced } from '../../store/synced-writes';

export const NO_RUN: AgentRun = { running: null, last: null, held: null };

/**
 * Writes part of an agent's run state (the run under way, the last run, a hold), as a new version
 * of the agent with its change, inside `tx`: the agent page learns of it at its next sync.
 * `update` is given the state as stored.
 */
export async function saveRunState(tx: Tx, agentId: string, update: (current: AgentRun) => Partial<AgentRun>, now: Date): Promise<void> {
  const { agents } = tablesOf(tx);
  const row = await first(tx.select({ runState: agents.runState }).from(agents).where(eq(agents.id, agentId)).limit(1));
  if (!row) return;
  const current = row.runState ?? NO_RUN;
  const next = { ...current, ...update(current) };
  await updateSynced(tx, 'agents', { runState: next }, (table) => eq(table.id, agentId), now);
}

/** The stored run state of an agent (committed), for a run that starts. */
export async function readRunState(store: Store, agentId: string): Promise<AgentRun> {
  const { agents } = tablesOf(store.db);
  const row = await first(store.db.select({ runState: agents.runState }).from(agents).where(eq(agents.id, agentId)).limit(1));
  return row?.runState ?? NO_RUN;
}

/**
 * What a run that ends leaves of the run shown under way: a Run now queued behind it (pressed
 * meanwhile) stays shown until it starts; anything else is over.
 */
export function afterRun(running: AgentRun['running']): AgentRun['running'] {
  return running?.queued ? running : null;
}
