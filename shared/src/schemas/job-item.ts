import { z } from '../zod';
import { agentPlatformSchema, PROMPT_TEMPLATES } from './agent';
import { jobClientSchema, riskFlagSchema } from './job';
import { letterReviewSchema, screeningAnswerSchema } from './letter';
import { runSummarySchema } from './run';

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

/**
 * One message of the conversation about a sent proposal, as the marketplace shows it: who wrote it
 * (the client, or the freelancer: the connected account), when (null where the marketplace does not
 * say) and its text.
 */
export const conversationMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['client', 'freelancer']),
  at: z.string().nullable(),
  text: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

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
  /**
   * The job as posted, for the review and the bid's rules (`bidRules`): its contract type, budget
   * range (in `bidCurrency`), when it was posted and how many proposals it had when found; null on
   * items found before they were kept.
   */
  jobType: z.enum(['fixed', 'hourly']).nullable().default(null),
  budgetMin: z.number().nullable().default(null),
  budgetMax: z.number().nullable().default(null),
  postedAt: z.string().nullable().default(null),
  bidCount: z.number().int().nullable().default(null),
  /**
   * Queued by its agent, then held as a draft by a pause: resuming the agent queues it again. It does
   * not count against the day's cap while held.
   */
  heldByPause: z.boolean().default(false),
  /**
   * Written for a good job while its agent's share of the day was spent: outside the day's cap until
   * it goes out, with the next share (an auto agent) or on the user's tap.
   */
  waitingShare: z.boolean().default(false),
  /** The user changed the letter: it is theirs to send, never the agent's (a waiting draft's refill passes it over). */
  userEdited: z.boolean().default(false),
  /** `ai` when the configured model wrote the letter, `offline` for the sandbox's offline writer. */
  writer: z.string().nullable(),
  /**
   * The letter check at the time the letter was written (its problems, the post's questions and any
   * lines of the post addressed to an AI); null before a letter exists. A letter with problems is
   * held as a draft, whatever the agent's send mode.
   */
  letterReview: letterReviewSchema.nullable().default(null),
  /**
   * Upwork: the job's screening questions with the answers written for them, sent beside the letter
   * (or pasted by the user on a manual send); empty when the job asks none.
   */
  screeningAnswers: z.array(screeningAnswerSchema).default([]),
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
  /** Every message of the conversation on the marketplace, oldest first ([] until the client writes). */
  conversation: z.array(conversationMessageSchema),
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

/** The longest an approval may wait for an Undo before it goes out. */
export const APPROVE_UNDO_MAX_SECONDS = 120;

/**
 * `POST /api/job-items/{id}/approve`: send the draft (with the letter as edited, if given). With
 * `baseVersion`, the version the user reviewed: a letter changed since then answers 409.
 */
export const approveJobItemBodySchema = z
  .object({
    proposalRequirements: z.string().trim().min(1, 'The cover letter is empty').max(8000).optional(),
    /**
     * The bid as the user set it in the review (in the job's currency; an hourly rate on an hourly
     * job) and its delivery period in days: checked against the marketplace's rules for the job
     * (`shared/src/bids.ts`) and sent with the letter.
     */
    bidAmount: z.number({ error: 'The bid amount must be a number' }).positive('The bid amount must be above 0').finite().optional(),
    bidPeriodDays: z
      .number({ error: 'The delivery period must be a number of days' })
      .int('The delivery period must be a whole number of days')
      .min(1, 'The delivery period must be at least 1 day')
      .max(365, 'The delivery period must be at most 365 days')
      .optional(),
    /**
     * Seconds the approval waits before it goes out, while the user may still take it back (Undo:
     * `hold`); 0 or absent: now.
     */
    undoSeconds: z.number().int().min(0).max(APPROVE_UNDO_MAX_SECONDS).optional(),
    baseVersion: z.number().int().positive().optional(),
    baseVersions: z.record(z.string().max(64), z.number().int().nonnegative()).optional(),
  })
  .strict();
export type ApproveJobItemBody = z.infer<typeof approveJobItemBodySchema>;

/**
 * `POST /api/job-items/{id}/mark-sent`: a draft the user sent by hand on the marketplace, with the
 * letter they copied there (stored as the one sent, so what the client read is what is kept).
 */
export const markSentJobItemBodySchema = z
  .object({
    proposalRequirements: z.string().trim().min(1, 'The cover letter is empty').max(8000).optional(),
  })
  .strict();

export const jobItemResponseSchema = z.object({ success: z.literal(true), data: jobItemSchema });

/** What one run did (shared/src/schemas/run.ts). */
export { runSummarySchema, type RunSummary } from './run';
export const runResponseSchema = z.object({ success: z.literal(true), data: runSummarySchema });
