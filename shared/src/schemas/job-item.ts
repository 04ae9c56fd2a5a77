import { z } from '../zod';
import { agentPlatformSchema, PROMPT_TEMPLATES } from './agent';
import { jobClientSchema, riskFlagSchema } from './job';

/**
 * One marketplace job an agent picked up, and the proposal written for it. Unique per user and
 * marketplace job, created before anything is sent.
 */
export const JOB_ITEM_STATUSES = ['processing', 'draft', 'completed', 'failed', 'skipped'] as const;
export const jobItemStatusSchema = z.enum(JOB_ITEM_STATUSES);
export type JobItemStatus = z.infer<typeof jobItemStatusSchema>;

/** What happened after a proposal was sent (by the user's mark, or read from the marketplace). */
export const JOB_ITEM_OUTCOMES = ['viewed', 'replied', 'interview', 'hired', 'lost'] as const;
export const jobItemOutcomeSchema = z.enum(JOB_ITEM_OUTCOMES);
export type JobItemOutcomeValue = z.infer<typeof jobItemOutcomeSchema>;

/** Who set the outcome: the user (an override the marketplace never changes) or the marketplace. */
export const OUTCOME_SOURCES = ['manual', 'marketplace'] as const;

/**
 * Reading the outcome from the marketplace: `polling` (it may still change), `done` (final: won,
 * lost, withdrawn, closed), `expired` (30 days passed) or `unavailable` (the connection does not
 * allow reading it; the user's own mark is all there is).
 */
export const OUTCOME_TRACKING = ['polling', 'done', 'expired', 'unavailable'] as const;

export const jobItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  agentId: z.string().nullable(),
  platform: agentPlatformSchema,
  externalId: z.string(),
  title: z.string(),
  clientName: z.string().nullable(),
  status: jobItemStatusSchema,
  budget: z.string().nullable(),
  appliedDate: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  duration: z.string().nullable(),
  applyUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  proposalRequirements: z.string().nullable(),
  description: z.string().nullable(),
  jobUrl: z.string().nullable(),
  matchScore: z.number().int().nullable(),
  matchReason: z.string().nullable(),
  /**
   * The job's red flags, read from its stored reason (empty: none). A flagged item is held as a
   * draft, never sent unless the user approves it, and never counts against the daily cap.
   */
  riskFlags: z.array(riskFlagSchema).default([]),
  bidAmount: z.number().nullable(),
  bidCurrency: z.string().nullable(),
  bidPeriodDays: z.number().int().nullable(),
  /** `ai` when the configured model wrote the letter, `offline` for the sandbox's offline writer. */
  writer: z.string().nullable(),
  sendAfter: z.string().nullable(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  /**
   * Where a `processing` proposal is: `writing` (its letter is being written), `queued` (goes out
   * at `sendAfter`; the user may hold or cancel it) or `sending` (going out now).
   */
  stage: z.enum(['writing', 'queued', 'sending']).nullable(),
  /** When the user approved it (an approved proposal goes out even if its agent is paused). */
  approvedAt: z.string().nullable(),
  /** The marketplace does not let Bidpilot submit it: the user sends it from the marketplace. */
  manualSend: z.boolean(),
  /** What the marketplace said of the client, when it said anything. */
  client: jobClientSchema.nullable(),
  /** The marketplace's id of the proposal once sent. */
  proposalExternalId: z.string().nullable(),
  outcome: jobItemOutcomeSchema.nullable(),
  outcomeSource: z.enum(OUTCOME_SOURCES).nullable(),
  /** When the marketplace first showed a message from the client, and its first line. */
  repliedAt: z.string().nullable(),
  clientReply: z.string().nullable(),
  /** The proposal's status as the marketplace last gave it (e.g. `Offered`, `award_status:pending`). */
  marketStatus: z.string().nullable(),
  outcomeTracking: z.enum(OUTCOME_TRACKING).nullable(),
  /** The template the letter was written from, and the experiment that assigned it (if any). */
  promptTemplate: z.enum(PROMPT_TEMPLATES).nullable(),
  experimentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

/**
 * The `lastError` of an Upwork draft waiting to be sent by hand (the key may not submit proposals,
 * decisions.md); the PWA recognises these drafts by it.
 */
export const MANUAL_SEND_NOTE = 'Send this proposal from Upwork: open the job, paste the letter and submit.';

export const jobItemListResponseSchema = z.object({ data: z.array(jobItemSchema) });

/**
 * `PUT /api/job-items/{id}`: edit a draft's letter, or mark what happened after sending. With
 * `baseVersion`, a field changed on the server since then (and set here to another value) answers 409.
 */
export const updateJobItemBodySchema = z
  .object({
    proposalRequirements: z.string().trim().min(1, 'The cover letter is empty').max(8000, 'Must be at most 8000 characters'),
    outcome: jobItemOutcomeSchema.nullable(),
    baseVersion: z.number().int().positive(),
    /** Per field, the version it was seen at (instead of `baseVersion`). */
    baseVersions: z.record(z.string().max(64), z.number().int().nonnegative()),
  })
  .partial()
  .strict();
export type UpdateJobItemBody = z.infer<typeof updateJobItemBodySchema>;

/**
 * `POST /api/job-items/{id}/approve`: send the draft (with the letter as edited, if given). With
 * `baseVersion`, the version the user reviewed: a letter changed since then answers 409.
 */
export const approveJobItemBodySchema = z
  .object({
    proposalRequirements: z.string().trim().min(1, 'The cover letter is empty').max(8000).optional(),
    baseVersion: z.number().int().positive().optional(),
    baseVersions: z.record(z.string().max(64), z.number().int().nonnegative()).optional(),
  })
  .strict();

export const jobItemResponseSchema = z.object({ success: z.literal(true), data: jobItemSchema });

/** `POST /api/automations/{id}/run`: what one run did. */
export const runSummarySchema = z.object({
  agentId: z.string(),
  /** Why the run did nothing, when it did nothing. */
  skipped: z.enum(['inactive', 'outside_hours', 'cap_reached', 'search_failed']).optional(),
  reason: z.string().optional(),
  /** Jobs the search found that the user did not have yet (after the client filters). */
  found: z.number().int(),
  /** New jobs whose client failed one of the agent's client filters (not in `found`). */
  clientFiltered: z.number().int().default(0),
  queued: z.number().int(),
  drafts: z.number().int(),
  /** Jobs that would have passed but raise a red flag: held as drafts for the user, outside the daily cap. */
  flagged: z.number().int().default(0),
  failed: z.number().int(),
  /** Jobs passed over as poor matches: outside the agent's rates or under its minimum match score. */
  poorMatch: z.number().int(),
  /** Found jobs left for a later run: over the daily cap, or no cover letters left today. */
  overCap: z.number().int(),
  quota: z.number().int(),
  nextRunAt: z.string(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;
export const runResponseSchema = z.object({ success: z.literal(true), data: runSummarySchema });
