import { derivePgTables } from './pg-derive';

export type { PgTableOf } from './pg-derive';

/**
 * The PostgreSQL schema as named tables (drizzle-kit finds tables among a module's exports and
 * generates `api/drizzle-pg` from them); derived from the SQLite one in `schema-pg-derive.ts`.
 */
export const pgTables = derivePgTables();

// Named exports, for drizzle-kit (it finds tables among a module's exports); the test checks none is missing.
export const {
  users,
  sessions,
  verificationCodes,
  agents,
  agentRuns,
  jobItems,
  seenJobs,
  changeLog,
  idempotencyKeys,
  marketplaceAccounts,
  oauthStates,
  marketplaceCalls,
  subscriptions,
  subscriptionEvents,
  payments,
  webhookEvents,
  providerPlans,
  referralRewards,
  activityLog,
  coverLetterUsage,
  pushSubscriptions,
  notificationSettings,
  telegramAccounts,
  telegramLogins,
  telegramStates,
  resumes,
  supportRequests,
  mailOutbox,
  noticeOutbox,
  billingClaims,
  matchSignals,
  rateHits,
  wakeups,
  userIdentities,
  dataExports,
  accountDeletions,
  anonymisedPayments,
  departedReferrals,
  operatorAlerts,
  retentionMarks,
} = pgTables;
