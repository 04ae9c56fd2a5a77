import { AGENT_DEFAULTS, type Agent } from '@shared/schemas/agent';

/** An active agent as the API answers it (user `u1`, never run), for tests of the runner's pure parts. */
export function makeAgent(over: Partial<Agent> = {}): Agent {
  return {
    ...AGENT_DEFAULTS,
    id: 'a1',
    userId: 'u1',
    name: 'React jobs',
    title: 'React developer',
    platform: 'upwork',
    status: 'active',
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastRun: null,
    nextRunAt: null,
    emailsSent: 0,
    jobsFound: 0,
    version: 1,
    ...over,
  };
}
