import { and, eq, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { COVER_LETTER_LIMIT_MESSAGE, type CoverLetterQuota } from '@shared/schemas/quota';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { AppError, notFound } from '../../kernel/errors';
import { localDay, validTimeZone } from '../../kernel/zoned-time';
import { planLimitsFor, readPlanLimits } from '../billing/plan-limits';

export type { CoverLetterQuota };

/** "Daily cover letter limit reached", with the plan's number in `details.limit`. */
export const coverLetterLimitReached = (limit: number) => new AppError(ErrorCode.coverLetterLimit, COVER_LETTER_LIMIT_MESSAGE, { limit });

async function userFor(db: Tx, userId: string) {
  const { users } = tablesOf(db);
  const user = await first(
    db.select({ id: users.id, createdAt: users.createdAt, timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1),
  );
  if (!user) throw notFound('User not found');
  return user;
}

/** The user's local calendar day (`YYYY-MM-DD`; UTC when the user has no time zone). */
export function quotaDay(timeZone: string | null, now: Date): string {
  return localDay(now, validTimeZone(timeZone));
}

/**
 * The plan's daily cover letters (its proposals per day: free 2, basic 20, pro 64, premium 150),
 * counted per local day in the user's time zone in `cover_letter_usage`. A read (the plan's
 * limits settle the subscription in a transaction of their own only when a deadline passed).
 */
export async function coverLetterQuota(store: Store, userId: string, now: Date): Promise<CoverLetterQuota> {
  const { coverLetterUsage } = tablesOf(store.db);
  const user = await userFor(store.db, userId);
  const limits = await readPlanLimits(store, user, now);
  const day = quotaDay(user.timeZone, now);
  const row = await first(
    store.db
      .select({ count: coverLetterUsage.count })
      .from(coverLetterUsage)
      .where(and(eq(coverLetterUsage.userId, userId), eq(coverLetterUsage.day, day)))
      .limit(1),
  );
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
 * letter cannot both get it; call it inside the store transaction that reserves the job item.
 * `known` spares reading the user and the plan again.
 */
export async function consumeCoverLetter(tx: Tx, userId: string, now: Date, known?: QuotaContext): Promise<CoverLetterQuota> {
  const { timeZone, limits } = known ?? (await contextOf(tx, userId, now));
  const limit = limits.proposalsPerDay;
  const used = await takeLetters(tx, userId, quotaDay(timeZone, now), 1, limit);
  if (used === undefined) throw coverLetterLimitReached(limit);
  return { used, limit, plan: limits.plan };
}

/**
 * Takes up to `letters` cover letters from today's quota in the caller's store transaction and
 * answers how many it took: all of them in one statement while the day has room for them, else one
 * at a time until it is used up (0 when it already was). The runner's reservation of several jobs.
 */
export async function takeCoverLetters(tx: Tx, userId: string, now: Date, letters: number, known?: QuotaContext): Promise<number> {
  const { timeZone, limits } = known ?? (await contextOf(tx, userId, now));
  const day = quotaDay(timeZone, now);
  const limit = limits.proposalsPerDay;
  if (letters <= 0) return 0;
  if (letters > 1 && (await takeLetters(tx, userId, day, letters, limit)) !== undefined) return letters;
  let taken = 0;
  while (taken < letters && (await takeLetters(tx, userId, day, 1, limit)) !== undefined) taken++;
  return taken;
}

/** Takes `letters` at once if the day has room for all of them: the day's new count, or undefined. */
async function takeLetters(tx: Tx, userId: string, day: string, letters: number, limit: number): Promise<number | undefined> {
  if (letters > limit) return undefined;
  const row = await preparedOnce(takeStatements, tx, prepareTake).get({ userId, day, letters, limit });
  return row?.count;
}

async function contextOf(tx: Tx, userId: string, now: Date): Promise<QuotaContext> {
  const user = await userFor(tx, userId);
  return { timeZone: user.timeZone, limits: await planLimitsFor(tx, user, now) };
}

const takeStatements = new WeakMap<object, ReturnType<typeof prepareTake>>();
const prepareTake = (tx: Tx) => {
  const { coverLetterUsage } = tablesOf(tx);
  return tx
    .insert(coverLetterUsage)
    .values({ userId: sql.placeholder('userId'), day: sql.placeholder('day'), count: sql.placeholder('letters') })
    .onConflictDoUpdate({
      target: [coverLetterUsage.userId, coverLetterUsage.day],
      set: { count: sql`${coverLetterUsage.count} + ${sql.placeholder('letters')}` },
      setWhere: sql`${coverLetterUsage.count} + ${sql.placeholder('letters')} <= ${sql.placeholder('limit')}`,
    })
    .returning({ count: coverLetterUsage.count })
    .prepare();
};

/**
 * Gives `letters` back to the day they were taken from (the writer failed before anything was sent,
 * or the job was another agent's), in the caller's store transaction.
 */
export async function refundCoverLetter(tx: Tx, userId: string, takenAt: Date, letters = 1): Promise<void> {
  const { coverLetterUsage } = tablesOf(tx);
  const user = await userFor(tx, userId);
  await tx
    .update(coverLetterUsage)
    // Never below zero (CASE: SQLite's max(a, b) and PostgreSQL's greatest differ).
    .set({ count: sql`case when ${coverLetterUsage.count} > ${letters} then ${coverLetterUsage.count} - ${letters} else 0 end` })
    .where(and(eq(coverLetterUsage.userId, userId), eq(coverLetterUsage.day, quotaDay(user.timeZone, takenAt))));
}

/** Deletes counts older than `keepDays` (days are local, so a day's margin is kept). */
export async function pruneCoverLetterUsage(store: Store, now: Date, keepDays = 7): Promise<number> {
  const before = new Date(now.getTime() - (keepDays + 1) * 86_400_000).toISOString().slice(0, 10);
  const pruned = await store.tx((tx) => {
    const { coverLetterUsage } = tablesOf(tx);
    return tx.delete(coverLetterUsage).where(lt(coverLetterUsage.day, before)).returning({ userId: coverLetterUsage.userId });
  });
  return pruned.length;
}

/** The quota as one object for the app's dependencies: `deps.quota.quota(userId, now)`, `await deps.quota.take(tx, userId, now, 3)`. */
export const coverLetterQuotaService = (store: Store) => ({
  quota: (userId: string, now: Date) => coverLetterQuota(store, userId, now),
  take: (tx: Tx, userId: string, now: Date, letters: number, known?: QuotaContext) => takeCoverLetters(tx, userId, now, letters, known),
  refund: (tx: Tx, userId: string, takenAt: Date, letters?: number) => refundCoverLetter(tx, userId, takenAt, letters),
});
export type CoverLetterQuotaService = ReturnType<typeof coverLetterQuotaService>;
