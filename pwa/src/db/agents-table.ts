import type { Agent } from '@shared/schemas/agent';

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
