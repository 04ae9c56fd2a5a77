import type { AgentFields } from '@shared/schemas/agent';

/**
 * An agent the server refused to create (the plan's limit reached on another device meanwhile, a
 * value it does not accept): kept on this device with everything the user typed, to save again
 * (after making room), export or discard. Never removed without the user asking.
 */
export interface KeptDraft {
  /** The agent's client-made id (kept when it is saved again). */
  id: string;
  userId: string;
  name: string;
  fields: AgentFields;
  /** Why the server refused it (its error code and English message). */
  reason: { code: string; message: string };
  keptAt: number;
}
