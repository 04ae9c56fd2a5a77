import { describe, expect, it } from 'vitest';
import { DEFAULT_POSTED_WITHIN, isPostedWithin, POSTED_WITHIN_OPTIONS, postedInside, postedSince, postedWithinMs } from './posted-within';

const HOUR = 3_600_000;

describe('the posted-within window', () => {
  it('reads hours, days, weeks and months of 30 days', () => {
    expect(postedWithinMs('24h')).toBe(24 * HOUR);
    expect(postedWithinMs('3d')).toBe(72 * HOUR);
    expect(postedWithinMs('1w')).toBe(7 * 24 * HOUR);
    expect(postedWithinMs('2W')).toBe(14 * 24 * HOUR);
    expect(postedWithinMs('1m')).toBe(30 * 24 * HOUR);
    for (const option of POSTED_WITHIN_OPTIONS) expect(isPostedWithin(option)).toBe(true);
  });

  it('falls back to the default week for what it cannot read, or for more than a month: never "no window"', () => {
    for (const value of ['', 'any', 'week', '0h', '2m', '90d', null, undefined])
      expect(postedWithinMs(value)).toBe(postedWithinMs(DEFAULT_POSTED_WITHIN));
    expect(isPostedWithin('2m')).toBe(false);
  });

  it('says whether a job is inside it; an unreadable date is not', () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    const since = postedSince('3d', now);
    expect(postedInside('2026-03-10T12:00:00Z', since)).toBe(true);
    expect(postedInside('2026-03-09T11:59:00Z', since)).toBe(false);
    expect(postedInside('not a date', since)).toBe(false);
  });
});
