import { and, count, eq, gte, lt, notInArray, or } from 'drizzle-orm';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../db/client';
import { jobItems } from '../db/schema';
import { localDayBounds } from './zoned-time';

const NOT_COUNTED = ['failed', 'skipped'] as const;

/** Job items reserved today (local day of the user): per user, per platform and per agent. */
export function usedToday(db: Tx, userId: string, now: Date, timeZone: string, filter: { platform?: 'upwork' | 'freelancer'; agentId?: string } = {}): number {
  const { start, end } = localDayBounds(now, timeZone);
  const where = [
    eq(jobItems.userId, userId),
    gte(jobItems.createdAt, start),
    lt(jobItems.createdAt, end),
    notInArray(jobItems.status, [...NOT_COUNTED]),
    ...(filter.platform ? [eq(jobItems.platform, filter.platform)] : []),
    ...(filter.agentId ? [eq(jobItems.agentId, filter.agentId)] : []),
  ];
  return db.select({ n: count() }).from(jobItems).where(and(...where)).get()?.n ?? 0;
}

/** How many more proposals the plan allows today on a platform (the user's total and the platform's). */
export function capLeft(db: Tx, userId: string, platform: 'upwork' | 'freelancer', limits: PlanLimits, now: Date, timeZone: string): number {
  const platformCap = platform === 'upwork' ? limits.maxUpworkProposals : limits.maxFreelancerBids;
  const total = limits.proposalsPerDay - usedToday(db, userId, now, timeZone);
  const onPlatform = platformCap - usedToday(db, userId, now, timeZone, { platform });
  return Math.max(0, Math.min(total, onPlatform));
}

/**
 * Proposals that went out today (local day) or are going out now, per user or per platform: what
 * a send checks against the plan, so approving old drafts never sends more in a day than it allows.
 */
export function sentToday(db: Tx, userId: string, now: Date, timeZone: string, platform?: 'upwork' | 'freelancer'): number {
  const { start, end } = localDayBounds(now, timeZone);
  const out = or(and(eq(jobItems.status, 'completed'), gte(jobItems.sentAt, start), lt(jobItems.sentAt, end)), eq(jobItems.stage, 'sending'));
  const where = and(eq(jobItems.userId, userId), out, ...(platform ? [eq(jobItems.platform, platform)] : []));
  return db.select({ n: count() }).from(jobItems).where(where).get()?.n ?? 0;
}

/** Whether the plan lets one more proposal go out today on a platform. */
export function mayAlsoSendToday(db: Tx, userId: string, platform: 'upwork' | 'freelancer', limits: PlanLimits, now: Date, timeZone: string): boolean {
  const platformCap = platform === 'upwork' ? limits.maxUpworkProposals : limits.maxFreelancerBids;
  return sentToday(db, userId, now, timeZone) < limits.proposalsPerDay && sentToday(db, userId, now, timeZone, platform) < platformCap;
}
