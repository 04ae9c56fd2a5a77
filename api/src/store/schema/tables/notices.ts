import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { users } from './accounts';

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
  (t) => [
    uniqueIndex('push_subscriptions_user_endpoint_unique').on(t.userId, t.endpoint),
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
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
  fieldVersions: text('field_versions', { mode: 'json' })
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'`),
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

/**
 * A Telegram login a browser started: linking from Settings (bound to the user and the session that
 * asked) or signing in from the sign-in screen. Only the state's and the browser cookie's keyed
 * hashes are kept; the callback uses the state once, before it expires, from the same browser.
 */
export const telegramStates = sqliteTable(
  'telegram_states',
  {
    stateHash: text('state_hash').primaryKey(),
    purpose: text('purpose', { enum: ['link', 'signin'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    browserHash: text('browser_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [index('telegram_states_expires_idx').on(t.expiresAt)],
);

/**
 * The runner's push and Telegram notices (a draft to review, a proposal sent or failed, a client's
 * reply), written in the transaction of what they tell, so one goes out only if that commits, then
 * delivered by one claimant (token and expiry) and deleted by it. A claim left by a crash lapses
 * and the notice goes out again: neither channel can be asked what arrived, so a push copy carries
 * the same Topic and notification tag, and the device shows it once. A channel that failed for a
 * while is tried again, alone, after a wait.
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
    /**
     * The channels still owed the notice ('push', 'telegram'); null for every one. A channel that
     * failed in a way that may pass (unreachable, a 5xx, a rate limit) is left here, and the notice
     * waits to be claimed again for it alone.
     */
    channels: text('channels', { mode: 'json' }).$type<string[]>(),
  },
  (t) => [index('notice_outbox_claim_idx').on(t.claimUntil, t.id)],
);
