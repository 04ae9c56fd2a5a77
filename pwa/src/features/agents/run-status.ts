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

export type WaitingView = NonNullable<RunSummary['waiting']> & { nextRunAt: string };

/**
 * What the agent waits for, as its last scheduled run said: good jobs kept back while part of the
 * day's allowance is held for later ones, or a new job that reaches its minimum match. Nothing while a
 * run is under way or held, or once the last run is a day old (the page would say something stale).
 */
export function waitingFor(run: AgentRun | null | undefined, now: number): WaitingView | null {
  const { running, held, last } = runStatus(run, now);
  if (running || held || !last?.waiting || last.skipped) return null;
  if (now - Date.parse(last.endedAt) > 24 * 3_600_000) return null;
  return { ...last.waiting, nextRunAt: last.nextRunAt };
}

/** A duration as people say it, in the page's language: seconds under 90 s, minutes under 90 min, then hours. */
export function formatDuration(ms: number, language: string): string {
  const [value, unit] =
    ms < 90_000
      ? [Math.round(ms / 1000), 'second']
      : ms < 90 * 60_000
        ? [Math.round(ms / 60_000), 'minute']
        : [Math.round(ms / 360_000) / 10, 'hour'];
  const format = (lang: string) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 });
  try {
    return format(language).format(value);
  } catch {
    return format('en').format(value);
  }
}
