import { and, count, eq, gte, lt, or, sql } from 'drizzle-orm';
import { FLAGGED_REASON_PREFIX } from '@shared/scoring';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce, timeParam } from '../../store/prepared';
import { first } from '../../store/store';
import { tablesOf, type Tables } from '../../store/schema/index';
import { localDayBounds } from '../../kernel/zoned-time';
import type { Platform } from '@shared/marketplaces';

/**
 * Job items reserved today (local day of the user) that count against the daily cap: in all, on one
 * platform, by one agent. Failed and skipped items do not count, nor do flagged ones (a job with a
 * red flag is held as a draft for the user, outside the cap; a send still checks the plan, `sentToday`),
 * nor those a pause of their agent holds (they count again once resumed and queued), nor the drafts
 * written while the agent's share of the day was spent (`waitingShare`) until they go out: the plan's
 * proposals a day are proposals sent (the spec's "proposals per day"), so such a draft counts once
 * it is queued, sending or sent (its agent's refill, or the user's tap, which `mayAlsoSendToday` checks).
 */
export interface UsageToday {
  total: number;
  onPlatform: number;
  byAgent: number;
  /** Flagged items this agent held today, whatever became of them (bounds how many a day's runs hold). */
  flaggedByAgent: number;
  /**
   * Drafts written today while the share was spent, whatever became of them, of the user and of this
   * agent: such letters are bounded apart, to the plan's proposals a day again (and the agent's
   * proposals a day again), so the AI letters of a day stay within twice what the plan sends.
   */
  waitingTotal: number;
  waitingByAgent: number;
}

/** A flagged item: its stored reason begins with the flags (`FLAGGED_REASON_PREFIX`). */
const flaggedOf = (jobItems: Tables['jobItems']) => sql`coalesce(${jobItems.matchReason}, '') like ${`${FLAGGED_REASON_PREFIX}%`}`;
/** A draft written while the share was spent that has not gone out (nor is going out). */
const waitingOf = (jobItems: Tables['jobItems']) =>
  sql`${jobItems.waitingShare} and ${jobItems.status} <> 'completed' and coalesce(${jobItems.stage}, '') not in ('queued', 'sending')`;
const countedOf = (jobItems: Tables['jobItems']) =>
  sql`${jobItems.status} not in ('failed', 'skipped') and not (${flaggedOf(jobItems)}) and not ${jobItems.heldByPause} and not (${waitingOf(jobItems)})`;

/**
 * Today's usage of a user, in one prepared query (the runner asks it before and while reserving each
 * job): `db` is where to read, the store's (`store.db`) or the reserving transaction.
 */
export async function usageToday(
  db: Tx,
  userId: string,
  platform: Platform,
  agentId: string,
  now: Date,
  timeZone: string,
): Promise<UsageToday> {
  const { start, end } = localDayBounds(now, timeZone);
  const row = await preparedOnce(usageStatements, db, prepareUsage).get({
    userId,
    platform,
    agentId,
    start: timeParam(db, start),
    end: timeParam(db, end),
  });
  return {
    total: Number(row?.total ?? 0),
    onPlatform: Number(row?.onPlatform ?? 0),
    byAgent: Number(row?.byAgent ?? 0),
    flaggedByAgent: Number(row?.flaggedByAgent ?? 0),
    waitingTotal: Number(row?.waitingTotal ?? 0),
    waitingByAgent: Number(row?.waitingByAgent ?? 0),
  };
}

const usageStatements = new WeakMap<object, ReturnType<typeof prepareUsage>>();
const prepareUsage = (db: Tx) => {
  const { jobItems } = tablesOf(db);
  const [flagged, counted] = [flaggedOf(jobItems), countedOf(jobItems)];
  return db
    .select({
      // FILTER: standard SQL, on SQLite (3.30+) and PostgreSQL alike.
      total: sql<number>`count(*) filter (where ${counted})`,
      onPlatform: sql<number>`count(*) filter (where ${counted} and ${jobItems.platform} = ${sql.placeholder('platform')})`,
      byAgent: sql<number>`count(*) filter (where ${counted} and ${jobItems.agentId} = ${sql.placeholder('agentId')})`,
      flaggedByAgent: sql<number>`count(*) filter (where ${flagged} and ${jobItems.agentId} = ${sql.placeholder('agentId')})`,
      waitingTotal: sql<number>`count(*) filter (where ${jobItems.waitingShare})`,
      waitingByAgent: sql<number>`count(*) filter (where ${jobItems.waitingShare} and ${jobItems.agentId} = ${sql.placeholder('agentId')})`,
    })
    .from(jobItems)
    .where(
      and(
        eq(jobItems.userId, sql.placeholder('userId')),
        gte(jobItems.createdAt, sql.placeholder('start')),
        lt(jobItems.createdAt, sql.placeholder('end')),
      ),
    )
    .prepare();
};

/** How many more proposals the plan allows today on a platform (the user's total and the platform's). */
export function capLeft(usage: UsageToday, platform: Platform, limits: PlanLimits): number {
  const platformCap = platform === 'upwork' ? limits.maxUpworkProposals : limits.maxFreelancerBids;
  return Math.max(0, Math.min(limits.proposalsPerDay - usage.total, platformCap - usage.onPlatform));
}

/**
 * Proposals that went out today (local day) or are going out now, per user or per platform: what
 * a send checks against the plan, so approving old drafts never sends more in a day than it allows.
 */
export async function sentToday(db: Tx, userId: string, now: Date, timeZone: string, platform?: Platform): Promise<number> {
  const { jobItems } = tablesOf(db);
  const { start, end } = localDayBounds(now, timeZone);
  const out = or(
    and(eq(jobItems.status, 'completed'), gte(jobItems.sentAt, start), lt(jobItems.sentAt, end)),
    eq(jobItems.stage, 'sending'),
  );
  const where = and(eq(jobItems.userId, userId), out, ...(platform ? [eq(jobItems.platform, platform)] : []));
  return (await first(db.select({ n: count() }).from(jobItems).where(where)))?.n ?? 0;
}

/** Whether the plan lets one more proposal go out today on a platform (read in the claiming transaction). */
export async function mayAlsoSendToday(
  db: Tx,
  userId: string,
  platform: Platform,
  limits: PlanLimits,
  now: Date,
  timeZone: string,
): Promise<boolean> {
  const platformCap = platform === 'upwork' ? limits.maxUpworkProposals : limits.maxFreelancerBids;
  return (
    (await sentToday(db, userId, now, timeZone)) < limits.proposalsPerDay &&
    (await sentToday(db, userId, now, timeZone, platform)) < platformCap
  );
}
