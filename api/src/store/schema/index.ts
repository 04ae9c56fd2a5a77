import type { PgTableOf } from './pg-derive';
import * as sqlite from './sqlite';
import { loadedDialect } from '../dialect';

/**
 * The product's tables as domain code imports them: SQLite's (`schema-sqlite.ts`, where every table
 * is described) or, when this process runs on PostgreSQL, their PostgreSQL twins derived from them
 * (`schema-pg.ts`). Chosen once, when the process loads, from DATABASE_URL (`dialect.ts`, the one
 * place that decides), so a query built anywhere uses the engine's own tables. Both are typed as the
 * SQLite ones: rows have the same JavaScript shape on both (Dates, booleans, JSON, numbers).
 */
export { SUBSCRIPTION_STATUSES } from './sqlite';
export type { AgentRow, BillingClaimRow, JobItemRow, MatchSignalRow, PaymentRow, SessionRow, SubscriptionRow, UserRow } from './sqlite';

// Loaded only on PostgreSQL: a process on SQLite never parses drizzle's PostgreSQL builders.
const pgTables: Record<string, PgTableOf> | undefined =
  loadedDialect === 'postgres' ? (await import('./pg-derive')).derivePgTables() : undefined;
const pick = <T>(name: keyof typeof sqlite, table: T): T => (pgTables ? (pgTables[name] as unknown as T) : table);

export const users = pick('users', sqlite.users);
export const sessions = pick('sessions', sqlite.sessions);
export const verificationCodes = pick('verificationCodes', sqlite.verificationCodes);
export const agents = pick('agents', sqlite.agents);
export const jobItems = pick('jobItems', sqlite.jobItems);
export const seenJobs = pick('seenJobs', sqlite.seenJobs);
export const changeLog = pick('changeLog', sqlite.changeLog);
export const idempotencyKeys = pick('idempotencyKeys', sqlite.idempotencyKeys);
export const marketplaceAccounts = pick('marketplaceAccounts', sqlite.marketplaceAccounts);
export const oauthStates = pick('oauthStates', sqlite.oauthStates);
export const subscriptions = pick('subscriptions', sqlite.subscriptions);
export const subscriptionEvents = pick('subscriptionEvents', sqlite.subscriptionEvents);
export const payments = pick('payments', sqlite.payments);
export const webhookEvents = pick('webhookEvents', sqlite.webhookEvents);
export const providerPlans = pick('providerPlans', sqlite.providerPlans);
export const referralRewards = pick('referralRewards', sqlite.referralRewards);
export const activityLog = pick('activityLog', sqlite.activityLog);
export const coverLetterUsage = pick('coverLetterUsage', sqlite.coverLetterUsage);
export const pushSubscriptions = pick('pushSubscriptions', sqlite.pushSubscriptions);
export const notificationSettings = pick('notificationSettings', sqlite.notificationSettings);
export const telegramAccounts = pick('telegramAccounts', sqlite.telegramAccounts);
export const telegramLogins = pick('telegramLogins', sqlite.telegramLogins);
export const resumes = pick('resumes', sqlite.resumes);
export const supportRequests = pick('supportRequests', sqlite.supportRequests);
export const mailOutbox = pick('mailOutbox', sqlite.mailOutbox);
export const noticeOutbox = pick('noticeOutbox', sqlite.noticeOutbox);
export const billingClaims = pick('billingClaims', sqlite.billingClaims);
export const matchSignals = pick('matchSignals', sqlite.matchSignals);
export const rateHits = pick('rateHits', sqlite.rateHits);
export const wakeups = pick('wakeups', sqlite.wakeups);
