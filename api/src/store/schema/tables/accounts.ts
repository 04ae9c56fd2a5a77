import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PLATFORMS } from '@shared/marketplaces';
import { fieldVersions, timestamp, versioned } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** Argon2id; empty ('') for an account made through Google sign-in that never set a password (`hasPassword`). */
    passwordHash: text('password_hash').notNull(),
    platformType: text('platform_type', { enum: PLATFORMS }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    skills: text('skills', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    portfolioLinks: text('portfolio_links', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    upworkProfileComplete: integer('upwork_profile_complete', { mode: 'boolean' }).notNull().default(false),
    freelancerProfileComplete: integer('freelancer_profile_complete', { mode: 'boolean' }).notNull().default(false),
    language: text('language').notNull().default('en'),
    timeZone: text('time_zone'),
    /** The freelancer's own title and overview: every agent's letters and matching can use them. */
    profileTitle: text('profile_title'),
    profileOverview: text('profile_overview'),
    /** The rest of the one freelancer profile every new agent is prefilled from (issue 36). */
    workHistory: text('profile_work_history'),
    portfolio: text('profile_portfolio'),
    upworkProfileUrl: text('upwork_profile_url'),
    freelancerProfileUrl: text('freelancer_profile_url'),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    ...versioned(),
    /** Per profile field, the version it last changed at. */
    fieldVersions: fieldVersions(),
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

/** Six-digit codes for email verification, password reset and guarded sign-in; only their keyed hash is kept. */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'link_identity', 'delete_account', 'sign_in'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at'),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * An outside identity that signs a user in (OpenID Connect: Google, or the sandbox provider standing
 * in for it): the issuer and its stable subject, and the verified address it had when linked. Linked
 * at sign-up through it, or to an existing account only after that account's password or a mailed code.
 */
export const userIdentities = sqliteTable(
  'user_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google'] }).notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    linkedAt: timestamp('linked_at').notNull(),
    lastUsedAt: timestamp('last_used_at').notNull(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_unique').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;

export type SessionRow = typeof sessions.$inferSelect;
