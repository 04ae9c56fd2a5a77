import type { Agent, AgentFields, AgentStatus } from '@shared/schemas/agent';
import { sameValue } from '@shared/sync/field-merge';
import { draftAgent } from './agent-draft';
import { applyFields } from './agent-rebase';
import type { BidpilotDb } from './db';
import type { AgentRow } from './agents-table';
import { agentOf } from './agents-table';
import type { AgentOutboxEntry, OutboxEntry, OutboxPayloads } from './outbox-table';

export type NewAgentFields = OutboxPayloads['create'];

export interface AgentRepositoryDeps {
  db: BidpilotDb;
  /** The signed-in user (owner of agents made here). */
  userId: string;
  uuid?: () => string;
  now?: () => number;
  /** Called after each committed write (the app asks for a sync and registers Background Sync). */
  onWrite?: (entry: OutboxEntry) => void;
}

/**
 * What the user saw when they made a change: the agent as the form (or the list) showed it,
 * version included. Only the fields that differ from it are sent, with its version as the base.
 */
export type SeenAgent = Partial<Agent> & Pick<Agent, 'version'>;

/** The agent writes the screens make: each changes the local record and queues it, atomically. */
export interface AgentRepository {
  /** A new agent with a client-made UUID (or the given one), usable (editable, deletable) before it syncs. */
  createAgent(fields: NewAgentFields, id?: string): Promise<Agent>;
  /**
   * Changes the fields the user changed: those of `patch` that differ from what they saw (`seen`,
   * the agent as the form was opened on; the current record when not given), sent with the
   * version they saw as the base. Throws AGENT_NOT_FOUND for an unknown agent.
   */
  updateAgent(id: string, patch: Partial<AgentFields>, seen?: SeenAgent): Promise<Agent>;
  setAgentStatus(id: string, status: AgentStatus, seen?: SeenAgent): Promise<Agent>;
  /** Hides the agent at once; the record goes for good when the server confirms. */
  deleteAgent(id: string): Promise<void>;
}

export const AGENT_NOT_FOUND = 'Agent not found';

/** The base of a change made on `seen`: its server version (none when it had not reached the server yet). */
const seenBase = (seen: SeenAgent): number | null => (seen.version > 0 ? seen.version : null);

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createAgentRepository(deps: AgentRepositoryDeps): AgentRepository {
  const { db, userId } = deps;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const now = deps.now ?? Date.now;

  function entry<Op extends AgentOutboxEntry['op']>(
    op: Op,
    row: AgentRow,
    payload: OutboxPayloads[Op],
    at: number,
    seen?: SeenAgent,
  ): OutboxEntry {
    const keys = Object.keys(payload);
    return {
      id: uuid(),
      entity: 'agent',
      entityId: row.id,
      op,
      payload,
      baseVersion: seen ? seenBase(seen) : row.server ? row.server.version : null,
      ...(seen && keys.length > 0 ? { seen: Object.fromEntries(keys.map((key) => [key, (seen as Record<string, unknown>)[key]])) } : {}),
      createdAt: at,
      attempts: 0,
      lastError: null,
      state: 'pending',
    } as OutboxEntry;
  }

  /** Runs `change` on the live record and appends its outbox entry in one transaction. */
  async function write(id: string, change: (row: AgentRow, at: number) => { row: AgentRow | null; entry: OutboxEntry | null }) {
    const result = await db.transaction('rw', db.agents, db.outbox, async () => {
      const row = await db.agents.get(id);
      if (!row || row.pendingDelete) throw new Error(AGENT_NOT_FOUND);
      const at = now();
      const next = change(row, at);
      if (next.entry) {
        if (next.row) await db.agents.put(next.row);
        await db.outbox.add(next.entry);
      }
      return { row: next.row ?? row, entry: next.entry };
    });
    if (result.entry) deps.onWrite?.(result.entry);
    return result.row;
  }

  return {
    async createAgent(fields, givenId) {
      const at = now();
      const id = givenId ?? uuid();
      const payload = defined(fields) as NewAgentFields;
      const row: AgentRow = {
        ...draftAgent({ id, userId, fields: payload, now: new Date(at).toISOString() }),
        server: null,
        pendingDelete: false,
      };
      const created = entry('create', row, payload, at);
      await db.transaction('rw', db.agents, db.outbox, async () => {
        await db.agents.add(row);
        await db.outbox.add(created);
      });
      deps.onWrite?.(created);
      return agentOf(row);
    },

    async updateAgent(id, patch, seen) {
      const row = await write(id, (current, at) => {
        const shown = (seen ?? current) as unknown as Record<string, unknown>;
        const changes = Object.fromEntries(
          Object.entries(defined(patch)).filter(([key, value]) => !sameValue(shown[key], value)),
        ) as Partial<AgentFields>;
        if (Object.keys(changes).length === 0) return { row: null, entry: null };
        const next = { ...(applyFields(current, changes) as AgentRow), updatedAt: new Date(at).toISOString() };
        return { row: next, entry: entry('update', current, changes, at, seen ?? current) };
      });
      return agentOf(row);
    },

    async setAgentStatus(id, status, seen) {
      const row = await write(id, (current, at) => {
        if (current.status === status) return { row: null, entry: null };
        const next = { ...(applyFields(current, { status }) as AgentRow), updatedAt: new Date(at).toISOString() };
        return { row: next, entry: entry('status', current, { status }, at, seen ?? current) };
      });
      return agentOf(row);
    },

    async deleteAgent(id) {
      await write(id, (current, at) => ({ row: { ...current, pendingDelete: true }, entry: entry('delete', current, {}, at) }));
    },
  };
}
