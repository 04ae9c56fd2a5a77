import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Agent } from '@shared/schemas/agent';
import type { Job } from '@shared/schemas/job';
import type { User } from '@shared/schemas/user';
import { withResumeDetails } from '@shared/resume-details';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { agents, jobItems, users } from '../db/schema';
import type { Logger } from '../logger';
import type { Marketplaces, MarketplaceSession, Platform } from '../adapters/marketplace/types';
import { recordActivity } from '../services/activity';
import { resumeDetails } from '../services/resume';
import { toAgentDto } from '../services/agents';
import { recordChange } from '../services/change-log';
import { planLimitsFor } from '../services/plan-limits';
import { toUserDto } from '../services/users';
import { capLeft, usedToday } from './caps';
import { agentCriteria, bidAmount, passesClientFilters, pickJobs } from './criteria';
import type { PersonalModel } from '@shared/scoring';
import type { NotifierPort, QuotaPort, WriterPort } from './ports';
import { withRetry, type RetryOptions } from './retry';
import { currentWindow, MIN_RUN_GAP_MS, nextWindowStart, pacing } from './schedule';
import { validTimeZone } from './zoned-time';

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
  /** Jobs asked of the marketplace per run. */
  searchSize?: number;
  /** The user's learned matching preferences (services/match-learning.ts). */
  matchModel?: (userId: string) => PersonalModel | null;
}

export interface RunSummary {
  agentId: string;
  /** Why nothing was done, when nothing was. */
  skipped?: 'inactive' | 'outside_hours' | 'cap_reached' | 'search_failed';
  reason?: string;
  found: number;
  queued: number;
  drafts: number;
  failed: number;
  /** Jobs passed over as poor matches: outside the agent's rates or under its minimum match score. */
  poorMatch: number;
  nextRunAt: string;
}

const DEFAULT_PERIOD_DAYS = 7;

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
  const empty = { agentId, found: 0, queued: 0, drafts: 0, failed: 0, poorMatch: 0 };
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
  try {
    const session = await deps.session(userRow.id, agent.platform);
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
  const { ranked: matching, poorMatch } = pickJobs(fresh, agent, profile, { now, model: deps.matchModel?.(userRow.id) });
  const ranked = matching.slice(0, allowed);

  const summary: RunSummary = { ...empty, found: fresh.length, poorMatch, nextRunAt: next().toISOString() };
  for (const [index, job] of ranked.entries()) {
    const itemId = reserve(deps, agent, job, timeZone, limits);
    if (!itemId) break; // the cap was reached meanwhile (another agent of this user)
    const outcome = await writeLetter(deps, agent, profile, job, itemId, new Date(now.getTime() + index * paced.gapMs));
    if (outcome === 'draft') summary.drafts++;
    else if (outcome === 'queued') summary.queued++;
    else summary.failed++;
  }

  db.transaction((tx) => {
    tx.update(agents)
      .set({ lastRun: now, jobsFound: sql`${agents.jobsFound} + ${fresh.length}`, updatedAt: now })
      .where(eq(agents.id, agentId))
      .run();
    recordChange(tx, userRow.id, 'agent', agentId, now);
    recordActivity(tx, userRow.id, 'agent_run', now, { agentId, data: { found: summary.found, queued: summary.queued, drafts: summary.drafts, failed: summary.failed, poorMatch, manual: Boolean(options.manual) } });
  });
  return summary;

  function reserve(d: PipelineDeps, a: Agent, job: (typeof ranked)[number], tz: string, planLimits: typeof limits): string | null {
    return d.db.transaction((tx) => {
      if (capLeft(tx, a.userId, a.platform, planLimits, now, tz) <= 0) return null;
      const id = crypto.randomUUID();
      const inserted = tx
        .insert(jobItems)
        .values({
          id,
          userId: a.userId,
          agentId: a.id,
          platform: a.platform,
          externalId: job.externalId,
          title: job.title,
          clientName: job.clientName,
          status: 'processing',
          budget: budgetText(job),
          experienceLevel: job.experienceLevel,
          duration: job.duration,
          applyUrl: job.url,
          jobUrl: job.url,
          description: job.description,
          matchScore: job.matchScore,
          matchReason: job.matchReason,
          bidAmount: bidAmount(job, a),
          bidCurrency: job.currency,
          bidPeriodDays: DEFAULT_PERIOD_DAYS,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: jobItems.id })
        .get();
      if (!inserted) return null;
      recordChange(tx, a.userId, 'jobItem', id, now);
      return id;
    });
  }
}

function budgetText(job: Job): string | null {
  if (job.minBudget === null && job.maxBudget === null) return null;
  const range = job.minBudget !== null && job.maxBudget !== null && job.minBudget !== job.maxBudget ? `${job.minBudget} - ${job.maxBudget}` : String(job.minBudget ?? job.maxBudget);
  return `${range} ${job.currency}${job.type === 'hourly' ? '/h' : ''}`;
}

/** Writes the letter for a reserved item; the item becomes a draft (review) or queued to send (auto). */
async function writeLetter(deps: PipelineDeps, agent: Agent, profile: User, job: Job, itemId: string, sendAfter: Date): Promise<'draft' | 'queued' | 'failed'> {
  const { db, clock } = deps;
  let text: string;
  let writer: string;
  try {
    db.transaction((tx) => deps.quota.consume(tx, agent.userId, clock.now()));
    // The résumé fills the placeholders the agent leaves empty (work history, education, …).
    const input = withResumeDetails({ agent, profile, job }, resumeDetails(db, agent.userId));
    const written = await withRetry(() => deps.writer.write(input), deps.retry);
    text = written.text;
    writer = written.writer;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    finish(deps, agent, itemId, { status: 'failed', lastError: reason });
    void deps.notifier.notify(agent.userId, 'proposal_failed', { title: job.title, body: reason, url: `/dashboard/automations/${agent.id}`, jobItemId: itemId });
    return 'failed';
  }
  const review = agent.sendMode === 'review';
  finish(deps, agent, itemId, { status: review ? 'draft' : 'processing', proposalRequirements: text, writer, sendAfter: review ? null : sendAfter });
  if (review) {
    void deps.notifier.notify(agent.userId, 'draft_waiting', { title: job.title, body: text.slice(0, 140), url: `/dashboard/automations/${agent.id}?item=${itemId}`, jobItemId: itemId });
  }
  return review ? 'draft' : 'queued';
}

function finish(deps: PipelineDeps, agent: Agent, itemId: string, fields: Partial<typeof jobItems.$inferInsert>) {
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    tx.update(jobItems)
      .set({ ...fields, updatedAt: now, version: sql`${jobItems.version} + 1` })
      .where(eq(jobItems.id, itemId))
      .run();
    recordChange(tx, agent.userId, 'jobItem', itemId, now);
    if (fields.status === 'draft') recordActivity(tx, agent.userId, 'draft_waiting', now, { agentId: agent.id, jobItemId: itemId });
    if (fields.status === 'failed') recordActivity(tx, agent.userId, 'proposal_failed', now, { agentId: agent.id, jobItemId: itemId, data: { reason: fields.lastError } });
  });
}
