import { useAgents } from './use-agents';
import { usePlanLimits } from './use-plan-limits';

/** How many agents the plan allows and how many there are here (unsent ones counted). */
export interface AgentRoom {
  used: number;
  /** The plan's number; null before the first sync (the server checks then). */
  limit: number | null;
  /** No room for another agent. */
  full: boolean;
}

/** The plan's agent limit against the agents on this device; undefined while loading. */
export function useAgentRoom(): AgentRoom | undefined {
  const agents = useAgents();
  const limits = usePlanLimits();
  if (agents === undefined || limits === undefined) return undefined;
  const limit = limits?.agents ?? null;
  return { used: agents.length, limit, full: limit !== null && agents.length >= limit };
}
