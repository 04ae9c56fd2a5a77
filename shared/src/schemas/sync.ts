import { z } from '../zod';
import { agentPlatformSchema, agentSchema, PROMPT_TEMPLATES } from './agent';
import { jobItemOutcomeSchema, jobItemSchema, jobItemStatusSchema, OUTCOME_SOURCES } from './job-item';
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

/**
 * `GET /api/sync/start`: what a device without the user's data shows first, in one answer: the
 * profile, the agents and the plan, as of the change-log position `cursor` or later. The device
 * stores them with `cursor` as its pull cursor (every later change comes through `GET /sync/pull`),
 * then fetches the job items logged up to `cursor` from `GET /sync/history`, newest first, as it
 * goes (`jobItems` of them in all).
 */
export const syncStartResponseSchema = z.object({
  protocolVersion: z.literal(SYNC_PROTOCOL_VERSION),
  cursor: z.string(),
  profile: userSchema,
  agents: z.array(agentSchema),
  planLimits: planLimitsSchema,
  jobItems: z.number().int(),
});
export type SyncStartResponse = z.infer<typeof syncStartResponseSchema>;

const cursorValue = z.string().regex(/^\d{1,15}(\.\d{1,15})?$/, 'upTo must be the cursor of GET /sync/start');

export const historyQuerySchema = z.object({
  /** The `cursor` of `GET /sync/start`: job items whose last change is at or before it. */
  upTo: cursorValue,
  /** The `nextBefore` of the page before (none: the newest first). */
  before: z
    .string()
    .regex(/^\d{1,15}:[\w-]{1,64}$/, 'before must be the value of an earlier nextBefore')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/**
 * `GET /api/sync/history`: the user's job items as of the change-log position `upTo`, newest first
 * (by creation), a page at a time: those changed or deleted after `upTo` are left to the pull,
 * which brings their later state. `nextBefore` asks for the page after.
 */
export const historyResponseSchema = z.object({
  protocolVersion: z.literal(SYNC_PROTOCOL_VERSION),
  jobItems: z.array(jobItemSchema),
  nextBefore: z.string().nullable(),
  hasMore: z.boolean(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const figuresQuerySchema = z.object({
  /** The device's current month, as two instants: the proposals sent in it are counted apart. */
  monthStart: z.iso.datetime({ offset: true }),
  monthEnd: z.iso.datetime({ offset: true }),
});

/**
 * The user's job items as the dashboard counts them, grouped by everything its figures read (so a
 * device that holds only part of them shows the server's counts): each group with its `count`.
 */
export const figureGroupSchema = z.object({
  agentId: z.string().nullable(),
  platform: agentPlatformSchema,
  promptTemplate: z.enum(PROMPT_TEMPLATES).nullable(),
  status: jobItemStatusSchema,
  outcome: jobItemOutcomeSchema.nullable(),
  outcomeSource: z.enum(OUTCOME_SOURCES).nullable(),
  /** A client reply was seen (`repliedAt` set). */
  replied: z.boolean(),
  /** The item has a letter (`proposalRequirements` set). */
  letter: z.boolean(),
  /** Sent within the month the query named. */
  sentThisMonth: z.boolean(),
  count: z.number().int(),
});
export type FigureGroup = z.infer<typeof figureGroupSchema>;
export const figuresResponseSchema = z.object({ groups: z.array(figureGroupSchema), total: z.number().int() });
export type FiguresResponse = z.infer<typeof figuresResponseSchema>;

/** Headers of the write protocol. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_DAYS = 7;
