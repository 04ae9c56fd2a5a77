/**
 * Agents' runs spread over the minute: each agent runs at a fixed offset within the minute that its
 * id decides, so agents due at the same time (09:00, when their hours start) do not all start at
 * once but one after another through that minute, and each keeps its own second day after day.
 */
const MINUTE_MS = 60_000;

/** The agent's offset within the minute, in ms (0 to 59 999): a hash of its id (FNV-1a), the same in every process. */
export function minuteOffsetMs(agentId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < agentId.length; i++) {
    hash ^= agentId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % MINUTE_MS;
}

/** The first instant at or after `at` that falls on the agent's offset within its minute (never earlier, at most a minute later). */
export function onAgentsSecond(agentId: string, at: Date): Date {
  const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  const spread = minute + minuteOffsetMs(agentId);
  return new Date(spread >= at.getTime() ? spread : spread + MINUTE_MS);
}
