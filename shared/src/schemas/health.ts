import { z } from '../zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  sandbox: z.boolean(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** What a process runs (ROLE): both, the HTTP API only, or the scheduled work only. */
export const processRoleSchema = z.enum(['all', 'api', 'runner']);
export type ProcessRole = z.infer<typeof processRoleSchema>;

/**
 * Readiness for a load balancer: `ready` (200) while this process takes new work; `not_ready` (503)
 * while it shuts down, or when its database cannot be read or lacks a migration this code needs.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  role: processRoleSchema,
  database: z.enum(['ok', 'unreachable', 'behind']),
  shuttingDown: z.boolean(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
