import type { Agent, AgentFields } from '@shared/schemas/agent';

/**
 * One agent as the screens show it: the server's record with the user's unsent changes on top.
 * `server` is the record as the server last confirmed it, so a refused change can be undone
 * without the network; it is null while an agent created here has not reached the server.
 */
export interface AgentRow extends Agent {
  server: Agent | null;
  /** Deleted here; hidden from the screens until the server confirms (or refuses) the deletion. */
  pendingDelete: boolean;
}

/** The agent without the local bookkeeping. */
export function agentOf(row: AgentRow): Agent {
  const { server: _server, pendingDelete: _pendingDelete, ...agent } = row;
  return agent;
}

/** The keys of an agent that are the server's bookkeeping, not fields the user sets. */
const NOT_FIELDS = new Set([
  'id',
  'userId',
  'status',
  'active',
  'createdAt',
  'updatedAt',
  'lastRun',
  'nextRunAt',
  'emailsSent',
  'jobsFound',
  'version',
  // The runner's record of its runs (the run under way, the last one, a hold): never the user's to set.
  'run',
]);

/** Every user-set field of an agent (what the wizard edits). Zod-free: the service worker runs it. */
export function agentFieldsOf(agent: Agent): AgentFields {
  return Object.fromEntries(Object.entries(agent).filter(([key]) => !NOT_FIELDS.has(key))) as AgentFields;
}
