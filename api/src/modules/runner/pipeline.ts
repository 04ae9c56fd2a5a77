import type Database from 'better-sqlite3';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Job } from '@shared/schemas/job';
import type { RunSummary } from '@shared/schemas/job-item';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import type { PgDb } from '../../store/postgres/postgres';
import { dialectOfDb, tablesOf } from '../../store/schema/index';
import { recordActivity } from '../activity/activity';
import { toAgentDto } from '../agents/agents';
import { recordChange } from '../../store/change-log';
import { readPlanLimits } from '../billing/plan-limits';
import { toUserDto } from '../accounts/users';
import { capLeft, usageToday } from './caps';
import { claimTimes } from './claim-times';
import { agentCriteria, clientFilterFailure, insideWindow, pickJobs } from './criteria';
import type { PipelineDeps } from './deps';
import type { MarketplaceSession, Platform, SearchPage } from '../marketplaces/types';
import type { SearchCriteria } from '@shared/schemas/job';
import { callsThisHour, countCalls, hourStart } from '../marketplaces/call-budget';
import { SHARED_SEARCH, type CallKind } from './feed';
import { renewClaims, reserveJobs, returnToPool, writeReservedLetter, type LetterOutcome, type Reservations } from './reservation';
import { serviceFailure, withRetry } from './retry';
import { agentBackoffMs, type ServiceFailure } from './breaker';
import { afterRun, NO_RUN, saveRunState } from './run-state';
import { onAgentsSecond } from './spread';
import type { AgentRun, RunService } from '@shared/schemas/run';
import { recordRun, runCounts, RunJobs } from './run-history';
import { releaseAgent } from './lease';
import { TickShare } from './tick-share';
import { resumeDetails } from '../resume';
import type { ResumeDetails } from '@shared/schemas/resume';
import { countWaiting, queueWaiting, sendableWaiting } from './waiting';
import { allowance, currentWindow, MIN_RUN_GAP_MS, nextWindowStart, pacing, scanEvery, standoutScore } from './schedule';
import { validTimeZone } from '../../kernel/zoned-time';

export type { RunSummary };
export type { PipelineDeps };

/** A letter's outcome as the letters metric counts it. */
const LETTER_RESULTS: Record<LetterOutcome, string> = {
  draft: 'written',
  queued: 'written',
  failed: 'failed',
  returned: 'returned',
  lost: 'lost',
};

export interface RunOptions {
  /** Run now: outside the schedule and the pacing, still within the caps. */
  manual?: boolean;
  /** What the tick shares among its agents (limits, models, searches, analysed jobs); a run alone has its own. */
  share?: TickShare;
  /** The lease holder: the run frees the agent's lease when it ends, in its last transaction. */
  lease?: string;
  /**
   * Told what the run has done so far (Run now: the agent page shows it), inside the transaction
   * that saved the latest letter: jobs found, letters planned and written.
   */
  progress?: (done: { found: number; planned: number; written: number }, tx: Tx) => Promise<void>;
}

/**
 * One run of one agent: search with its criteria, drop jobs the user already has, apply the client
 * filters, rank, then for the best (within the daily cap, paced across the active hours) reserve a
 * job item before anything else, write the letter, and hold it as a draft (review) or queue it to
 * send (auto). The caller holds the agent's lease.
 */
export async function runAgent(deps: PipelineDeps, agentId: string, options: RunOptions = {}): Promise<RunSummary> {
  const { store, clock, marketplaces } = deps;
  const share = options.share ?? new TickShare();
  const now = clock.now();
  // Committed data, outside any transaction: what is checked before a write is read again in its transaction.
  const q = preparedOnce(runReads, store.db, prepareRunReads);
  const row = await q.agent.get({ id: agentId });
  const userRow = row ? await q.user.get({ id: row.userId }) : undefined;
  const empty = {
    agentId,
    found: 0,
    clientFiltered: 0,
    queued: 0,
    drafts: 0,
    flagged: 0,
    failed: 0,
    returned: 0,
    poorMatch: 0,
    overCap: 0,
    quota: 0,
  };
  const previousRun = row?.runState ?? NO_RUN;
  /**
   * Ends a run that wrote no job: frees the lease, and where the agent page has something to learn
   * (Run now's summary, a hold set or lifted, a run shown as under way) its run state, in one
   * transaction. `held` undefined keeps the hold as it was (the run did not ask the services). A
   * run that did nothing is kept in the agent's history when the user asked for it, or its search failed.
   */
  const done = async (summary: RunSummary, held?: AgentRun['held']): Promise<RunSummary> => {
    const showRun = row && (options.manual || held !== undefined || previousRun.running);
    const remember = row && (options.manual || summary.skipped === 'search_failed' || summary.skipped === 'call_limit');
    await store.tx(async (tx) => {
      if (options.lease) await releaseAgent(store, agentId, options.lease, new Date(summary.nextRunAt), now);
      if (showRun)
        await saveRunState(
          tx,
          agentId,
          (run) => ({ running: afterRun(run.running), last: lastRun(summary), held: held === undefined ? run.held : held }),
          now,
        );
      if (remember)
        await recordRun(tx, {
          userId: row.userId,
          agentId,
          at: now,
          manual: Boolean(options.manual),
          counts: runCounts(summary),
          jobs: [],
        });
    });
    return summary;
  };
  const lastRun = (summary: RunSummary) => ({ ...summary, endedAt: clock.now().toISOString(), manual: Boolean(options.manual) });
  /** The hold a failing service puts on this agent's runs, and when it is tried again (never before its Retry-After). */
  const holdFor = (service: RunService, failure: ServiceFailure): NonNullable<AgentRun['held']> => {
    const failures = (previousRun.held?.service === service ? previousRun.held.failures : 0) + 1;
    const breaker = deps.breaker?.check(service, now);
    const wait = Math.max(failure.retryAfterMs ?? 0, agentBackoffMs(failures, failure.reason));
    const until = Math.max(now.getTime() + wait, breaker?.open ? breaker.until.getTime() : 0);
    return { service, reason: failure.reason, until: new Date(until).toISOString(), failures, everyone: Boolean(breaker?.open) };
  };
  if (!row || !userRow) return done({ ...empty, skipped: 'inactive', nextRunAt: new Date(now.getTime() + 24 * 3600_000).toISOString() });
  const agent = toAgentDto(row);
  const profile = toUserDto(userRow);
  const timeZone = validTimeZone(userRow.timeZone);
  const window = currentWindow(now, agent, timeZone);
  const later = (at: Date, extra: Partial<RunSummary>): Promise<RunSummary> => done({ ...empty, ...extra, nextRunAt: at.toISOString() });
  // The start of its next active hours, at the agent's own second of that minute (spread.ts): agents
  // whose hours start at 09:00 run one after another through that minute, not all at once.
  const windowStart = () => onAgentsSecond(agentId, nextWindowStart(now, agent, timeZone));

  if (agent.status !== 'active' && !options.manual) return later(windowStart(), { skipped: 'inactive' });
  if (!window && !options.manual) return later(windowStart(), { skipped: 'outside_hours' });

  const limits = await share.limitsFor(userRow.id, () => readPlanLimits(store, userRow, now));
  const usage = await usageToday(store.db, userRow.id, agent.platform, agent.id, now, timeZone);
  // Sends are paced across the window (`gapMs` between two of the agent's sends).
  const paced = window ? pacing(window, agent.emailsPerDay, now) : { allowedSoFar: agent.emailsPerDay, gapMs: MIN_RUN_GAP_MS };
  // Searches are not: a scheduled run searches every few minutes (`scanEvery`), and drafts what is
  // good at once while the day's allowance, a bucket that keeps part of it for later jobs, lasts.
  // With `scanEveryMs: 0` the runs themselves are paced, one per send slot (fewest searches). Run now
  // spends what is left of the day.
  const scanning = deps.scanEveryMs !== 0;
  const bucket = window && scanning && !options.manual ? allowance(window, agent.emailsPerDay, now, deps.openingShare) : null;
  const next = () => {
    const soon = new Date(now.getTime() + (scanning ? scanEvery(deps.scanEveryMs) : paced.gapMs));
    return window && soon.getTime() < window.end.getTime() ? soon : windowStart();
  };
  const dayLeft = Math.min(capLeft(usage, agent.platform, limits), agent.emailsPerDay - usage.byAgent);
  const openNow = options.manual ? agent.emailsPerDay : (bucket?.allowedSoFar ?? paced.allowedSoFar);
  // What the run may spend on any good job; a standout (far above the floor) may take the rest of the day's.
  const allowed = Math.min(dayLeft, openNow - usage.byAgent);
  // Good jobs found while the share is spent are still drafted and told at once, outside the cap
  // (caps.ts), up to the plan's proposals a day of such letters for the user and the agent's for it.
  const waitingRoom = bucket ? Math.min(limits.proposalsPerDay - usage.waitingTotal, agent.emailsPerDay - usage.waitingByAgent) : 0;
  if ((bucket ? Math.max(dayLeft, waitingRoom) : allowed) <= 0) return later(next(), { skipped: 'cap_reached' });

  // A service this run needs keeps failing (its breaker is open in this process): held until it is tried again.
  for (const service of [agent.platform, 'writer'] as const) {
    const breaker = deps.breaker?.check(service, now);
    if (!breaker?.open) continue;
    const failures = previousRun.held?.service === service ? previousRun.held.failures : 0;
    const held = { service, reason: breaker.reason, until: breaker.until.toISOString(), failures, everyone: true };
    deps.log.info('agent run held', { agentId, service, reason: breaker.reason, until: held.until });
    return done({ ...empty, skipped: 'held', reason: breaker.message, nextRunAt: held.until }, held);
  }

  // Scan once, match many (feed.ts): where the marketplace's search is public, a scheduled run takes
  // its query's answer of this interval, asked once for every agent of the query; elsewhere (Upwork:
  // the user's token) each user's searches are counted against an hourly ceiling.
  const sharing = SHARED_SEARCH.has(agent.platform) && Boolean(deps.feed) && !options.manual;
  const ceiling = sharing ? undefined : deps.userCallsPerHour?.[agent.platform];
  if (ceiling !== undefined) {
    const used = await callsThisHour(store, userRow.id, agent.platform, now);
    if (used >= ceiling) {
      const nextHour = onAgentsSecond(agentId, new Date(hourStart(now).getTime() + 3600_000));
      const name = agent.platform === 'upwork' ? 'Upwork' : 'Freelancer.com';
      const reason = `${used} of ${ceiling} ${name} calls this hour are used by this account's agents; searching again at ${nextHour.toISOString()}`;
      deps.log.info('agent run at the hourly call ceiling', { agentId, platform: agent.platform, used, ceiling });
      return later(nextHour, { skipped: 'call_limit', reason });
    }
  }
  /** One search at the marketplace, its requests counted (a failed attempt counts as one). */
  const ask = (session: MarketplaceSession | null, criteria: SearchCriteria, kind: CallKind) =>
    withRetry(async () => {
      let requests = 1;
      try {
        const page = await marketplaces[agent.platform].adapter.search(session, criteria, 0, deps.searchSize ?? 100);
        requests = page.requests ?? 1;
        return page;
      } finally {
        deps.metrics?.marketplaceCalls.inc({ platform: agent.platform, kind }, requests);
        if (kind === 'user' && ceiling !== undefined) await countCalls(store, userRow.id, agent.platform, clock.now(), requests);
      }
    }, deps.retry);
  let jobs: Job[];
  let session: MarketplaceSession | null;
  try {
    session = await deps.session(userRow.id, agent.platform);
    const criteria = agentCriteria(agent, now);
    let page: SearchPage;
    if (sharing) {
      const shared = await deps.feed!.page(criteria, now.getTime(), (wide) => ask(null, wide, 'shared'));
      page = shared.page;
    } else {
      const request = { platform: agent.platform, session, criteria, page: 0, pageSize: deps.searchSize ?? 100 };
      page = await share.search(request, () => ask(session, criteria, 'user'));
    }
    // Only jobs inside the agent's "posted within" window, whatever the marketplace's filter let through.
    jobs = insideWindow(page.jobs, agent, now);
    deps.breaker?.success(agent.platform);
    deps.log.debug('agent search', { agentId, platform: agent.platform, jobs: jobs.length });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn('agent search failed', { agentId, reason });
    await store.tx((tx) => recordActivity(tx, userRow.id, 'run_failed', now, { agentId, data: { reason } }), { inTurn: userRow.id });
    const failure = serviceFailure(error);
    // One user's refused token says nothing of the marketplace: only its other failures count toward the breaker.
    if (failure && failure.reason !== 'refused') deps.breaker?.failure(agent.platform, now, failure);
    const held = failure ? holdFor(agent.platform, failure) : undefined;
    const retryAt = held ? new Date(held.until) : new Date(now.getTime() + Math.max(paced.gapMs, 30 * 60_000));
    return done({ ...empty, skipped: 'search_failed', reason, nextRunAt: retryAt.toISOString() }, held);
  }

  const externalIds = JSON.stringify(jobs.map((j) => j.externalId));
  const known = new Set(
    jobs.length ? (await q.known.all({ userId: userRow.id, platform: agent.platform, externalIds })).map((r) => r.externalId) : [],
  );
  // What became of each new job, for the agent's run history (run-history.ts).
  const history = new RunJobs();
  const unseen = jobs.filter((job) => !known.has(job.externalId));
  const fresh = unseen.filter((job) => {
    const failure = clientFilterFailure(job, agent);
    if (failure) history.client(job, failure);
    return !failure;
  });
  const { matchModel } = deps;
  const model = matchModel ? await share.modelFor(userRow.id, () => matchModel(userRow.id)) : null;
  // Scored only where the tick's index says the job can reach the agent's floor (match-index.ts).
  const { ranked, flagged, poorMatch, passedOver, unmatched } = pickJobs(
    fresh.map((job) => share.analyse(job)),
    agent,
    profile,
    { now, model, index: share.index ?? undefined },
  );

  history.passedOver(passedOver, agent.minMatchScore);
  history.unmatched(unmatched, agent.minMatchScore);
  const summary: RunSummary = {
    ...empty,
    found: fresh.length,
    clientFiltered: unseen.length - fresh.length,
    poorMatch,
    nextRunAt: next().toISOString(),
  };
  // The résumé fills the letters' empty placeholders: read once per run, at its first letter.
  let resume: Promise<ResumeDetails | null> | undefined;
  const resumeOnce = () => (resume ??= resumeDetails(store.db, userRow.id));
  // The bucket's open allowance goes, in spending order, to the good jobs posted since the agent's last
  // search (drafted minutes after posting); the good jobs it kept earlier wait in the pool, and take
  // what is still open at the first search of the window (the night's posts) and at its last one.
  // Standouts (far above the agent's minimum) may go beyond the open allowance, up to the day's cap,
  // and come first when they do.
  const standout = bucket ? standoutScore(agent.minMatchScore) : Number.POSITIVE_INFINITY;
  const lastSearch = row.lastRun?.getTime() ?? 0;
  // (And at the first search after a hold: what the failing service kept back is drafted then.)
  const poolOpen =
    !bucket ||
    !window ||
    previousRun.held !== null ||
    lastSearch < window.start.getTime() ||
    now.getTime() + scanEvery(deps.scanEveryMs) >= window.end.getTime();
  // (A shared answer is up to an interval older than the run that takes it: the jobs posted since the
  // answer the agent's last run saw are new, so that interval is allowed for too.)
  const answerAge = sharing ? deps.feed!.maxAgeMs : 0;
  const eligible = poolOpen ? ranked : ranked.filter((r) => Date.parse(r.job.datePosted) > lastSearch - NEW_SLACK_MS - answerAge);
  const standouts = ranked.filter((r) => r.match.score >= standout);
  const ofNow = (r: (typeof ranked)[number]) => r.match.score >= standout || eligible.includes(r);
  const first = standouts.length > Math.max(0, allowed) ? standouts : eligible;
  const spendNow = Math.min(dayLeft, Math.max(0, allowed, standouts.length), ranked.filter(ofNow).length);
  const order = [...first, ...ranked.filter((r) => !first.includes(r) && ofNow(r)), ...ranked.filter((r) => !ofNow(r))];
  // The refill: an auto agent's open allowance goes to the best of the day, the drafts it wrote while
  // its share was spent weighed against the new jobs, best first; what it sends of them is not
  // spent on new jobs (those still get a draft, waiting, below).
  const waitingDrafts = bucket && agent.sendMode === 'auto' && allowed > 0 ? await sendableWaiting(store.db, agentId, now, timeZone) : [];
  let refill = 0;
  for (let fresh = 0, slot = 0; slot < allowed && refill < waitingDrafts.length; slot++) {
    if (fresh < Math.min(spendNow, order.length) && order[fresh]!.match.score > waitingDrafts[refill]!.matchScore) fresh++;
    else refill++;
  }
  const spendFresh = Math.max(0, Math.min(spendNow, dayLeft) - refill);
  // The best jobs, reserved in one transaction; the rest stay in the pool for a later run (or tomorrow's).
  const batch =
    order.length && spendFresh > 0
      ? await reserveJobs(deps, agent, order, spendFresh, { limits, timeZone: userRow.timeZone })
      : { reserved: [], examined: 0 };
  const reservedIds = new Set(batch.reserved.map((r) => r.job.externalId));
  history.skipped(
    order.slice(0, batch.examined).filter((r) => !reservedIds.has(r.job.externalId)),
    'taken',
  );
  // Each claim lasts one letter's time from the reservation; when letters are slow, those still to
  // write are renewed before their claims could run out (the recovery would give their jobs back).
  const { writeMs } = claimTimes(deps.claims);
  // The writer's failure, if it failed this run: the jobs not yet written went back to the pool.
  let writerFailure: ServiceFailure | undefined;
  let written = 0;
  const writerKind = deps.writer.kind ?? 'ai';
  const { progress } = options;
  // Run now: what the search found and how many letters are to be written, before the first is.
  if (progress && batch.reserved.length > 0)
    await store.tx((tx) => progress({ found: fresh.length, planned: batch.reserved.length, written: 0 }, tx), { inTurn: userRow.id });
  // Sends keep their pacing across runs: a run right after another (the wake-up of a switched-on
  // agent, then Run now) queues its first letter one gap after the last one already queued, never
  // beside it.
  const lastSlot = batch.reserved.length ? await lastQueuedSend(store, agentId, new Date(now.getTime() - paced.gapMs)) : null;
  const firstSlot = lastSlot ? Math.max(now.getTime(), lastSlot.getTime() + paced.gapMs) : now.getTime();
  // The slots go to the letters that are queued, in turn: a letter held for review (its check failed,
  // a flagged job) leaves its slot to the next one instead of a gap in the day's sends.
  let queuedSlots = 0;
  const writeLetters = async (
    reserved: Reservations['reserved'],
    onOutcome: (outcome: LetterOutcome, reservation: Reservations['reserved'][number]) => void,
  ) => {
    // The claims were opened when the jobs were reserved.
    let claimedAt = reserved[0]?.takenAt.getTime() ?? clock.now().getTime();
    for (const [taken, reservation] of reserved.entries()) {
      if (clock.now().getTime() - claimedAt > writeMs / 2) {
        claimedAt = clock.now().getTime();
        await renewClaims(deps, userRow.id, reserved.slice(taken), new Date(claimedAt + writeMs));
      }
      const outcome = await writeReservedLetter(
        deps,
        agent,
        profile,
        reservation.job,
        reservation,
        session,
        new Date(firstSlot + queuedSlots * paced.gapMs),
        resumeOnce,
        {
          onServiceFailure: (failure) => {
            writerFailure = failure;
            deps.breaker?.failure('writer', clock.now(), failure);
            // A refused key or model is the operator's to fix: no run can write until then.
            if (failure.reason === 'refused')
              deps.log.alert(
                'the AI writer refuses our key or model; a person must check OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL',
                {
                  subject: 'writer',
                  reason: failure.message,
                },
              );
          },
          // Run now's progress, in the letter's own transaction.
          onSaved: progress && ((tx) => progress({ found: fresh.length, planned: batch.reserved.length, written: written + 1 }, tx)),
        },
      );
      onOutcome(outcome, reservation);
      if (outcome === 'queued') queuedSlots++;
      deps.metrics?.letters.inc({ writer: writerKind, result: LETTER_RESULTS[outcome] });
      if (outcome === 'draft' || outcome === 'queued') {
        written++;
        deps.breaker?.success('writer');
      }
      // The writer fails: the jobs still to write go back to the pool too, untried, for a later run.
      if (outcome === 'returned') {
        const more = await returnToPool(deps, userRow.id, reserved.slice(taken + 1));
        summary.returned += more;
        deps.metrics?.letters.inc({ writer: writerKind, result: 'returned' }, more);
        return false;
      }
      // Our claim was recovered: this run was taken for dead, and another one owns the agent's work
      // now (the items still reserved are released when their claims expire).
      if (outcome === 'lost') return false;
    }
    return true;
  };
  // Posted → draft of the jobs posted during the agent's hours that this scheduled run drafted (a
  // backlog from before the window, or Run now's, says nothing of how fast the agent sees new work).
  const latencies: number[] = [];
  const onLetter = (outcome: LetterOutcome, { job }: Reservations['reserved'][number]) => {
    const posted = Date.parse(job.datePosted);
    if ((outcome === 'draft' || outcome === 'queued') && !options.manual && window && posted >= window.start.getTime())
      latencies.push(Math.max(0, clock.now().getTime() - posted));
    if (outcome === 'draft') summary.drafts++;
    else if (outcome === 'queued') summary.queued++;
    else if (outcome === 'failed') summary.failed++;
    else if (outcome === 'returned') summary.returned++;
    // A job given back to the pool (the writer failed) is no outcome yet: a later run has it.
    if (outcome !== 'lost' && outcome !== 'returned') history.outcome(job, job.matchScore, outcome === 'draft' ? 'drafted' : outcome);
  };
  let kept = await writeLetters(batch.reserved, onLetter);
  // The refill's drafts go out at the slots after the new letters' (the sender sends each under its claim).
  if (refill > 0)
    summary.queued += await queueWaiting(
      deps,
      agent,
      waitingDrafts.slice(0, refill),
      { limits, timeZone: userRow.timeZone },
      firstSlot + queuedSlots * paced.gapMs,
      paced.gapMs,
    );
  // The good new jobs the share could not take: drafted now and pushed to the user ("today's share
  // is spent: send it now, or it waits for the next share"), outside the cap; an auto agent's refill
  // sends the best of them later. Only jobs posted since the agent's last search in its hours.
  // (The night's posts at the window's first search are old news: they stay in the pool.)
  const freshSince = Math.max(lastSearch, window?.start.getTime() ?? 0) - NEW_SLACK_MS - answerAge;
  const overflow = bucket ? order.slice(batch.examined).filter((r) => ofNow(r) && Date.parse(r.job.datePosted) > freshSince) : [];
  const waitingBatch =
    kept && overflow.length && waitingRoom > 0
      ? await reserveJobs(deps, agent, overflow, overflow.length, { limits, timeZone: userRow.timeZone }, { waiting: true })
      : { reserved: [], examined: 0 };
  if (waitingBatch.reserved.length) kept = await writeLetters(waitingBatch.reserved, onLetter);
  const waitingIds = new Set(waitingBatch.reserved.map((r) => r.job.externalId));
  const rest = order.slice(batch.examined).filter((r) => !waitingIds.has(r.job.externalId));
  const left = rest.length;
  if (left > 0) summary['quotaSpent' in batch ? 'quota' : 'overCap'] = left;
  history.skipped(rest, 'quotaSpent' in batch ? 'quota' : 'overCap');
  // What the agent waits for, on its page: (the allowance open) a new job that reaches its minimum,
  // or (the allowance spent for now) the next share of it, its drafts of good jobs (and the good
  // jobs kept, beyond those) waiting meanwhile.
  const spent = batch.reserved.length + refill;
  if (bucket && !('quotaSpent' in batch) && dayLeft > spent) {
    const waitingNow = (await countWaiting(store.db, agentId, now, timeZone)) + left;
    if (allowed > spent) summary.waiting = { reason: 'jobs' };
    else if (waitingNow > 0) summary.waiting = { reason: 'reserve', kept: waitingNow, opensAt: bucket.opensAt?.toISOString() ?? null };
  }

  // Jobs that would pass but raise a red flag: held as drafts with their flags for the user to choose,
  // never queued, outside the daily cap and the letter quota; at most the run's allowance of them
  // (and the agent's emails per day of them a day), so a feed of scams does not flood the review list.
  if (kept && flagged.length) {
    const held = await reserveJobs(deps, agent, flagged, Math.max(1, allowed), { limits, timeZone: userRow.timeZone }, { held: true });
    const heldIds = new Set(held.reserved.map((r) => r.job.externalId));
    history.skipped(
      flagged.filter((r) => !heldIds.has(r.job.externalId)),
      'overCap',
    );
    await writeLetters(held.reserved, (outcome, { job }) => {
      if (outcome === 'draft') summary.flagged++;
      else if (outcome === 'failed') summary.failed++;
      else if (outcome === 'returned') summary.returned++;
      if (outcome === 'draft' || outcome === 'failed') history.outcome(job, job.matchScore, outcome === 'draft' ? 'flagged' : 'failed');
    });
  }

  // The writer failed: the agent tries again once the writer may answer (its Retry-After, its
  // breaker, this agent's backoff), not at its usual pace; the page says why. Otherwise the services
  // answered and any hold is lifted.
  const held = writerFailure ? holdFor('writer', writerFailure) : null;
  if (held) summary.nextRunAt = held.until;

  // The run's record and the end of its lease, in one transaction.
  await store.tx(
    async (tx) => {
      const w = preparedOnce(runWrites, tx, prepareRunWrites);
      const newlySeen = jobs.length
        ? (await w.seen.run({ userId: userRow.id, platform: agent.platform, agentId, externalIds, firstSeenAt: now.getTime() })).changes
        : 0;
      await w.ran.run({
        id: agentId,
        now: now.getTime(),
        newlySeen,
        nextRunAt: new Date(summary.nextRunAt).getTime(),
        owner: options.lease ?? null,
      });
      // A scheduled search that saw nothing new and did nothing leaves no trace but its next time: at a
      // search every few minutes, a new version of the agent, an activity and a run each time would
      // flood the agent's sync, its activity and its run history.
      const didSomething = summary.drafts + summary.queued + summary.flagged + summary.failed + summary.returned > 0;
      const samePage =
        !held && !previousRun.held && !previousRun.running && JSON.stringify(previousRun.last?.waiting) === JSON.stringify(summary.waiting);
      if (!options.manual && newlySeen === 0 && !didSomething && samePage) return;
      await recordChange(tx, userRow.id, 'agent', agentId, now);
      await saveRunState(
        tx,
        agentId,
        (run) => ({
          running: afterRun(run.running),
          last: lastRun(summary),
          held,
          latency: withLatencies(run.latency ?? null, latencies),
        }),
        now,
      );
      const { agentId: _, nextRunAt: __, skipped: ___, reason: ____, waiting: _____, ...counts } = summary;
      await recordActivity(tx, userRow.id, 'agent_run', now, { agentId, data: { ...counts, manual: Boolean(options.manual) } });
      await recordRun(tx, {
        userId: userRow.id,
        agentId,
        at: now,
        manual: Boolean(options.manual),
        counts: runCounts(summary),
        jobs: history.list(),
      });
    },
    { inTurn: userRow.id },
  );
  return summary;
}

/** A job posted this long before the agent's last search counts as new at this one (the marketplace's listing lag). */
const NEW_SLACK_MS = 60_000;

/** Posted → draft samples kept per agent (its median is over these). */
export const LATENCY_SAMPLES = 50;

/** The agent's posted → draft figures with a run's samples added (as they were when it has none). */
export function withLatencies(current: AgentRun['latency'], samples: readonly number[]): AgentRun['latency'] {
  if (samples.length === 0) return current ?? null;
  const recent = [...(current?.recent ?? []), ...samples.map((ms) => Math.round(ms))].slice(-LATENCY_SAMPLES);
  const sorted = [...recent].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  return { lastMs: recent[recent.length - 1]!, medianMs, recent };
}

/** The latest send time this agent has queued after `since` (null when none). */
async function lastQueuedSend(store: PipelineDeps['store'], agentId: string, since: Date): Promise<Date | null> {
  const { jobItems } = tablesOf(store.db);
  const [row] = await store.db
    .select({ at: max(jobItems.sendAfter) })
    .from(jobItems)
    .where(and(eq(jobItems.agentId, agentId), gt(jobItems.sendAfter, since)));
  return row?.at ?? null;
}

type RunWriteCounts = { changes: number };

/** `prepareRunWrites` on PostgreSQL: the same two writes, on the transaction under way. */
function runWritesOnPostgres(tx: Tx) {
  const { agents, seenJobs } = tablesOf(tx);
  return {
    seen: {
      // As on SQLite, one statement whatever the number of jobs: the ids are one JSON parameter,
      // so the SQL text is always the same (postgres.js prepares it once per connection).
      async run(p: {
        userId: string;
        platform: Platform;
        agentId: string;
        externalIds: string;
        firstSeenAt: number;
      }): Promise<RunWriteCounts> {
        const added = await (tx as unknown as PgDb).execute(
          sql`insert into ${seenJobs} (user_id, platform, external_id, agent_id, first_seen_at)
              select ${p.userId}, ${p.platform}, value, ${p.agentId}, ${new Date(p.firstSeenAt).toISOString()}::timestamptz
              from jsonb_array_elements_text(${p.externalIds}::jsonb) on conflict do nothing`,
        );
        return { changes: added.count };
      },
    },
    ran: {
      async run(p: { id: string; now: number; newlySeen: number; nextRunAt: number; owner: string | null }): Promise<RunWriteCounts> {
        const ours = sql`${agents.leaseOwner} = ${p.owner}`;
        const done = await tx
          .update(agents)
          .set({
            lastRun: new Date(p.now),
            jobsFound: sql`${agents.jobsFound} + ${p.newlySeen}`,
            nextRunAt: new Date(p.nextRunAt),
            updatedAt: new Date(p.now),
            leaseUntil: sql`case when ${ours} then null else ${agents.leaseUntil} end`,
            leaseOwner: sql`case when ${ours} then null else ${agents.leaseOwner} end`,
          })
          .where(eq(agents.id, p.id))
          .returning({ id: agents.id });
        return { changes: done.length };
      },
    },
  };
}

// A run's own reads and writes, prepared once per connection (they run for every agent of every
// tick): the reads on the one they are read from (the store's, outside transactions), the writes on
// the transaction's.
const runReads = new WeakMap<object, ReturnType<typeof prepareRunReads>>();
function prepareRunReads(db: Tx) {
  const { agents, jobItems, users } = tablesOf(db);
  // The ids arrive as one JSON list (one placeholder, however many jobs a search answered).
  const list = sql.placeholder('externalIds');
  const ids =
    dialectOfDb(db) === 'postgres' ? sql`(select jsonb_array_elements_text(${list}::jsonb))` : sql`(select value from json_each(${list}))`;
  return {
    agent: db
      .select()
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare(),
    user: db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(),
    known: db
      .select({ externalId: jobItems.externalId })
      .from(jobItems)
      .where(
        and(
          eq(jobItems.userId, sql.placeholder('userId')),
          eq(jobItems.platform, sql.placeholder('platform')),
          sql`${jobItems.externalId} in ${ids}`,
        ),
      )
      .prepare(),
  };
}

const runWrites = new WeakMap<object, ReturnType<typeof prepareRunWrites>>();
function prepareRunWrites(tx: Tx, connection: Database.Database) {
  // PostgreSQL: the same two writes through drizzle (preparedOnce builds them per call there).
  if (!connection) return runWritesOnPostgres(tx);
  return {
    // The jobs a search answered that this user's agents had never seen (its changes: how many).
    seen: connection.prepare<{ userId: string; platform: Platform; agentId: string; externalIds: string; firstSeenAt: number }>(
      `INSERT INTO seen_jobs (user_id, platform, external_id, agent_id, first_seen_at)
       SELECT @userId, @platform, value, @agentId, @firstSeenAt FROM json_each(@externalIds) WHERE true ON CONFLICT DO NOTHING`,
    ),
    // The run's record; the lease ends only if this process still holds it.
    ran: connection.prepare<{ id: string; now: number; newlySeen: number; nextRunAt: number; owner: string | null }>(
      `UPDATE agents SET last_run = @now, jobs_found = jobs_found + @newlySeen, next_run_at = @nextRunAt, updated_at = @now,
         lease_until = CASE WHEN lease_owner = @owner THEN NULL ELSE lease_until END,
         lease_owner = CASE WHEN lease_owner = @owner THEN NULL ELSE lease_owner END
       WHERE id = @id`,
    ),
  };
}
