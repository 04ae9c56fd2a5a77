import { AGENT_DEFAULTS, type Agent, type AgentFields } from '@shared/schemas/agent';

/** An agent made on this device before the server has seen it (version 0, paused, no stats). */
export function draftAgent(input: {
  id: string;
  userId: string;
  fields: Partial<AgentFields> & Pick<AgentFields, 'title' | 'platform'>;
  now: string;
}): Agent {
  const fields: AgentFields = { ...AGENT_DEFAULTS, name: '', ...input.fields };
  return {
    ...fields,
    name: fields.name || fields.title,
    id: input.id,
    userId: input.userId,
    status: 'paused',
    active: false,
    createdAt: input.now,
    updatedAt: input.now,
    lastRun: null,
    nextRunAt: null,
    emailsSent: 0,
    jobsFound: 0,
    version: 0,
  };
}
