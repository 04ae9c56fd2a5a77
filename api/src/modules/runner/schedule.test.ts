import { describe, expect, it } from 'vitest';
import { currentWindow, nextWindowStart, pacing, runsOnDay, windowOn } from './schedule';
import { localDay, localDayBounds, zonedToUtc } from '../../kernel/zoned-time';

const hours = { startTime: '09:00', endTime: '17:00', activeEvery: 'daily' as const };

describe('time zones', () => {
  it('converts wall-clock times to instants, across DST', () => {
    expect(zonedToUtc(2026, 1, 15, 9, 0, 'Africa/Lagos').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedToUtc(2026, 7, 15, 9, 0, 'America/New_York').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedToUtc(2026, 1, 15, 9, 0, 'America/New_York').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedToUtc(2026, 1, 15, 9, 0, 'Asia/Kolkata').toISOString()).toBe('2026-01-15T03:30:00.000Z');
  });

  it('knows the local day and its bounds', () => {
    const late = new Date('2026-03-10T23:30:00Z');
    expect(localDay(late, 'UTC')).toBe('2026-03-10');
    expect(localDay(late, 'Asia/Dhaka')).toBe('2026-03-11');
    const { start, end } = localDayBounds(late, 'Asia/Dhaka');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-03-10T18:00:00.000Z', '2026-03-11T18:00:00.000Z']);
  });
});

describe('frequency', () => {
  const day = (iso: string) => {
    const d = new Date(`${iso}T12:00:00Z`);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
  };
  it.each([
    ['daily', '2026-11-18', true],
    ['twice_weekly', '2026-11-16', true], // Monday
    ['twice_weekly', '2026-11-19', true], // Thursday
    ['twice_weekly', '2026-11-18', false],
    ['weekly', '2026-11-16', true],
    ['weekly', '2026-11-17', false],
  ] as const)('%s runs on %s: %s', (frequency, date, expected) => {
    expect(runsOnDay(frequency, day(date))).toBe(expected);
  });

  it('runs biweekly on every other Monday', () => {
    const mondays = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'].map((d) => runsOnDay('biweekly', day(d)));
    expect(mondays.filter(Boolean)).toHaveLength(2);
    expect(mondays[0]).not.toBe(mondays[1]);
    expect(mondays[0]).toBe(mondays[2]);
  });
});

describe('active hours', () => {
  it('finds the window in the user time zone', () => {
    const w = windowOn(new Date('2026-11-18T10:00:00Z'), hours, 'Africa/Lagos')!;
    expect([w.start.toISOString(), w.end.toISOString()]).toEqual(['2026-11-18T08:00:00.000Z', '2026-11-18T16:00:00.000Z']);
    expect(currentWindow(new Date('2026-11-18T15:59:00Z'), hours, 'Africa/Lagos')).not.toBeNull();
    expect(currentWindow(new Date('2026-11-18T16:00:00Z'), hours, 'Africa/Lagos')).toBeNull();
    expect(currentWindow(new Date('2026-11-18T07:00:00Z'), hours, 'Africa/Lagos')).toBeNull();
  });

  it('handles a window across midnight', () => {
    const night = { startTime: '22:00', endTime: '02:00', activeEvery: 'daily' as const };
    expect(currentWindow(new Date('2026-11-18T23:00:00Z'), night, 'UTC')).not.toBeNull();
    expect(currentWindow(new Date('2026-11-19T01:30:00Z'), night, 'UTC')).not.toBeNull();
    expect(currentWindow(new Date('2026-11-19T03:00:00Z'), night, 'UTC')).toBeNull();
  });

  it('schedules the next window on a working day', () => {
    const weekly = { ...hours, activeEvery: 'weekly' as const };
    // Wednesday after hours → next Monday 09:00 in New York.
    expect(nextWindowStart(new Date('2026-11-18T23:00:00Z'), weekly, 'America/New_York').toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(nextWindowStart(new Date('2026-11-18T07:00:00Z'), hours, 'UTC').toISOString()).toBe('2026-11-18T09:00:00.000Z');
  });
});

describe('pacing', () => {
  it('spreads the day across the window, never faster than the minimum gap', () => {
    const w = { start: new Date('2026-11-18T09:00:00Z'), end: new Date('2026-11-18T17:00:00Z') };
    expect(pacing(w, 8, new Date('2026-11-18T09:00:00Z'))).toEqual({ allowedSoFar: 1, gapMs: 3_600_000 });
    expect(pacing(w, 8, new Date('2026-11-18T12:30:00Z')).allowedSoFar).toBe(4);
    expect(pacing(w, 8, new Date('2026-11-18T16:59:00Z')).allowedSoFar).toBe(8);
    expect(pacing(w, 150, new Date('2026-11-18T09:00:00Z')).gapMs).toBe(600_000);
  });
});
