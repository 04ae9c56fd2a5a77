import type { Auth, ModuleContext, ModuleParts } from '../context';
import { AgentService } from './agents';
import { experimentRoutes } from './experiment-routes';
import { agentRoutes } from './routes';

/** Agents: the user's job agents and their template experiments; a change wakes the runner. */
export function agentsModule(ctx: ModuleContext, { auth }: { auth: Auth }) {
  const { store, clock, wakeups, idempotency } = ctx;
  const agents = new AgentService({ store, clock, wake: () => wakeups.signal('agents') });
  return {
    agents,
    routes: [agentRoutes({ agents, idempotency, requireAuth: auth }), experimentRoutes({ store, agents, requireAuth: auth })],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type AgentsModule = ReturnType<typeof agentsModule>;
