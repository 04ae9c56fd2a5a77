import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { JobClient } from '@shared/schemas/job';
import type { ConversationMessage } from '@shared/schemas/job-item';
import type { LetterReview, ScreeningAnswer } from '@shared/schemas/letter';
import { PLATFORMS } from '@shared/marketplaces';
import { fieldVersions, timestamp, versioned } from './columns';
import { users } from './accounts';
import { agents } from './agents';

/** Jobs an agent picked up and the proposal for each: one per user and marketplace job. */
export const jobItems = sqliteTable(
  'job_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    clientName: text('client_name'),
    status: text('status', { enum: ['processing', 'draft', 'completed', 'failed', 'skipped'] }).notNull(),
    budget: text('budget'),
    appliedDate: timestamp('applied_date'),
    experienceLevel: text('experience_level'),
    duration: text('duration'),
    applyUrl: text('apply_url'),
    lastError: text('last_error'),
    proposalRequirements: text('proposal_requirements'),
    /** The job as found (description, link, budget) so a draft can be reviewed offline. */
    description: text('description'),
    jobUrl: text('job_url'),
    matchScore: integer('match_score'),
    matchReason: text('match_reason'),
    /** The bid: amount in the job's currency (hourly rate for hourly jobs) and delivery days. */
    bidAmount: real('bid_amount'),
    bidCurrency: text('bid_currency'),
    bidPeriodDays: integer('bid_period_days'),
    /**
     * The job as the marketplace posted it, for the review and the bid's rules: its contract type
     * (`fixed`, `hourly`), budget range in its currency, when it was posted and how many proposals
     * it had when found. Null on items found before they were kept.
     */
    jobType: text('job_type', { enum: ['fixed', 'hourly'] }),
    budgetMin: real('budget_min'),
    budgetMax: real('budget_max'),
    postedAt: timestamp('posted_at'),
    bidCount: integer('bid_count'),
    /** Who wrote the letter: the configured AI model, or the sandbox's offline writer. */
    writer: text('writer'),
    /** The letter's check when it was written: problems, the post's questions, lines addressed to an AI. */
    letterReview: text('letter_review', { mode: 'json' }).$type<LetterReview>(),
    /** Upwork: the job's screening questions and the answers written for them. */
    screeningAnswers: text('screening_answers', { mode: 'json' }).$type<ScreeningAnswer[]>(),
    /** When the proposal may go out (auto-send pacing); null for drafts waiting for review. */
    sendAfter: timestamp('send_after'),
    sentAt: timestamp('sent_at'),
    /** The marketplace's id of the proposal once it is out (Freelancer.com bid id, Upwork proposal id). */
    proposalExternalId: text('proposal_external_id'),
    /** Proposal POSTs made for this item: above 0, the marketplace is asked before any new POST. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * Where a `processing` item is: `writing` (reserved by a run, letter not saved yet), `queued`
     * (letter saved, waiting for `sendAfter`) or `sending` (claimed by one sender). `writing` and
     * `sending` carry a claim: only the holder of `claimToken` completes the step, and a claim past
     * `claimUntil` is recovered (modules/runner/recovery.ts).
     */
    stage: text('stage', { enum: ['writing', 'queued', 'sending'] }),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    /** When the user approved this proposal (it may then go out whatever the agent's status). */
    approvedAt: timestamp('approved_at'),
    /**
     * Queued by its agent and held as a draft when the agent was paused: resuming the agent queues it
     * again, and until then it does not count against the day's cap (modules/runner/caps.ts).
     */
    heldByPause: integer('held_by_pause', { mode: 'boolean' }).notNull().default(false),
    /**
     * Written for a good job while its agent's share of the day was spent (runner/pipeline.ts): a
     * draft outside the day's cap until it goes out (queued by its auto agent when the share refills,
     * or by the user's tap); such letters are bounded apart (runner/caps.ts `UsageToday.waiting*`).
     */
    waitingShare: integer('waiting_share', { mode: 'boolean' }).notNull().default(false),
    /**
     * The user changed the letter of this draft: it is theirs to send (their tap), never the agent's
     * (a waiting draft's refill passes it over, runner/waiting.ts).
     */
    userEdited: integer('user_edited', { mode: 'boolean' }).notNull().default(false),
    /** The marketplace does not let the product submit it: the user sends it by hand. */
    manualSend: integer('manual_send', { mode: 'boolean' }).notNull().default(false),
    /** What the marketplace told of the client (payment verified, rating, spend, country, hires). */
    client: text('client', { mode: 'json' }).$type<JobClient>(),
    /** What happened after sending (viewed, replied, interview, hired, lost): the user's mark or the marketplace's. */
    outcome: text('outcome'),
    /** `manual`: the user marked it (polling never overwrites it); `marketplace`: read from the marketplace. */
    outcomeSource: text('outcome_source', { enum: ['manual', 'marketplace'] }),
    /** When a client message was first seen on the marketplace, and its first line. */
    repliedAt: timestamp('replied_at'),
    clientReply: text('client_reply'),
    /** The whole conversation about the proposal as the marketplace last showed it, oldest first. */
    conversation: text('conversation', { mode: 'json' }).$type<ConversationMessage[]>(),
    /** The proposal's status as the marketplace last gave it. */
    marketStatus: text('market_status'),
    /**
     * Reading the outcome from the marketplace (modules/runner/outcomes.ts): `polling`, `done`, `expired`,
     * `unavailable`; null until the first check. `outcomeCheckAt` is when the next check is due,
     * `outcomeChecks` how many were made (the backoff), and the lease says which process holds
     * the check now (a crashed one's lease simply runs out).
     */
    outcomeTracking: text('outcome_tracking', { enum: ['polling', 'done', 'expired', 'unavailable'] }),
    outcomeCheckAt: timestamp('outcome_check_at'),
    outcomeChecks: integer('outcome_checks').notNull().default(0),
    outcomeLeaseOwner: text('outcome_lease_owner'),
    outcomeLeaseUntil: timestamp('outcome_lease_until'),
    /** The template the letter was written from, and the template experiment that assigned it. */
    promptTemplate: text('prompt_template'),
    experimentId: text('experiment_id'),
    ...versioned(),
    /** Per user-editable field (letter, outcome), the version it last changed at. */
    fieldVersions: fieldVersions(),
  },
  (t) => [
    uniqueIndex('job_items_user_job_unique').on(t.userId, t.platform, t.externalId),
    index('job_items_user_created_idx').on(t.userId, t.createdAt),
    index('job_items_send_idx').on(t.status, t.sendAfter),
    index('job_items_agent_idx').on(t.agentId, t.createdAt),
    index('job_items_claim_idx').on(t.stage, t.claimUntil),
    index('job_items_outcome_idx').on(t.status, t.outcomeTracking, t.outcomeCheckAt),
    // The dashboard's counts from the server (modules/sync/sync.ts `figures`) read these alone, not
    // the rows (a letter and a description each): every item, and those without a letter.
    index('job_items_figures_idx').on(...figureColumns(t)),
    index('job_items_figures_no_letter_idx')
      .on(...figureColumns(t))
      .where(sql`${t.proposalRequirements} is null`),
  ],
);

/** What the dashboard's counts group job items by, after their user (the figures indexes). */
function figureColumns(t: {
  userId: AnySQLiteColumn;
  agentId: AnySQLiteColumn;
  platform: AnySQLiteColumn;
  promptTemplate: AnySQLiteColumn;
  status: AnySQLiteColumn;
  outcome: AnySQLiteColumn;
  outcomeSource: AnySQLiteColumn;
  repliedAt: AnySQLiteColumn;
  sentAt: AnySQLiteColumn;
}) {
  return [t.userId, t.agentId, t.platform, t.promptTemplate, t.status, t.outcome, t.outcomeSource, t.repliedAt, t.sentAt] as const;
}

/**
 * Jobs the user's agents have seen, once per user and marketplace job, credited to the agent that
 * saw it first: an agent's "jobs found" counts distinct jobs, not every search's answer again.
 */
export const seenJobs = sqliteTable(
  'seen_jobs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    externalId: text('external_id').notNull(),
    agentId: text('agent_id'),
    firstSeenAt: timestamp('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform, t.externalId] })],
);

export type JobItemRow = typeof jobItems.$inferSelect;

/** Cover letters written per user per local day, for the plan's daily quota. */
export const coverLetterUsage = sqliteTable(
  'cover_letter_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * What the user decided on a scored job (approve, edit then approve, discard) and what came of it
 * (replied, won, lost): the signals the per-user matching model learns from (shared/src/matching/
 * learner.ts). One decision and one outcome per job item; `features` is what the job scored as.
 */
export const matchSignals = sqliteTable(
  'match_signals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobItemId: text('job_item_id').notNull(),
    slot: text('slot', { enum: ['decision', 'outcome'] }).notNull(),
    kind: text('kind', { enum: ['approved', 'edited', 'discarded', 'replied', 'won', 'lost'] }).notNull(),
    features: text('features', { mode: 'json' }).$type<{ d: number[]; s: string[]; m: string | null }>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('match_signals_item_slot_unique').on(t.userId, t.jobItemId, t.slot),
    index('match_signals_user_idx').on(t.userId, t.updatedAt),
  ],
);

export type MatchSignalRow = typeof matchSignals.$inferSelect;
