import type { AgentRun, RunJob, RunSkip } from '@shared/schemas/agent-run';

/** A translator that takes any key (the keys here are computed). */
type T = (key: string, values?: Record<string, unknown>) => string;

/** How the reader's language writes a rating and money. */
export interface RunFormat {
  number: (n: number) => string;
  usd: (n: number) => string;
}

/** Why a job was skipped, in the reader's language (`agents.runs.skip.*`). */
export function skipText(skip: RunSkip, t: T, f: RunFormat): string {
  switch (skip.code) {
    case 'client':
      return t(`agents.runs.skip.client.${skip.filter}`, {
        rating: typeof skip.value === 'number' ? f.number(Math.round(skip.value * 10) / 10) : '',
        amount: typeof skip.value === 'number' ? f.usd(skip.value) : '',
        country: typeof skip.value === 'string' ? skip.value : '',
      });
    case 'filtered':
      return t(`agents.runs.skip.filtered.${skip.rule}`);
    case 'belowFloor':
      return t('agents.runs.skip.belowFloor', { floor: f.number(skip.floor) });
    default:
      return t(`agents.runs.skip.${skip.code}`);
  }
}

/** The groups a run's jobs are shown in, in order; empty groups are left out. */
export const RUN_GROUPS = ['kept', 'flagged', 'failed', 'skipped'] as const;
export type RunGroup = (typeof RUN_GROUPS)[number];

export function groupOf(job: RunJob): RunGroup {
  if (job.outcome === 'drafted' || job.outcome === 'queued') return 'kept';
  return job.outcome;
}

export function groupedJobs(run: AgentRun): Array<{ group: RunGroup; jobs: RunJob[] }> {
  return RUN_GROUPS.map((group) => ({ group, jobs: run.jobs.filter((job) => groupOf(job) === group) })).filter((g) => g.jobs.length > 0);
}

/** The run's line: what it found and did, or why it did nothing. */
export function runLine(run: AgentRun, t: T): string {
  const c = run.counts;
  if (c.skipped) return t(`agents.run.skippedReason.${c.skipped}`);
  const skipped = c.poorMatch + c.overCap + c.quota + c.clientFiltered;
  return t('agents.runs.line', {
    found: c.found + c.clientFiltered,
    drafts: c.drafts,
    queued: c.queued,
    flagged: c.flagged,
    skipped,
    failed: c.failed,
  });
}
