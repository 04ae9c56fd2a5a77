import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PLATFORMS } from '@shared/marketplaces';

/*
 * The sandbox twins' own records, apart from the product's: in their own SQLite file
 * (`DATA_DIR/sandbox.sqlite`) or, on PostgreSQL, in the `sandbox` schema of the same database
 * (`pg.ts`, derived from this file as the product's tables are). Their migrations are
 * `api/drizzle-sandbox` and `api/drizzle-sandbox-pg`; only the sandbox store (`store/sandbox-store.ts`)
 * holds them, so nothing here ever lands in the product's database. Throwaway data: simulated
 * services' accounts, mail and messages.
 */

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** The sandbox mailbox: every mail sent while no SMTP server is configured. */
export const sandboxMail = sqliteTable(
  'sandbox_mail',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('sandbox_mail_to_idx').on(t.to, t.id)],
);

/* The sandbox marketplaces' own records (modules/marketplaces/sandbox, and each marketplace's sandbox/). */

export const sandboxMarketUsers = sqliteTable(
  'sandbox_market_users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_market_users_unique').on(t.platform, t.username)],
);

export const sandboxMarketTokens = sqliteTable('sandbox_market_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  platform: text('platform', { enum: PLATFORMS }).notNull(),
  userId: integer('user_id').notNull(),
  kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
  scope: text('scope').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  revokedAt: timestamp('revoked_at'),
});

export const sandboxMarketCodes = sqliteTable('sandbox_market_codes', {
  codeHash: text('code_hash').primaryKey(),
  platform: text('platform', { enum: PLATFORMS }).notNull(),
  userId: integer('user_id').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  usedAt: timestamp('used_at'),
});

export const sandboxMarketBids = sqliteTable(
  'sandbox_market_bids',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    userId: integer('user_id').notNull(),
    projectId: text('project_id').notNull(),
    amount: real('amount').notNull(),
    period: integer('period').notNull(),
    milestonePercentage: integer('milestone_percentage').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_market_bids_unique').on(t.platform, t.userId, t.projectId)],
);

/** The sandbox Paystack's own records (modules/billing/paystack/sandbox): transactions, plans, subscriptions, events. */
export const sandboxPaystackRecords = sqliteTable(
  'sandbox_paystack_records',
  {
    kind: text('kind', { enum: ['transaction', 'plan', 'subscription', 'event', 'refund'] }).notNull(),
    key: text('key').notNull(),
    /** Secondary lookup (a transaction's access code, a subscription's email token). */
    alias: text('alias'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('sandbox_paystack_alias_idx').on(t.kind, t.alias)],
);

/**
 * The sandbox bot's outbox: every message the product sent through the Bot API sandbox. A chat's
 * messages of the last minute are also its rate limit (modules/notices/telegram/sandbox.ts).
 */
export const sandboxTelegramMessages = sqliteTable(
  'sandbox_telegram_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: text('chat_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('sandbox_telegram_messages_chat_idx').on(t.chatId, t.createdAt)],
);
