/**
 * When a sent proposal's fate is read again: soon after sending, then less and less often, and
 * never past 30 days (a proposal untouched that long is not going anywhere).
 */
export interface OutcomeTimes {
  /** The first check, this long after sending; each later wait doubles it, up to `capFactor` times. */
  firstCheckMs: number;
  capFactor: number;
  /** No checks after this long since sending. */
  maxAgeMs: number;
}

export const DEFAULT_OUTCOME_TIMES: OutcomeTimes = { firstCheckMs: 15 * 60_000, capFactor: 48, maxAgeMs: 30 * 24 * 3_600_000 };

export const outcomeTimes = (given?: Partial<OutcomeTimes>): OutcomeTimes => ({ ...DEFAULT_OUTCOME_TIMES, ...given });

/**
 * The wait before the next check after `checks` of them: first · 2^checks, capped at first ·
 * capFactor (15 min, 30 min, 1 h … 12 h by default), ± 20 % so checks spread out over time.
 */
export function nextCheckDelay(checks: number, times: OutcomeTimes, random: () => number): number {
  const factor = Math.min(2 ** Math.max(0, checks), times.capFactor);
  return Math.round(times.firstCheckMs * factor * (0.8 + 0.4 * random()));
}
