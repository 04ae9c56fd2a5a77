import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from '@shared/schemas/job';
import type { RunSummary } from '@shared/schemas/job-item';
import type { PersonalModel } from '@shared/scoring';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { agents, jobItems, seenJobs, users } from '../db/schema';
import type { Logger } from '../logger';
import type { Marketplaces, MarketplaceSession, Platform } from '../adapters/marketplace/types';
import { recordActivity } from '../services/activity';
import { toAgentDto } from '../services/agents';
import { recordChange } from '../services/change-log';
import { planLimitsFor } from '../services/plan-limits';
import { toUserDto } from '../services/users';
import { capLeft, usedToday } from './caps';
import type { ClaimTimes } from './claims';
import { agentCriteria, passesClientFilters, pickJobs } from './criteria';
import type { NotifierPort, QuotaPort, WriterPort } from './ports';
import { reserveJob, writeReservedLetter } from './reservation';
import { withRetry, type RetryOptions } from './retry';
import { currentWindow, MIN_RUN_GAP_MS, nextWindowStart, pacing } from './schedule';
import { validTimeZone } from './zoned-time';

export type { RunSummary };

export interface PipelineDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  marketplaces: Marketplaces;
  session: (userId: string, platform: Platform) => Promise<MarketplaceSession | null>;
  writer: WriterPort;
  notifier: NotifierPort;
  quota: QuotaPort;
  retry?: RetryOptions;
  claims?: Partial<ClaimTimes>;
  /** Jobs asked of the marketplace per run. */
  searchSize?: number;
  /** The user's learned matching preferences (services/match-learning.ts). */
  matchModel?: (userId: string) => PersonalModel | null;
  /** For template experiments' draws (runner/experiment-arm.ts); tests pin it. */
  random?: () => number;
}

/**
 * One run of one agent: search with its criteria, drop jobs the user already has, apply the client
 * filters, rank, then for the best (within the daily cap, paced across the active hours) reserve a
 * job item before anything else, write the letter, and hold it as a draft (review) or queue it to
 * send (auto). The caller holds the agent's lease.
 */
export async function runAgent(deps: PipelineDeps, agentId: string, options: { manual?: boolean } = {}): Promise<RunSummary> {
  const { db, clock, marketplaces } = deps;
  const now = clock.now();
  const row = db.select().from(agents).where(eq(agents.id, agentId)).get();
  const userRow = row ? db.select().from(users).where(eq(users.id, row.userId)).get() : undefined;
  const empty = { agentId, found: 0, queued: 0, drafts: 0, failed: 0, poorMatch: 0, overCap: 0, quota: 0 };
  if (!row || !userRow) return { ...empty, skipped: 'inactive', nextRunAt: new Date(now.getTime() + 24 * 3600_000).toISOString() };
  const agent = toAgentDto(row);
  const profile = toUserDto(userRow);
  const timeZone = validTimeZone(userRow.timeZone);
  const window = currentWindow(now, agent, timeZone);
  const later = (at: Date, extra: Partial<RunSummary>): RunSummary => ({ ...empty, ...extra, nextRunAt: at.toISOString() });

  if (agent.status !== 'active' && !options.manual) return later(nextWindowStart(now, agent, timeZone), { skipped: 'inactive' });
  if (!window && !options.manual) return later(nextWindowStart(now, agent, timeZone), { skipped: 'outside_hours' });

  const limits = planLimitsFor(db, userRow, now);
  const agentToday = usedToday(db, userRow.id, now, timeZone, { agentId });
  const paced = window ? pacing(window, agent.emailsPerDay, now) : { allowedSoFar: agent.emailsPerDay, gapMs: MIN_RUN_GAP_MS };
  const next = () => {
    const soon = new Date(now.getTime() + paced.gapMs);
    return window && soon.getTime() < window.end.getTime() ? soon : nextWindowStart(now, agent, timeZone);
  };
  const allowed = Math.min(
    capLeft(db, userRow.id, agent.platform, limits, now, timeZone),
    agent.emailsPerDay - agentToday,
    (options.manual ? agent.emailsPerDay : paced.allowedSoFar) - agentToday,
  );
  if (allowed <= 0) return later(next(), { skipped: 'cap_reached' });

  let jobs: Job[];
  let session: MarketplaceSession | null;
  try {
    session = await deps.session(userRow.id, agent.platform);
    const page = await withRetry(() => marketplaces[agent.platform].adapter.search(session, agentCriteria(agent), 0, deps.searchSize ?? 50), deps.retry);
    jobs = page.jobs;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn('agent search failed', { agentId, reason });
    recordActivity(db, userRow.id, 'run_failed', now, { agentId, data: { reason } });
    return later(new Date(now.getTime() + Math.max(paced.gapMs, 30 * 60_000)), { skipped: 'search_failed', reason });
  }

  const known = new Set(
    jobs.length
      ? db
          .select({ externalId: jobItems.externalId })
          .from(jobItems)
          .where(and(eq(jobItems.userId, userRow.id), eq(jobItems.platform, agent.platform), inArray(jobItems.externalId, jobs.map((j) => j.externalId))))
          .all()
          .map((r) => r.externalId)
      : [],
  );
  const fresh = jobs.filter((job) => !known.has(job.externalId) && passesClientFilters(job, agent));
  const { ranked, poorMatch } = pickJobs(fresh, agent, profile, { now, model: deps.matchModel?.(userRow.id) });

  const summary: RunSummary = { ...empty, found: fresh.length, poorMatch, nextRunAt: next().toISOString() };
  let taken = 0;
  for (const [index, job] of ranked.entries()) {
    if (taken >= allowed) {
      summary.overCap = ranked.length - index;
      break;
    }
    const reservation = reserveJob(deps, agent, job, limits, timeZone);
    if (reservation.kind === 'taken') continue; // another agent of this user took it meanwhile
    if (reservation.kind === 'cap' || reservation.kind === 'quota') {
      // The job stays in the pool: a later run (or tomorrow's) picks it up.
      summary[reservation.kind === 'cap' ? 'overCap' : 'quota'] = ranked.length - index;
      break;
    }
    taken++;
    const outcome = await writeReservedLetter(deps, agent, profile, job, reservation, session, new Date(now.getTime() + (taken - 1) * paced.gapMs));
    if (outcome === 'draft') summary.drafts++;
    else if (outcome === 'queued') summary.queued++;
    else if (outcome === 'failed') summary.failed++;
    // Our claim was recovered: this run was taken for dead, and another one owns the agent's work now.
    else break;
  }

  db.transaction((tx) => {
    const newlySeen = countNewlySeen(tx, userRow.id, agent.id, agent.platform, jobs, now);
    tx.update(agents)
      .set({ lastRun: now, jobsFound: sql`${agents.jobsFound} + ${newlySeen}`, nextRunAt: new Date(summary.nextRunAt), updatedAt: now })
      .where(eq(agents.id, agentId))
      .run();
    recordChange(tx, userRow.id, 'agent', agentId, now);
    const { agentId: _, nextRunAt: __, skipped: ___, reason: ____, ...counts } = summary;
    recordActivity(tx, userRow.id, 'agent_run', now, { agentId, data: { ...counts, manual: Boolean(options.manual) } });
  });
  return summary;
}

/** Records the jobs a search answered that this user's agents had never seen; answers how many. */
function countNewlySeen(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, agentId: string, platform: Platform, jobs: readonly Job[], now: Date): number {
  if (jobs.length === 0) return 0;
  return tx
    .insert(seenJobs)
    .values(jobs.map((job) => ({ userId, platform, externalId: job.externalId, agentId, firstSeenAt: now })))
    .onConflictDoNothing()
    .run().changes;
}
