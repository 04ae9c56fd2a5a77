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
