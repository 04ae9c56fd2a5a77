import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { users } from './accounts';

/* The user's rights over their data (modules/rights): the export of everything, and the deletion of the account. */

/**
 * A "Download my data" request: built in the background under a claim (the request's process starts
 * it, the runner's chore finishes what a crash left), `progress` in percent while it builds; the
 * archive (a zip, base64) kept until `expiresAt`, then dropped by the chore.
 */
export const dataExports = sqliteTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['building', 'ready', 'failed', 'expired'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    archive: text('archive'),
    size: integer('size'),
    fileName: text('file_name'),
    createdAt: timestamp('created_at').notNull(),
    readyAt: timestamp('ready_at'),
    expiresAt: timestamp('expires_at'),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt), index('data_exports_open_idx').on(t.status, t.claimUntil)],
);

export type DataExportRow = typeof dataExports.$inferSelect;

/**
 * An account the user asked to delete. No foreign key: the row outlives the user's, holding the
 * address (and language) only until the closing mail has gone out, then it goes too. During the grace
 * period the account is frozen (no session opens, its agents are paused) and the mailed link (its
 * keyed hash here) cancels. The work outside the database (Paystack) and the purge are done under a
 * claim: `providerClosedAt` and `purgedAt` record what is done, so a crash is finished by the chore.
 */
export const accountDeletions = sqliteTable(
  'account_deletions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    /** The agents that were active when the account was frozen: started again if the deletion is cancelled. */
    pausedAgentIds: text('paused_agent_ids', { mode: 'json' }).$type<string[]>().notNull(),
    requestedAt: timestamp('requested_at').notNull(),
    purgeAfter: timestamp('purge_after').notNull(),
    providerClosedAt: timestamp('provider_closed_at'),
    purgedAt: timestamp('purged_at'),
    lastError: text('last_error'),
    claimToken: text('claim_token'),
    claimUntil: timestamp('claim_until'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('account_deletions_user_unique').on(t.userId),
    uniqueIndex('account_deletions_cancel_unique').on(t.cancelTokenHash),
    index('account_deletions_due_idx').on(t.purgeAfter),
  ],
);

export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

/**
 * A payment of a deleted account, kept for the operator's books without the person: no user, no
 * name, address or card digits; the provider's reference, what was bought, how much, and its fate.
 */
export const anonymisedPayments = sqliteTable(
  'anonymised_payments',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    plan: text('plan').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    discount: integer('discount', { mode: 'boolean' }).notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel'),
    paidAt: timestamp('paid_at'),
    createdAt: timestamp('created_at').notNull(),
    /** When the account it belonged to was deleted. */
    anonymisedAt: timestamp('anonymised_at').notNull(),
  },
  (t) => [uniqueIndex('anonymised_payments_reference_unique').on(t.reference)],
);

/**
 * A referred friend whose account was deleted: the referrer keeps the count (and whether the friend
 * had paid, which counts toward the discount), never who it was.
 */
export const departedReferrals = sqliteTable(
  'departed_referrals',
  {
    id: text('id').primaryKey(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paid: integer('paid', { mode: 'boolean' }).notNull(),
    departedAt: timestamp('departed_at').notNull(),
  },
  (t) => [index('departed_referrals_referrer_idx').on(t.referrerId)],
);
