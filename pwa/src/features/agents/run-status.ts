import type { AgentRun, RunSummary } from '@shared/schemas/run';

export type RunningView = NonNullable<AgentRun['running']>;
export type HeldView = NonNullable<AgentRun['held']>;

/**
 * What the agent page shows of the agent's runs at `now`: the run under way (until its lease ends:
 * a run whose process died is not shown running for ever), the hold a failing service puts on its
 * runs (until it is tried again), and the last run.
 */
export function runStatus(
  run: AgentRun | null | undefined,
  now: number,
): { running: RunningView | null; held: HeldView | null; last: AgentRun['last'] } {
  const running = run?.running && Date.parse(run.running.until) > now ? run.running : null;
  const held = run?.held && Date.parse(run.held.until) > now ? run.held : null;
  return { running, held, last: run?.last ?? null };
}

/** Whether the last run is the one started at `startedAt` (ISO) and has ended. */
export function runEnded(run: AgentRun | null | undefined, startedAt: string): RunSummary | null {
  const last = run?.last;
  if (!last || run?.running) return null;
  return Date.parse(last.endedAt) >= Date.parse(startedAt) ? last : null;
}
