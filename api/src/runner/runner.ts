import crypto from 'node:crypto';
import { Cron } from 'croner';
import type { Platform } from '../adapters/marketplace/types';
import { releaseAgent, claimAgent, claimDueAgents } from './lease';
import type { OutcomeTimes } from './outcome-schedule';
import { pollOutcomes, type OutcomePollResult } from './outcomes';
import { runAgent, type PipelineDeps, type RunSummary } from './pipeline';
import { recoverExpiredClaims } from './recovery';
import { TickShare } from './tick-share';
import { sendDue } from './sender';

export interface RunnerOptions {
  /** How long a claimed agent is ours; a crashed run's agents are free again after it. */
  leaseMs?: number;
  /** Agents claimed per tick. */
  batch?: number;
  /** This process, in leases (several API processes can share one database). */
  owner?: string;
  /** Agents run at once: a run mostly waits on the marketplace and the writer. */
  concurrency?: number;
  /** Other work each tick does after the agents (the mail outbox). */
  chores?: Array<() => Promise<unknown>>;
  /** Reading sent proposals' outcomes (runner/outcomes.ts): the first wait, and checks per tick. */
  outcomes?: Partial<OutcomeTimes> & { batch?: number };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * The scheduler: each tick (croner, every minute) claims the due agents with a lease, runs each,
 * frees it with the time it is next due, sends the proposals that are due, then reads the outcomes
 * of sent proposals that are due. `tick` is public so tests drive time themselves.
 */
export class Runner {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly concurrency: number;
  private readonly chores: Array<() => Promise<unknown>>;
  private readonly outcomes: RunnerOptions['outcomes'];
  /** When each marketplace may be asked about outcomes again after a 429. */
  private readonly outcomesPausedUntil = new Map<Platform, number>();
  private cron: Cron | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: PipelineDeps,
    options: RunnerOptions = {},
  ) {
    this.owner = options.owner ?? `runner-${crypto.randomUUID()}`;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.batch = options.batch ?? 50;
    this.concurrency = options.concurrency ?? 8;
    this.chores = options.chores ?? [];
    this.outcomes = options.outcomes;
  }

  /** Gives back what a crashed process left claimed (also done at the start of every tick). */
  recover(): { released: number; requeued: number } {
    return recoverExpiredClaims(this.deps);
  }

  async tick(): Promise<{ runs: RunSummary[]; sent: number; failed: number; outcomes: OutcomePollResult | null }> {
    this.recover();
    const runs: RunSummary[] = [];
    // Limits, models, searches and analysed jobs read once and shared by the tick's agents.
    const share = new TickShare();
    for (;;) {
      const claimed = claimDueAgents(this.deps.db, this.owner, this.deps.clock.now(), this.leaseMs, this.batch);
      // Two agents of one user may run at once: the cap is re-checked in each reserving transaction.
      runs.push(...(await eachLimited(claimed, this.concurrency, (id) => this.runClaimed(id, false, share))));
      if (claimed.length < this.batch) break;
    }
    const sending = await sendDue(this.deps);
    for (const chore of this.chores) await chore().catch((error: unknown) => this.deps.log.error('runner chore failed', { error }));
    return { runs, sent: sending.sent, failed: sending.failed, outcomes: await this.pollOutcomes() };
  }

  /** Reads the outcomes of sent proposals that are due (a failure is logged, never thrown into the tick). */
  async pollOutcomes(): Promise<OutcomePollResult | null> {
    const { batch, ...times } = this.outcomes ?? {};
    try {
      return await pollOutcomes(this.deps, { owner: this.owner, batch, times, leaseMs: this.leaseMs, pausedUntil: this.outcomesPausedUntil });
    } catch (error) {
      this.deps.log.error('outcome checks failed', { error });
      return null;
    }
  }

  /** Run now: at once, outside the schedule, still within the cap. Null when a run holds the agent. */
  async runNow(agentId: string): Promise<RunSummary | null> {
    if (!claimAgent(this.deps.db, agentId, this.owner, this.deps.clock.now(), this.leaseMs)) return null;
    const summary = await this.runClaimed(agentId, true, new TickShare());
    await sendDue(this.deps);
    return summary;
  }

  /** Runs a claimed agent; the run frees the lease as it ends (a failed run here, due again in 15 minutes). */
  private async runClaimed(agentId: string, manual: boolean, share: TickShare): Promise<RunSummary> {
    try {
      return await runAgent(this.deps, agentId, { manual, share, lease: this.owner });
    } catch (error) {
      this.deps.log.error('agent run failed', { agentId, error });
      releaseAgent(this.deps.db, agentId, this.owner, new Date(this.deps.clock.now().getTime() + 15 * 60_000), this.deps.clock.now());
      throw error;
    }
  }

  /** Sends one approved proposal now, off the request (the next tick would otherwise). */
  sendSoon(jobItemId: string): void {
    void sendDue(this.deps, 25, jobItemId).catch((error: unknown) => this.deps.log.error('send failed', { jobItemId, error }));
  }

  start(pattern = '* * * * *'): void {
    this.recover();
    this.cron ??= new Cron(pattern, { protect: true, unref: false }, async () => {
      this.running = this.tick().catch((error: unknown) => this.deps.log.error('runner tick failed', { error }));
      await this.running;
    });
  }

  /** Stops the schedule and resolves when the tick under way (if any) has finished. */
  async stop(): Promise<void> {
    this.cron?.stop();
    this.cron = undefined;
    await this.running;
  }
}
