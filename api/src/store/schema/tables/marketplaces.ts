import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PLATFORMS } from '@shared/marketplaces';
import { timestamp } from './columns';
import { users } from './accounts';

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
  /** The session that started the round trip: the callback connects only for that session's user. */
  sessionId: text('session_id'),
  /** The keyed hash of the nonce cookie set on the browser that started it (kernel/http/browser-binding.ts). */
  browserHash: text('browser_hash'),
  createdAt: timestamp('created_at').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  usedAt: timestamp('used_at'),
});

/**
 * Calls made to a marketplace under one user's token, by hour (runner/call-budget.ts): what the
 * per-user hourly ceiling is counted against, by every runner process sharing the database, and
 * what Settings shows. Rows older than two days are swept as new hours are counted.
 */
export const marketplaceCalls = sqliteTable(
  'marketplace_calls',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** The start of the hour (UTC) counted. */
    hourStart: timestamp('hour_start').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform, t.hourStart] })],
);
