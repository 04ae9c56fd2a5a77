import type { Agent, AgentStatus } from '@shared/schemas/agent';

export type AgentFilter = AgentStatus | 'all';

/** The agents whose name contains `query` (case-insensitive) and whose status passes the filter. */
export function filterAgents(agents: readonly Agent[], query: string, filter: AgentFilter): Agent[] {
  const needle = query.trim().toLocaleLowerCase();
  return agents.filter((agent) => (filter === 'all' || agent.status === filter) && agent.name.toLocaleLowerCase().includes(needle));
}
