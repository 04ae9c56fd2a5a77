import { z } from '../zod';
import { agentSchema } from './agent';
import { jobItemSchema } from './job-item';
import { userSchema } from './user';
import { planIdSchema } from '../plans';

/** The version of the push/pull protocol; a client that speaks another one is told to update. */
export const SYNC_PROTOCOL_VERSION = 1;

/** What a user's plan allows now (trial, paid or free), as `GET /users/{id}/plan-limits` answers it. */
export const planLimitsSchema = z.object({
  plan: planIdSchema,
  trial: z.boolean(),
  trialEndsAt: z.string().nullable(),
  agents: z.number().int(),
  proposalsPerDay: z.number().int(),
  maxUpworkProposals: z.number().int(),
  maxFreelancerBids: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;
export const planLimitsResponseSchema = z.object({ planLimits: planLimitsSchema });

/** One changed record, latest state only: `deleted` records carry no data (a tombstone). */
export const syncChangeSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('agent'), id: z.string(), seq: z.number().int(), deleted: z.boolean(), data: agentSchema.nullable() }),
  z.object({ entity: z.literal('jobItem'), id: z.string(), seq: z.number().int(), deleted: z.boolean(), data: jobItemSchema.nullable() }),
  z.object({ entity: z.literal('profile'), id: z.string(), seq: z.number().int(), deleted: z.boolean(), data: userSchema.nullable() }),
]);
export type SyncChange = z.infer<typeof syncChangeSchema>;
export type SyncEntity = SyncChange['entity'];

export const pullQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,15})?$/, 'The cursor must be the value of an earlier nextCursor')
    .default('0'),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/**
 * `GET /api/sync/pull?since=CURSOR`: everything of the user changed after the cursor, oldest first,
 * one page at a time; `hasMore` says to ask again with `nextCursor`. Plan limits are always current.
 */
export const pullResponseSchema = z.object({
  protocolVersion: z.literal(SYNC_PROTOCOL_VERSION),
  changes: z.array(syncChangeSchema),
  nextCursor: z.string(),
  hasMore: z.boolean(),
  planLimits: planLimitsSchema,
  /**
   * The cursor was older than the changes the server still keeps (a device offline longer than the
   * retention of deletions): this page starts the user's records over from the beginning, and the
   * device drops what it holds from the server before storing it (what it has not sent yet stays).
   */
  reset: z.boolean().optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** Headers of the write protocol. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_DAYS = 7;
