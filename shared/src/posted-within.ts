/**
 * An agent's "posted within" window (`datePosted`, the specification's default `1w`): only jobs
 * posted inside it are drafted or sent. The value is a count and a unit (`24h`, `3d`, `1w`, `2w`,
 * `1m`: hours, days, weeks, months of 30 days); the wizard offers `POSTED_WITHIN_OPTIONS`. A value
 * that cannot be read (an older client's free text) is the default, never "no window".
 */
export const POSTED_WITHIN_OPTIONS = ['24h', '3d', '1w', '2w', '1m'] as const;
export type PostedWithinOption = (typeof POSTED_WITHIN_OPTIONS)[number];
export const DEFAULT_POSTED_WITHIN: PostedWithinOption = '1w';

const HOUR_MS = 3_600_000;
const UNIT_MS: Record<string, number> = { h: HOUR_MS, d: 24 * HOUR_MS, w: 7 * 24 * HOUR_MS, m: 30 * 24 * HOUR_MS };
/** No window is longer than the marketplaces keep a job open to bids (Freelancer.com's projects close after two weeks; Upwork's a month). */
const LONGEST_MS = 30 * 24 * HOUR_MS;
const PATTERN = /^\s*(\d{1,3})\s*([hdwm])\s*$/i;

/** Whether a value reads as a window (`1w`, `24h`, …) of at least an hour and at most 30 days. */
export function isPostedWithin(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const ms = Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
  return ms >= HOUR_MS && ms <= LONGEST_MS;
}

/** The window's length in milliseconds (the default's when the value cannot be read). */
export function postedWithinMs(value: string | null | undefined): number {
  const read = value && isPostedWithin(value) ? PATTERN.exec(value) : null;
  const match = read ?? PATTERN.exec(DEFAULT_POSTED_WITHIN)!;
  return Number(match[1]) * UNIT_MS[match[2]!.toLowerCase()]!;
}

/** The oldest posting time a job may have to be inside the window, in milliseconds since the epoch. */
export function postedSince(value: string | null | undefined, nowMs: number): number {
  return nowMs - postedWithinMs(value);
}

/** Whether a job posted at `datePosted` (ISO time) is inside the window; an unreadable date is not. */
export function postedInside(datePosted: string, sinceMs: number): boolean {
  const posted = Date.parse(datePosted);
  return Number.isFinite(posted) && posted >= sinceMs;
}
