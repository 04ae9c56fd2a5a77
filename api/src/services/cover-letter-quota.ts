import { and, eq, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { COVER_LETTER_LIMIT_MESSAGE, type CoverLetterQuota } from '@shared/schemas/quota';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { coverLetterUsage, subscriptions, users } from '../db/schema';
import { AppError, notFound } from '../errors';
import { localDay, validTimeZone } from '../runner/zoned-time';
import { projectedPlanLimits } from './plan-limits';

export type { CoverLetterQuota };

/** "Daily cover letter limit reached", with the plan's number in `details.limit`. */
export const coverLetterLimitReached = (limit: number) =>
  new AppError(ErrorCode.coverLetterLimit, COVER_LETTER_LIMIT_MESSAGE, { limit });

function userFor(db: Tx, userId: string) {
  const user = db
    .select({ id: users.id, createdAt: users.createdAt, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw notFound('User not found');
  return user;
}

/** The user's local calendar day (`YYYY-MM-DD`; UTC when the user has no time zone). */
export function quotaDay(timeZone: string | null, now: Date): string {
  return localDay(now, validTimeZone(timeZone));
}

/**
 * The plan's daily cover letters (its proposals per day: free 2, basic 20, pro 64, premium 150),
 * counted per local day in the user's time zone in `cover_letter_usage`.
 */
export function coverLetterQuota(db: Tx, userId: string, now: Date): CoverLetterQuota {
  const user = userFor(db, userId);
  const limits = limitsOf(db, user, now);
  const day = quotaDay(user.timeZone, now);
  const row = db
    .select({ count: coverLetterUsage.count })
    .from(coverLetterUsage)
    .where(and(eq(coverLetterUsage.userId, userId), eq(coverLetterUsage.day, day)))
    .get();
  return { used: row?.count ?? 0, limit: limits.proposalsPerDay, plan: limits.plan };
}

/** What taking a letter needs to know of the user, when the caller has read it already (the runner). */
export interface QuotaContext {
  timeZone: string | null;
  limits: Pick<PlanLimits, 'proposalsPerDay' | 'plan'>;
}

/**
 * Takes one cover letter from today's quota, or throws `cover_letter_limit` ("Daily cover letter
 * limit reached") when it is used up. One conditional upsert, so two writers racing for the last
 * letter cannot both get it; call it inside the transaction that reserves the job item. `known`
 * spares reading the user and the plan again.
 */
export function consumeCoverLetter(tx: Tx, userId: string, now: Date, known?: QuotaContext): CoverLetterQuota {
  const { timeZone, limits } = known ?? contextOf(tx, userId, now);
  const limit = limits.proposalsPerDay;
  if (limit <= 0) throw coverLetterLimitReached(limit);
  const row = preparedOnce(takeStatements, tx, prepareTake).get({ userId, day: quotaDay(timeZone, now), limit });
  if (!row) throw coverLetterLimitReached(limit);
  return { used: row.count, limit, plan: limits.plan };
}

function contextOf(tx: Tx, userId: string, now: Date): QuotaContext {
  const user = userFor(tx, userId);
  return { timeZone: user.timeZone, limits: limitsOf(tx, user, now) };
}

/** Still synchronous: the plan read as it stands, its passed deadlines applied in memory (plan-limits.ts). */
function limitsOf(db: Tx, user: { id: string; createdAt: Date }, now: Date): PlanLimits {
  return projectedPlanLimits(db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).get(), user, now);
}

const takeStatements = new WeakMap<object, ReturnType<typeof prepareTake>>();
const prepareTake = (tx: Tx) =>
  tx
    .insert(coverLetterUsage)
    .values({ userId: sql.placeholder('userId'), day: sql.placeholder('day'), count: 1 })
    .onConflictDoUpdate({
      target: [coverLetterUsage.userId, coverLetterUsage.day],
      set: { count: sql`${coverLetterUsage.count} + 1` },
      setWhere: sql`${coverLetterUsage.count} < ${sql.placeholder('limit')}`,
    })
    .returning({ count: coverLetterUsage.count })
    .prepare();

/** Gives a letter back to the day it was taken from (the writer failed before anything was sent). */
export function refundCoverLetter(tx: Tx, userId: string, takenAt: Date): void {
  const user = userFor(tx, userId);
  tx.update(coverLetterUsage)
    .set({ count: sql`max(${coverLetterUsage.count} - 1, 0)` })
    .where(and(eq(coverLetterUsage.userId, userId), eq(coverLetterUsage.day, quotaDay(user.timeZone, takenAt))))
    .run();
}

/** Deletes counts older than `keepDays` (days are local, so a day's margin is kept). */
export function pruneCoverLetterUsage(db: Tx, now: Date, keepDays = 7): number {
  const before = new Date(now.getTime() - (keepDays + 1) * 86_400_000).toISOString().slice(0, 10);
  return db.delete(coverLetterUsage).where(lt(coverLetterUsage.day, before)).run().changes;
}

/** The quota as one object for the app's dependencies: `deps.quota.quota(userId, now)`, `deps.quota.consume(tx, userId, now)`. */
export const coverLetterQuotaService = (db: Tx) => ({
  quota: (userId: string, now: Date) => coverLetterQuota(db, userId, now),
  consume: (tx: Tx, userId: string, now: Date, known?: QuotaContext) => consumeCoverLetter(tx, userId, now, known),
  refund: (tx: Tx, userId: string, takenAt: Date) => refundCoverLetter(tx, userId, takenAt),
});
export type CoverLetterQuotaService = ReturnType<typeof coverLetterQuotaService>;
