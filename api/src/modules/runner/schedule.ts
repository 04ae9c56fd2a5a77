import type { AgentFields } from '@shared/schemas/agent';
import { localParts, zonedToUtc } from '../../kernel/zoned-time';

type Frequency = AgentFields['activeEvery'];

/** The shortest time between two runs of one agent: it is never faster than a person would be. */
export const MIN_RUN_GAP_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days an agent of each frequency works, as ISO-week rules on the local date. */
export function runsOnDay(frequency: Frequency, local: { year: number; month: number; day: number; weekday: number }): boolean {
  switch (frequency) {
    case 'daily':
      return true;
    case 'twice_weekly':
      return local.weekday === 1 || local.weekday === 4; // Monday and Thursday
    case 'weekly':
      return local.weekday === 1;
    case 'biweekly': {
      if (local.weekday !== 1) return false;
      // Every other Monday: even weeks counted from 1970-01-05, a Monday.
      const days = Math.round((Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(1970, 0, 5)) / DAY_MS);
      return Math.floor(days / 7) % 2 === 0;
    }
  }
}

const minutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export interface Window {
  start: Date;
  end: Date;
}

/** The active window of the local day of `at`, when the agent works that day. */
export function windowOn(at: Date, fields: Pick<AgentFields, 'startTime' | 'endTime' | 'activeEvery'>, timeZone: string): Window | null {
  const p = localParts(at, timeZone);
  if (!runsOnDay(fields.activeEvery, p)) return null;
  const from = minutes(fields.startTime);
  let to = minutes(fields.endTime);
  if (to <= from) to += 24 * 60; // a window across midnight ends the next day; equal times mean all day
  const start = zonedToUtc(p.year, p.month, p.day, Math.floor(from / 60), from % 60, timeZone);
  return { start, end: new Date(start.getTime() + (to - from) * 60_000) };
}

/** The window `now` falls in, if any (today's, or yesterday's when it crosses midnight). */
export function currentWindow(
  now: Date,
  fields: Pick<AgentFields, 'startTime' | 'endTime' | 'activeEvery'>,
  timeZone: string,
): Window | null {
  for (const day of [now, new Date(now.getTime() - DAY_MS)]) {
    const w = windowOn(day, fields, timeZone);
    if (w && w.start.getTime() <= now.getTime() && now.getTime() < w.end.getTime()) return w;
  }
  return null;
}

/** The start of the next active window after `now` (within the next 15 days). */
export function nextWindowStart(now: Date, fields: Pick<AgentFields, 'startTime' | 'endTime' | 'activeEvery'>, timeZone: string): Date {
  for (let i = 0; i <= 15; i++) {
    const w = windowOn(new Date(now.getTime() + i * DAY_MS), fields, timeZone);
    if (w && w.start.getTime() > now.getTime()) return w.start;
  }
  return new Date(now.getTime() + DAY_MS);
}

/**
 * Pacing: the day's proposals spread evenly across the window. Answers how many may have gone out
 * by `now` (slots elapsed) and the gap between two slots.
 */
export function pacing(window: Window, perDay: number, now: Date): { allowedSoFar: number; gapMs: number } {
  const length = window.end.getTime() - window.start.getTime();
  const gapMs = Math.max(MIN_RUN_GAP_MS, Math.floor(length / Math.max(1, perDay)));
  const elapsed = Math.max(0, now.getTime() - window.start.getTime());
  return { allowedSoFar: Math.min(perDay, Math.floor(elapsed / gapMs) + 1), gapMs };
}

/**
 * How often an agent searches during its hours, by default: a fresh job is seen within minutes,
 * whatever the agent's proposals a day (sends keep their own pacing, `pacing` above). Four minutes is
 * 15 searches an hour an agent, well inside Freelancer.com's 50 a minute and 1,000 an hour per token
 * and Upwork's 300 a minute.
 */
export const DEFAULT_SCAN_EVERY_MS = 4 * 60_000;
/** The fastest cadence an operator may set: a person refreshing a search page, not a crawler. */
export const MIN_SCAN_EVERY_MS = 2 * 60_000;
/** The share of the day's proposals open at the start of the window; the rest opens evenly across it. */
export const OPENING_SHARE = 0.4;
/**
 * A job worth a proposal held for later: this many points of match above the agent's minimum, and at
 * least STANDOUT_SCORE (with a low minimum, most jobs would clear the margin alone).
 */
export const STANDOUT_MARGIN = 25;
export const STANDOUT_SCORE = 80;

/**
 * The day's allowance as a bucket over the window, so it goes to the best jobs of the day and not
 * to the first: by `now`, at most perDay × (OPENING_SHARE + (1 − OPENING_SHARE) × the elapsed share
 * of the window) proposals may have been used (rounded, and at least one from the start; the whole
 * day's before the window ends). `opensAt` is when one more opens, to the second (null once the
 * whole day's allowance is open).
 */
export function allowance(
  window: Window,
  perDay: number,
  now: Date,
  openingShare = OPENING_SHARE,
): { allowedSoFar: number; opensAt: Date | null } {
  const start = window.start.getTime();
  const length = Math.max(1, window.end.getTime() - start);
  const open = (at: number) => {
    const elapsed = Math.min(1, Math.max(0, (at - start) / length));
    return Math.min(perDay, Math.max(1, Math.round(perDay * (openingShare + (1 - openingShare) * elapsed) + 1e-9)));
  };
  const allowedSoFar = open(now.getTime());
  if (allowedSoFar >= perDay) return { allowedSoFar, opensAt: null };
  // The first instant the rounded allowance reaches one more: perDay·(s + (1−s)·e) ≥ allowed + ½.
  const elapsedNeeded = (allowedSoFar + 0.5 - perDay * openingShare) / (perDay * (1 - openingShare));
  const opensAt = Math.min(window.end.getTime(), start + Math.ceil((Math.max(0, elapsedNeeded) * length) / 1000 - 1e-6) * 1000);
  return { allowedSoFar, opensAt: new Date(opensAt) };
}

/** The agent's search cadence: the operator's (never under `MIN_SCAN_EVERY_MS`), else the default. */
export function scanEvery(everyMs: number | undefined): number {
  return Math.max(MIN_SCAN_EVERY_MS, everyMs ?? DEFAULT_SCAN_EVERY_MS);
}

/** The score at which a job may take a proposal the bucket still holds for later. */
export const standoutScore = (minMatchScore: number): number => Math.min(100, Math.max(STANDOUT_SCORE, minMatchScore + STANDOUT_MARGIN));
