import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp, versioned } from './columns';
import { users } from './accounts';

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
    ...versioned(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.providerCustomerCode),
    index('subscriptions_provider_code_idx').on(t.providerSubscriptionCode),
  ],
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
    /** A `refunding` payment's claim (store/claims.ts): its claimant's token, until when it is theirs, and how many took it. */
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_reference_unique').on(t.reference),
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_open_change_unique')
      .on(t.userId, t.changeKey)
      .where(sql`${t.status} = 'pending' and ${t.changeKey} is not null`),
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
