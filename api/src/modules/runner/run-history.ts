import crypto from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import {
  agentRunSchema,
  RUN_HISTORY_KEPT,
  RUN_JOBS_KEPT,
  type AgentRun,
  type ClientFilter,
  type RunCounts,
  type RunJob,
  type RunJobOutcome,
  type RunSkip,
} from '@shared/schemas/agent-run';
import type { Job } from '@shared/schemas/job';
import type { RunSummary } from '@shared/schemas/job-item';
import type { Ranked } from '@shared/scoring';
import type { Tx } from '../../store/sqlite/client';
import { tablesOf } from '../../store/schema/index';

/** The order a run's jobs are listed in: what the run kept first, then the held, the failed, the skipped. */
const OUTCOME_ORDER: Record<RunJobOutcome, number> = { queued: 0, drafted: 1, flagged: 2, failed: 3, skipped: 4 };

/**
 * What one run did with each job its search found, gathered as the run goes (pipeline.ts) and
 * stored with the run's counts at its end (`recordRun`). A job is entered once: its last outcome wins.
 */
export class RunJobs {
  private readonly jobs = new Map<string, RunJob>();

  private put(job: Job, score: number | null, outcome: RunJobOutcome, skip: RunSkip | null): void {
    this.jobs.set(job.externalId, { externalId: job.externalId, title: job.title.slice(0, 160), url: job.url, score, outcome, skip });
  }

  /** A job whose client failed one of the agent's client filters (never scored). */
  client(job: Job, failure: { filter: ClientFilter; value: number | string | null }): void {
    this.put(job, null, 'skipped', { code: 'client', filter: failure.filter, value: failure.value });
  }

  /** Jobs passed over as poor matches: outside the rates or types, or under the floor. */
  passedOver(ranked: ReadonlyArray<Ranked<Job>>, floor: number): void {
    for (const { job, match } of ranked) {
      const filtered = match.factors.find((factor) => factor.code === 'filtered');
      const skip: RunSkip =
        !match.passes && filtered && filtered.code === 'filtered'
          ? { code: 'filtered', rule: filtered.rule }
          : { code: 'belowFloor', floor };
      this.put(job, match.passes ? match.score : null, 'skipped', skip);
    }
  }

  /** Jobs the index ruled out (they share no skill or word with the profile: under the floor, not scored). */
  unmatched(jobs: readonly Job[], floor: number): void {
    for (const job of jobs) this.put(job, null, 'skipped', { code: 'belowFloor', floor });
  }

  /** Jobs that passed but were left for a later run (over the cap, no letters left) or taken by another agent. */
  skipped(ranked: ReadonlyArray<Ranked<Job>>, code: 'overCap' | 'quota' | 'taken'): void {
    for (const { job, match } of ranked) this.put(job, match.score, 'skipped', { code });
  }

  /** What became of a job the run reserved. */
  outcome(job: Job, score: number, outcome: Exclude<RunJobOutcome, 'skipped'>): void {
    this.put(job, score, outcome, null);
  }

  /** The jobs in their listing order, at most RUN_JOBS_KEPT. */
  list(): RunJob[] {
    return [...this.jobs.values()]
      .sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || (b.score ?? -1) - (a.score ?? -1))
      .slice(0, RUN_JOBS_KEPT);
  }
}

/** A run's counts, from its summary. */
export function runCounts(summary: RunSummary): RunCounts {
  const { agentId: _agent, nextRunAt: _next, ...counts } = summary;
  return counts;
}

/**
 * Stores a run of an agent in the caller's transaction, and drops the agent's runs beyond the
 * newest RUN_HISTORY_KEPT, so the table stays a few rows per agent however often it runs.
 */
export async function recordRun(
  tx: Tx,
  run: { userId: string; agentId: string; at: Date; manual: boolean; counts: RunCounts; jobs: RunJob[] },
): Promise<void> {
  const { agentRuns } = tablesOf(tx);
  await tx.insert(agentRuns).values({
    id: crypto.randomUUID(),
    userId: run.userId,
    agentId: run.agentId,
    at: run.at,
    manual: run.manual,
    counts: run.counts,
    jobs: run.jobs,
  });
  const kept = await tx
    .select({ id: agentRuns.id })
    .from(agentRuns)
    .where(eq(agentRuns.agentId, run.agentId))
    .orderBy(desc(agentRuns.at), desc(agentRuns.id))
    .limit(RUN_HISTORY_KEPT);
  if (kept.length < RUN_HISTORY_KEPT) return;
  await tx.delete(agentRuns).where(
    and(
      eq(agentRuns.agentId, run.agentId),
      notInArray(
        agentRuns.id,
        kept.map((row) => row.id),
      ),
    ),
  );
}

/** The user's agent's last runs, newest first (another user's agent has none). */
export async function listRuns(db: Tx, userId: string, agentId: string): Promise<AgentRun[]> {
  const { agentRuns } = tablesOf(db);
  const rows = await db
    .select()
    .from(agentRuns)
    .where(and(eq(agentRuns.userId, userId), eq(agentRuns.agentId, agentId)))
    .orderBy(desc(agentRuns.at), desc(agentRuns.id))
    .limit(RUN_HISTORY_KEPT);
  return rows.flatMap((row) => {
    // A row an older release stored in another shape is left out rather than failing the list.
    const parsed = agentRunSchema.safeParse({
      id: row.id,
      agentId: row.agentId,
      at: row.at.toISOString(),
      manual: row.manual,
      counts: row.counts,
      jobs: row.jobs,
    });
    return parsed.success ? [parsed.data] : [];
  });
}
