import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { JobClient } from '@shared/schemas/job';
import { PLATFORMS } from '@shared/marketplaces';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    platformType: text('platform_type', { enum: PLATFORMS }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    skills: text('skills', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    portfolioLinks: text('portfolio_links', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    upworkProfileComplete: integer('upwork_profile_complete', { mode: 'boolean' }).notNull().default(false),
    freelancerProfileComplete: integer('freelancer_profile_complete', { mode: 'boolean' }).notNull().default(false),
    language: text('language').notNull().default('en'),
    timeZone: text('time_zone'),
    /** The freelancer's own title and overview: every agent's letters and matching can use them. */
    profileTitle: text('profile_title'),
    profileOverview: text('profile_overview'),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    version: integer('version').notNull().default(1),
    /** The version at which each profile field last changed (absent: at or before version 1), for per-field conflicts. */
    fieldVersions: text('field_versions', { mode: 'json' }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_referral_code_unique').on(t.referralCode)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    lastUsedAt: timestamp('last_used_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Six-digit codes for email verification and password reset; only their keyed hash is kept. */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at'),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Job agents. The user-editable fields are one validated JSON document (shared/src/schemas/agent.ts);
 * `fieldVersions` records the version at which each field last changed, for per-field conflicts.
 */
export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'paused'] }).notNull(),
    fields: text('fields', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    fieldVersions: text('field_versions', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    lastRun: timestamp('last_run'),
    emailsSent: integer('emails_sent').notNull().default(0),
    jobsFound: integer('jobs_found').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** The runner: when the agent is next due, and the lease of the process running it now. */
    nextRunAt: timestamp('next_run_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
  },
  (t) => [index('agents_user_idx').on(t.userId, t.createdAt), index('agents_due_idx').on(t.status, t.nextRunAt)],
);

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
    /** Who wrote the letter: the configured AI model, or the sandbox's offline writer. */
    writer: text('writer'),
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
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    version: integer('version').notNull().default(1),
    /** The version at which the user-editable fields (letter, outcome) last changed, for per-field conflicts. */
    fieldVersions: text('field_versions', { mode: 'json' }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
  },
  (t) => [
    uniqueIndex('job_items_user_job_unique').on(t.userId, t.platform, t.externalId),
    index('job_items_user_created_idx').on(t.userId, t.createdAt),
    index('job_items_send_idx').on(t.status, t.sendAfter),
    index('job_items_agent_idx').on(t.agentId, t.createdAt),
    index('job_items_claim_idx').on(t.stage, t.claimUntil),
    index('job_items_outcome_idx').on(t.status, t.outcomeTracking, t.outcomeCheckAt),
  ],
);

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

/**
 * The global change sequence: the latest change of each user-owned record, numbered in commit
 * order. A deleted record keeps its row here as a tombstone so pulls learn of the delete.
 */
export const changeLog = sqliteTable(
  'change_log',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    entity: text('entity', { enum: ['agent', 'jobItem', 'profile'] }).notNull(),
    entityId: text('entity_id').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    changedAt: timestamp('changed_at').notNull(),
  },
  // One row per record per user: a user reusing an id another user deleted never touches that user's tombstone.
  (t) => [index('change_log_user_seq_idx').on(t.userId, t.seq), uniqueIndex('change_log_user_entity_unique').on(t.userId, t.entity, t.entityId)],
);

/** Answers of writes made with an Idempotency-Key, replayed to a retry of the same key. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type AgentRow = typeof agents.$inferSelect;
export type JobItemRow = typeof jobItems.$inferSelect;

/**
 * A user's connection to a marketplace: OAuth tokens or the credentials form of the specification,
 * sealed with AES-256-GCM (kernel/crypto-box.ts) and never returned by any endpoint.
 */
export const marketplaceAccounts = sqliteTable(
  'marketplace_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** `oauth`: tokens from the authorization-code flow; `credentials`: the Upwork setup form. */
    kind: text('kind', { enum: ['oauth', 'credentials'] }).notNull(),
    secret: text('secret').notNull(),
    externalUserId: text('external_user_id'),
    username: text('username'),
    profileUrl: text('profile_url'),
    accessExpiresAt: timestamp('access_expires_at'),
    connectedAt: timestamp('connected_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('marketplace_accounts_user_platform_kind_unique').on(t.userId, t.platform, t.kind)],
);

/** One pending OAuth round trip: who started it, for which agent, and where to return. */
export const oauthStates = sqliteTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: PLATFORMS }).notNull(),
  agentId: text('agent_id'),
  returnTo: text('return_to').notNull(),
  createdAt: timestamp('created_at').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  usedAt: timestamp('used_at'),
});

/* Billing (modules/billing/subscriptions.ts, payments.ts, referrals.ts). Amounts are integers in the smallest unit. */

const PLAN_ENUM = ['free', 'basic', 'pro', 'premium'] as const;
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'non_renewing', 'grace', 'free'] as const;

/** One per user: the plan in force and the state of its billing (created lazily with the trial). */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLAN_ENUM }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD'] }),
    /** The plan's full price per period in `currency`, smallest unit (the discount is per payment). */
    amount: integer('amount'),
    trialStartedAt: timestamp('trial_started_at').notNull(),
    trialEndsAt: timestamp('trial_ends_at').notNull(),
    currentPeriodStart: timestamp('current_period_start'),
    currentPeriodEnd: timestamp('current_period_end'),
    graceEndsAt: timestamp('grace_ends_at'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    providerSubscriptionCode: text('provider_subscription_code'),
    /** Paystack's email_token, sealed (kernel/crypto-box.ts): it can disable the subscription. */
    providerEmailToken: text('provider_email_token'),
    providerCustomerCode: text('provider_customer_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    lastPaymentAt: timestamp('last_payment_at'),
    /** A plan that takes over at `scheduledAt` (a downgrade at the period end, or a lower plan paid ahead). */
    scheduledPlan: text('scheduled_plan', { enum: ['basic', 'pro', 'premium'] }),
    scheduledAt: timestamp('scheduled_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('subscriptions_customer_idx').on(t.providerCustomerCode), index('subscriptions_provider_code_idx').on(t.providerSubscriptionCode)],
);

/** Every state change of a subscription: when it took effect, why, and what caused it. */
export const subscriptionEvents = sqliteTable(
  'subscription_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    recordedAt: timestamp('recorded_at').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromPlan: text('from_plan'),
    toPlan: text('to_plan').notNull(),
    reason: text('reason').notNull(),
    /** The payment reference or provider subscription code behind the change, when there is one. */
    subject: text('subject'),
  },
  (t) => [index('subscription_events_user_idx').on(t.userId, t.id), index('subscription_events_subject_idx').on(t.subject)],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    plan: text('plan', { enum: PLAN_ENUM }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD'] }).notNull(),
    amount: integer('amount').notNull(),
    discount: integer('discount', { mode: 'boolean' }).notNull().default(false),
    /**
     * refunding: claimed for a refund (it paid for a change that no longer applied); refunded: given
     * back (Paystack has it); refund_failed: Paystack could not give it back, a person must.
     */
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned', 'refunding', 'refunded', 'refund_failed'] }).notNull(),
    /** checkout: started by the user; renewal: charged by the provider's subscription. */
    kind: text('kind', { enum: ['checkout', 'renewal'] }).notNull(),
    planChange: integer('plan_change', { mode: 'boolean' }).notNull().default(false),
    /** What a checkout pays for (modules/billing/payments/plan-change.ts): subscribe, renew, prepay or upgrade. */
    changeKind: text('change_kind', { enum: ['subscribe', 'renew', 'prepay', 'upgrade'] }),
    /** The subscription the quote was made against; a charge is applied only while it still holds. */
    changeBasis: text('change_basis'),
    /** The claim of one change (kind, basis, plan, amount): one open checkout each. */
    changeKey: text('change_key'),
    /** Paystack's checkout page of a pending checkout, handed out again for the same change. */
    checkoutUrl: text('checkout_url'),
    channel: text('channel'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: timestamp('paid_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_reference_unique').on(t.reference),
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_open_change_unique').on(t.userId, t.changeKey).where(sql`${t.status} = 'pending' and ${t.changeKey} is not null`),
  ],
);

/** Webhook events already handled, by a key stable across the provider's retries (dedupe). */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    key: text('key').primaryKey(),
    event: text('event').notNull(),
    subject: text('subject'),
    userId: text('user_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at').notNull(),
  },
  (t) => [index('webhook_events_subject_idx').on(t.subject, t.event)],
);

/** The provider's plan code for each paid plan and currency (created on first use). */
export const providerPlans = sqliteTable(
  'provider_plans',
  {
    plan: text('plan', { enum: PLAN_ENUM }).notNull(),
    currency: text('currency', { enum: ['NGN', 'USD'] }).notNull(),
    amount: integer('amount').notNull(),
    planCode: text('plan_code').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan, t.currency, t.amount] }), uniqueIndex('provider_plans_code_unique').on(t.planCode)],
);

/** The referral discount: earned at three paid referrals, spent by one payment. */
export const referralRewards = sqliteTable('referral_rewards', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  percent: integer('percent').notNull(),
  earnedAt: timestamp('earned_at').notNull(),
  consumedReference: text('consumed_reference'),
  consumedAt: timestamp('consumed_at'),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** What happened, for the dashboard's recent activity: runs, proposals sent or failed, drafts, payments. */
export const activityLog = sqliteTable(
  'activity_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    agentId: text('agent_id'),
    jobItemId: text('job_item_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('activity_log_user_idx').on(t.userId, t.id)],
);

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

/** A browser's push subscription (one per device). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at').notNull(),
    lastSuccessAt: timestamp('last_success_at'),
  },
  // Keyed by (user, endpoint): knowing another user's endpoint gives no hold on their row.
  (t) => [uniqueIndex('push_subscriptions_user_endpoint_unique').on(t.userId, t.endpoint), index('push_subscriptions_endpoint_idx').on(t.endpoint)],
);

/** Which notices a user wants, per event kind (all on by default). */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  proposalSent: integer('proposal_sent', { mode: 'boolean' }).notNull().default(true),
  draftWaiting: integer('draft_waiting', { mode: 'boolean' }).notNull().default(true),
  proposalFailed: integer('proposal_failed', { mode: 'boolean' }).notNull().default(true),
  clientReplied: integer('client_replied', { mode: 'boolean' }).notNull().default(true),
  updatedAt: timestamp('updated_at').notNull(),
  /** 0 while the user has the defaults; each change adds one. */
  version: integer('version').notNull().default(0),
  /** The version at which each setting last changed, for per-field conflicts. */
  fieldVersions: text('field_versions', { mode: 'json' }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
});

/** A Telegram account linked through the Login Widget; it can sign in and receive notices. */
export const telegramAccounts = sqliteTable(
  'telegram_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramId: text('telegram_id').notNull(),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    /** Send the same notices as push through the bot. */
    notify: integer('notify', { mode: 'boolean' }).notNull().default(false),
    linkedAt: timestamp('linked_at').notNull(),
  },
  (t) => [uniqueIndex('telegram_accounts_telegram_id_unique').on(t.telegramId)],
);

/** Login Widget answers already used: a replayed hash is refused. */
export const telegramLogins = sqliteTable('telegram_logins', {
  hash: text('hash').primaryKey(),
  usedAt: timestamp('used_at').notNull(),
});

/** A user's résumé: the file's facts, its extracted text, and the details filled from it. */
export const resumes = sqliteTable('resumes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  text: text('text').notNull(),
  details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  uploadedAt: timestamp('uploaded_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});

/** Support requests from the contact form; `id` makes the ticket number (BP-000042). */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: ['billing', 'agents', 'marketplace', 'account', 'other'] }).notNull(),
    message: text('message').notNull(),
    referenceKind: text('reference_kind', { enum: ['payment', 'proposal'] }),
    referenceId: text('reference_id'),
    referenceLabel: text('reference_label'),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.id)],
);

/**
 * Mail that must go out once: written in the transaction of what causes it, then sent by one
 * claimant (token and expiry) and marked sent. A resend after a crash carries the same Message-ID,
 * so mail servers and clients treat it as the same message.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: text('message_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at').notNull(),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
  },
  (t) => [uniqueIndex('mail_outbox_message_id_unique').on(t.messageId), index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
);

/**
 * The runner's push and Telegram notices (a draft to review, a proposal sent or failed, a client's
 * reply), written in the transaction of what they tell, so one goes out only if that commits, then
 * delivered by one claimant (token and expiry) and deleted by it. A claim left by a crash lapses
 * and the notice goes out again: neither channel can be asked what arrived, so a push copy carries
 * the same Topic and notification tag, and the device shows it once.
 */
export const noticeOutbox = sqliteTable(
  'notice_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('notice_outbox_claim_idx').on(t.claimUntil, t.id)],
);

/**
 * Paystack work a billing change still owes, claimed before it is done (services/payments/
 * billing-claims.ts): the follow-ups of a recorded charge (turn on auto-renewal, disable the replaced
 * subscription, move the renewal), written in the charge's transaction, and each switch of the
 * renewing subscription, written before its new subscription is created. The claimant holds it by
 * token until `claimUntil`; `progress` records what Paystack already did; `doneAt` closes it. One
 * left by a crash is taken over after its claim lapses, and the new claimant looks at Paystack
 * before creating anything again.
 */
export const billingClaims = sqliteTable(
  'billing_claims',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['follow_ups', 'switch'] }).notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    progress: text('progress', { mode: 'json' }).$type<Record<string, unknown>>(),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until').notNull(),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at').notNull(),
    doneAt: timestamp('done_at'),
  },
  (t) => [index('billing_claims_open_idx').on(t.doneAt, t.claimUntil), index('billing_claims_user_idx').on(t.userId, t.kind, t.doneAt)],
);
export type BillingClaimRow = typeof billingClaims.$inferSelect;

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
  (t) => [uniqueIndex('match_signals_item_slot_unique').on(t.userId, t.jobItemId, t.slot), index('match_signals_user_idx').on(t.userId, t.updatedAt)],
);
export type MatchSignalRow = typeof matchSignals.$inferSelect;

/**
 * Rate-limit and guess-counter hits (store/rate-hits.ts): one row per counted hit, so every
 * process sharing the database counts against the same limits. Swept once older than any window.
 */
export const rateHits = sqliteTable(
  'rate_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('rate_hits_key_at_idx').on(t.key, t.at), index('rate_hits_at_idx').on(t.at)],
);

/**
 * Wake-ups between processes on SQLite (store/wakeups.ts): a change made through one API process
 * that a runner process should act on now, not at its next tick. Read by id; swept after an hour.
 */
export const wakeups = sqliteTable(
  'wakeups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic', { enum: ['agents', 'sends'] }).notNull(),
    /** The process that signalled (it has already told its own listeners). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('wakeups_created_idx').on(t.createdAt)],
);
