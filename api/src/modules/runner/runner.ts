import crypto from 'node:crypto';
import { Cron } from 'croner';
import type { Platform } from '../marketplaces/types';
import { releaseAgent, claimAgent, claimDueAgents, nextDueAt } from './lease';
import type { OutcomeTimes } from './outcome-schedule';
import { pollOutcomes, type OutcomePollResult } from './outcomes';
import { runAgent, type PipelineDeps, type RunOptions, type RunSummary } from './pipeline';
import { Breaker } from './breaker';
import { SharedFeed } from './feed';
import { scanEvery } from './schedule';
import { saveRunState } from './run-state';
import { recoverExpiredClaims } from './recovery';
import { releaseHeld, type Released } from './release';
import { TickShare } from './tick-share';
import { MatchIndex } from './match-index';
import { sendDue } from './sender';
import type { Wakeups } from '../../store/wakeups';

export interface RunnerOptions {
  /** How long a claimed agent is ours; a crashed run's agents are free again after it. */
  leaseMs?: number;
  /** This process, in leases (several API processes can share one database). */
  owner?: string;
  /**
   * Agents run at once: a run mostly waits on the marketplace and the writer. Each of these lanes
   * claims the next due agent as it comes free, so the process holds leases only on agents it is
   * running and other runner processes take the rest.
   */
  concurrency?: number;
  /** Other work each tick does after the agents (the mail outbox). */
  chores?: Array<() => Promise<unknown>>;
  /** Reading sent proposals' outcomes (modules/runner/outcomes.ts): the first wait, and checks per tick. */
  outcomes?: Partial<OutcomeTimes> & { batch?: number };
  /**
   * Where Run now's proposals go out: by default from here, right after the run; given, a process
   * that runs no runner (ROLE=api) hands them to the runner processes (a wake-up) instead.
   */
  handOffSends?: () => void;
  /**
   * Whether new jobs reach agents through the index on skill ids (match-index.ts; the default), or
   * every agent scores every job of its page (false: the all-agents path, for the runner bench).
   */
  matchIndex?: boolean;
}

/**
 * The scheduler: each tick (croner, every minute) claims the due agents with a lease, runs each,
 * frees it with the time it is next due, sends the proposals that are due, then reads the outcomes
 * of sent proposals that are due. `tick` is public so tests drive time themselves.
 */
export class Runner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly chores: Array<() => Promise<unknown>>;
  private readonly outcomes: RunnerOptions['outcomes'];
  private readonly handOffSends: (() => void) | undefined;
  /** When each marketplace may be asked about outcomes again after a 429. */
  private readonly outcomesPausedUntil = new Map<Platform, number>();
  private cron: Cron | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private ticking = false;
  /** The tick under way runs the due agents only (a wake within the minute, spread.ts). */
  private tickingAgentsOnly = false;
  /** Wakes the runner within the minute when the next agent falls due on its own second. */
  private spreadTimer: NodeJS.Timeout | undefined;
  /** A wake-up came during a tick: tick again when it ends. */
  private wakeAgain = false;
  /** Set by `stop`: no new claim is taken, and what is under way ends as soon as it can. */
  private stopping = false;
  /** Work started outside the ticks (Run now, sends after an approval) that shutdown waits for. */
  private readonly outside = new Set<Promise<unknown>>();
  /**
   * The runs of this process under way, by agent (a tick's, a wake-up's, a Run now's): a Run now
   * shares the agent's lease with them rather than being turned away or running beside them.
   */
  private readonly underway = new Map<string, { manual: boolean; startedAt: Date; run: Promise<RunSummary> }>();
  private unlisten: (() => void) | undefined;

  private readonly deps: PipelineDeps;
  /** The index from skill ids to the agents this process runs, kept up to date as they run (match-index.ts). */
  private readonly matchIndex: MatchIndex | null;

  constructor(deps: PipelineDeps, options: RunnerOptions = {}) {
    // One breaker for the process: every lane's runs, and Run now's, learn from each other's failures;
    // and one shared feed: a public search is asked once per query per scan interval (feed.ts).
    this.deps = {
      ...deps,
      breaker: deps.breaker ?? new Breaker(),
      feed: deps.feed === null ? null : (deps.feed ?? new SharedFeed(scanEvery(deps.scanEveryMs))),
    };
    this.owner = options.owner ?? `runner-${crypto.randomUUID()}`;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.concurrency = options.concurrency ?? 8;
    this.chores = options.chores ?? [];
    this.outcomes = options.outcomes;
    this.handOffSends = options.handOffSends;
    this.matchIndex = options.matchIndex === false ? null : new MatchIndex();
  }

  /** Gives back what a crashed process left claimed (also done at the start of every tick). */
  async recover(): Promise<{ released: number; requeued: number }> {
    const recovered = await recoverExpiredClaims(this.deps);
    if (recovered.released) this.deps.metrics?.recoveries.inc({ kind: 'released' }, recovered.released);
    if (recovered.requeued) this.deps.metrics?.recoveries.inc({ kind: 'requeued' }, recovered.requeued);
    if (recovered.released || recovered.requeued) this.deps.log.info('claims recovered', recovered);
    return recovered;
  }

  /**
   * A tick: what a crash left is recovered, the due agents run, then (unless `agentsOnly`, a wake
   * within the minute for agents due on their own second) the due sends, the chores and the
   * outcome checks.
   */
  async tick(
    options: { agentsOnly?: boolean } = {},
  ): Promise<{ runs: RunSummary[]; sent: number; failed: number; outcomes: OutcomePollResult | null }> {
    await this.recover();
    const runs: RunSummary[] = [];
    // Limits, models, searches and analysed jobs read once and shared by the tick's agents.
    const share = new TickShare(this.matchIndex);
    const stop = () => this.stopping;
    // One claim per agent, by the lane that will run it: a batch claimed ahead would sit leased behind
    // this process's lanes while another runner process has lanes free. Two agents of one user may run
    // at once: the cap is re-checked in each reserving transaction.
    const lane = async () => {
      while (!stop()) {
        const [agentId] = await claimDueAgents(this.deps.store, this.owner, this.deps.clock.now(), this.leaseMs, 1);
        if (!agentId) return;
        try {
          runs.push(await this.track(agentId, false, this.runClaimed(agentId, false, share)));
        } catch {
          // Logged, and the agent given back for a retry, by runClaimed: the lane goes on to the
          // next due agent. Thrown on, it would end the tick while the other lanes ran on unawaited.
        }
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, lane));
    if (stop() || options.agentsOnly) return { runs, sent: 0, failed: 0, outcomes: null };
    const sending = await sendDue({ ...this.deps, stopping: stop });
    for (const chore of this.chores) await chore().catch((error: unknown) => this.deps.log.error('runner chore failed', { error }));
    return { runs, sent: sending.sent, failed: sending.failed, outcomes: stop() ? null : await this.pollOutcomes() };
  }

  /** Reads the outcomes of sent proposals that are due (a failure is logged, never thrown into the tick). */
  async pollOutcomes(): Promise<OutcomePollResult | null> {
    const { batch, ...times } = this.outcomes ?? {};
    try {
      return await pollOutcomes(this.deps, {
        owner: this.owner,
        batch,
        times,
        leaseMs: this.leaseMs,
        pausedUntil: this.outcomesPausedUntil,
      });
    } catch (error) {
      this.deps.log.error('outcome checks failed', { error });
      return null;
    }
  }

  /**
   * Run now, waited for: at once, outside the schedule, still within the cap. Null when a run in
   * another process holds the agent, or when stopping.
   */
  async runNow(agentId: string): Promise<RunSummary | null> {
    const started = await this.startNow(agentId);
    return started ? started.done : null;
  }

  /**
   * Run now as the route starts it: claims the agent and marks it running (the agent page shows it)
   * before answering, then runs it in the background (shutdown waits for it), writing its progress
   * and its summary onto the agent, which reach the page by sync. It shares the agent's lease with
   * the runs of this process: pressed while another Run now of the agent is under way, it answers
   * that run; while a scheduled run (the wake-up of an agent just switched on) is under way, it waits
   * for it and then runs, its sends paced after that run's (pipeline.ts); while a run of another
   * process holds the agent's lease (the runner child of `npm start`), it waits for that lease to be
   * given back, then takes it. Either way it is `queued`, and the agent page shows it at once.
   * Null when stopping.
   */
  async startNow(agentId: string, turn = 0): Promise<{ startedAt: Date; done: Promise<RunSummary>; queued?: boolean } | null> {
    const { clock } = this.deps;
    const under = this.underway.get(agentId);
    // Pressed again while a Run now of the agent is under way: that run is the answer.
    if (under?.manual) return { startedAt: under.startedAt, done: under.run };
    if (this.stopping || turn > 4) return null;
    if (under) {
      // A scheduled run of this process holds the agent (the wake-up of an agent just switched on):
      // this one starts when it ends, its sends paced after that run's (pipeline.ts). Answered now.
      const startedAt = clock.now();
      await this.markQueued(agentId, startedAt);
      const done = this.alongside(
        under.run
          .catch(() => undefined)
          .then(() => this.startNow(agentId, turn + 1))
          .then((next) => {
            if (!next) throw new Error('Another run took the agent');
            return next.done;
          }),
      );
      done.catch(() => this.unmarkQueued(agentId));
      return { startedAt, done, queued: true };
    }
    const startedAt = clock.now();
    const started = await this.claimAndRun(agentId, startedAt);
    if (started) return started;
    // Held: by a lane of this process that has just claimed it (it is under way once its claim's
    // answer has been taken in), or by another process.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.underway.has(agentId)) return this.startNow(agentId, turn + 1);
    // Another process runs the agent: this one is queued behind that run, sharing its lease.
    await this.markQueued(agentId, startedAt);
    const done = this.alongside(this.afterOtherProcess(agentId, startedAt));
    done.catch(() => this.unmarkQueued(agentId));
    return { startedAt, done, queued: true };
  }

  /**
   * Claims the agent now (false when another run holds it) and marks it running (the agent page
   * shows it), then runs it in the background (shutdown waits for it) and sends its proposals.
   */
  private async claimAndRun(agentId: string, startedAt: Date): Promise<{ startedAt: Date; done: Promise<RunSummary> } | null> {
    const { store, clock } = this.deps;
    // Tracked from the claim on: a shutdown that begins while it is being taken waits for the run.
    if (await this.alongside(claimAgent(store, agentId, this.owner, startedAt, this.leaseMs))) {
      const until = new Date(startedAt.getTime() + this.leaseMs).toISOString();
      const running = { startedAt: startedAt.toISOString(), until, manual: true, found: null, planned: 0, written: 0 };
      const marked = store.tx((tx) => saveRunState(tx, agentId, () => ({ running }), startedAt));
      const progress: RunOptions['progress'] = (done, tx) =>
        saveRunState(tx, agentId, (run) => ({ running: run.running && { ...run.running, ...done } }), clock.now());
      const run = marked.then(() => this.runClaimed(agentId, true, new TickShare(this.matchIndex), progress));
      const done = this.alongside(
        this.track(agentId, true, run, startedAt).then(async (summary) => {
          if (this.handOffSends) this.handOffSends();
          else await sendDue({ ...this.deps, stopping: () => this.stopping });
          return summary;
        }),
      );
      done.catch(() => undefined);
      await marked;
      return { startedAt, done };
    }
    return null;
  }

  /**
   * Waits (a look a second) until the run of another process gives the agent's lease back, or it
   * lapses, then runs the agent now as Run now does. Fails when stopping, or when no lease could be
   * had within a lease's time.
   */
  private async afterOtherProcess(agentId: string, queuedAt: Date): Promise<RunSummary> {
    const giveUpAt = queuedAt.getTime() + this.leaseMs + 60_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (this.stopping || this.deps.clock.now().getTime() > giveUpAt) throw new Error('Run now could not take the agent');
      const under = this.underway.get(agentId);
      if (under?.manual) return under.run;
      if (under) continue;
      const started = await this.claimAndRun(agentId, this.deps.clock.now());
      if (started) return started.done;
    }
  }

  /** Shows Run now on the agent page as waiting for the run under way (unless a Run now is shown already). */
  private markQueued(agentId: string, startedAt: Date): Promise<void> {
    const until = new Date(startedAt.getTime() + this.leaseMs).toISOString();
    const queued = { startedAt: startedAt.toISOString(), until, manual: true, queued: true, found: null, planned: 0, written: 0 };
    return this.deps.store.tx((tx) =>
      saveRunState(
        tx,
        agentId,
        (run) => (run.running?.manual && Date.parse(run.running.until) > startedAt.getTime() ? {} : { running: queued }),
        startedAt,
      ),
    );
  }

  /** A queued Run now that will not run after all: the page no longer shows it waiting. */
  private unmarkQueued(agentId: string): void {
    const now = this.deps.clock.now();
    this.deps.store
      .tx((tx) => saveRunState(tx, agentId, (run) => (run.running?.queued ? { running: null } : {}), now))
      .catch((error: unknown) => this.deps.log.warn('could not clear a queued Run now', { agentId, error }));
  }

  /** Marks a run of this process under way for its agent until it ends. */
  private track(agentId: string, manual: boolean, run: Promise<RunSummary>, startedAt = this.deps.clock.now()): Promise<RunSummary> {
    const entry = { manual, startedAt, run };
    this.underway.set(agentId, entry);
    void run
      .finally(() => {
        if (this.underway.get(agentId) === entry) this.underway.delete(agentId);
      })
      .catch(() => undefined);
    return run;
  }

  /** Tracks work started outside the ticks, so shutdown waits for it too. */
  private alongside<T>(work: Promise<T>): Promise<T> {
    this.outside.add(work);
    void work.finally(() => this.outside.delete(work)).catch(() => undefined);
    return work;
  }

  /**
   * Runs a claimed agent; the run frees the lease as it ends (a failed run here, due again in 15
   * minutes, its page no longer showing it under way). One log line per run, and the runs metric.
   */
  private async runClaimed(agentId: string, manual: boolean, share: TickShare, progress?: RunOptions['progress']): Promise<RunSummary> {
    const started = performance.now();
    try {
      const summary = await runAgent(this.deps, agentId, { manual, share, lease: this.owner, progress });
      this.deps.metrics?.runs.inc({ outcome: summary.skipped ?? 'ran' });
      const { agentId: _, nextRunAt, ...counts } = summary;
      this.deps.log.info('agent run', { agentId, manual, ...counts, nextRunAt, ms: Math.round(performance.now() - started) });
      return summary;
    } catch (error) {
      this.deps.metrics?.runs.inc({ outcome: 'error' });
      this.deps.log.error('agent run failed', { agentId, manual, error });
      const now = this.deps.clock.now();
      await this.deps.store.tx(async (tx) => {
        await releaseAgent(this.deps.store, agentId, this.owner, new Date(now.getTime() + 15 * 60_000), now);
        if (manual) await saveRunState(tx, agentId, () => ({ running: null }), now);
      });
      throw error;
    }
  }

  /** Sends one approved proposal now, off the request (the next tick would otherwise). */
  sendSoon(jobItemId: string): void {
    if (this.stopping) return;
    void this.alongside(sendDue(this.deps, 25, jobItemId)).catch((error: unknown) =>
      this.deps.log.error('send failed', { jobItemId, error }),
    );
  }

  /**
   * Starts the schedule; with `wakeups`, a signal from any process (an agent activated, a proposal
   * approved) starts a tick at once instead of at the next one.
   */
  start(pattern = '* * * * *', wakeups?: Wakeups): void {
    this.stopping = false;
    // Tracked as the work under way: a stop right after the start waits for it.
    this.cron ??= new Cron(pattern, { protect: true, unref: false }, async () => {
      if (!this.ticking) await this.runTick();
      // A wake within the minute is under way: the scheduled tick (sends, chores) follows it.
      else if (this.tickingAgentsOnly) this.wakeAgain = true;
    });
    // Then the agents that fall due on their own second before the first tick are woken for.
    this.running = this.recover()
      .catch((error: unknown) => this.deps.log.error('recovering claims failed', { error }))
      .then(() => this.planSpreadWake())
      .catch((error: unknown) => this.deps.log.warn('could not read when agents are next due', { error }));
    this.unlisten ??= wakeups?.listen(() => this.wake());
  }

  /** A tick now (or right after the one under way), when the schedule runs. */
  wake(): void {
    if (!this.cron || this.stopping) return;
    if (this.ticking) this.wakeAgain = true;
    else void this.runTick();
  }

  /**
   * After a tick: when the next agent falls due on its own second before the next scheduled tick, a
   * wake then (at most one a second) runs the agents due by that time, and nothing else.
   */
  private async planSpreadWake(): Promise<void> {
    if (!this.cron || this.stopping) return;
    const now = this.deps.clock.now();
    const due = await nextDueAt(this.deps.store, now);
    const toNextTick = this.cron?.msToNext();
    clearTimeout(this.spreadTimer);
    this.spreadTimer = undefined;
    if (!due || toNextTick === null || toNextTick === undefined || !this.cron || this.stopping) return;
    if (due.getTime() - now.getTime() >= toNextTick) return;
    this.spreadTimer = setTimeout(
      () => {
        this.spreadTimer = undefined;
        if (this.cron && !this.stopping && !this.ticking) void this.runTick(true);
      },
      Math.max(1000, due.getTime() - now.getTime()),
    );
  }

  private runTick(agentsOnly = false): Promise<unknown> {
    this.ticking = true;
    this.tickingAgentsOnly = agentsOnly;
    if (!agentsOnly) this.wakeAgain = false;
    const started = performance.now();
    this.running = this.tick({ agentsOnly })
      .then((done) => {
        if (this.deps.log.enabled('debug'))
          this.deps.log.debug('runner tick', {
            runs: done.runs.length,
            sent: done.sent,
            failed: done.failed,
            ms: Math.round(performance.now() - started),
          });
      })
      .catch((error: unknown) => this.deps.log.error('runner tick failed', { error }))
      .finally(async () => {
        this.ticking = false;
        this.tickingAgentsOnly = false;
        if (this.wakeAgain && this.cron && !this.stopping) void this.runTick();
        else
          await this.planSpreadWake().catch((error: unknown) => this.deps.log.warn('could not read when agents are next due', { error }));
      });
    return this.running;
  }

  /**
   * Stops the schedule and the wake-ups, takes no new claim, and waits up to `graceMs` for the work
   * under way (the tick, Run now, sends) to end. Answers whether it all ended; what did not still
   * holds its leases until `release` gives them back.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<'drained' | 'timeout'> {
    this.stopping = true;
    clearTimeout(this.spreadTimer);
    this.spreadTimer = undefined;
    this.cron?.stop();
    this.cron = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
    let timer: NodeJS.Timeout | undefined;
    const all = Promise.allSettled([this.running, ...this.outside]).then(() => 'drained' as const);
    const timeout = Number.isFinite(graceMs)
      ? new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)))
      : undefined;
    const how = timeout ? await Promise.race([all, timeout]) : await all;
    clearTimeout(timer);
    return how;
  }

  /** Gives back what this process still holds (modules/runner/release.ts): the last step before the store closes. */
  release(): Promise<Released> {
    return releaseHeld(this.deps.store, this.owner, this.deps.clock.now());
  }
}
