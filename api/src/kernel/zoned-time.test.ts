import { describe, expect, it } from 'vitest';
import { localParts, zonedToUtc } from './zoned-time';

const formats: Record<string, Intl.DateTimeFormat> = {};

/** What Intl says, asked directly each time. */
function intlParts(date: Date, timeZone: string) {
  const format = (formats[timeZone] ??= new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }));
  const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), weekday };
}

// Zones with daylight saving, half- and quarter-hour offsets, and a 30-minute daylight shift.
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Chatham',
  'Asia/Tokyo',
];
// Around 2026's changes of offset: March (north), April and October (south), November (north).
const AROUND = [
  '2026-03-08T00:00:00Z',
  '2026-03-29T00:00:00Z',
  '2026-04-04T12:00:00Z',
  '2026-09-27T12:00:00Z',
  '2026-10-03T12:00:00Z',
  '2026-10-25T00:00:00Z',
  '2026-11-01T00:00:00Z',
];

describe('local time in a zone', () => {
  it('answers what Intl answers at every instant around the changes of offset, in every kind of zone', () => {
    let checked = 0;
    for (const timeZone of ZONES) {
      for (const around of AROUND) {
        const from = Date.parse(around);
        // Two days, every 7 minutes and 13 seconds: every quarter of an hour, its edges and insides.
        for (let at = from; at < from + 2 * 86_400_000; at += 433_000) {
          expect(localParts(new Date(at), timeZone), `${timeZone} at ${new Date(at).toISOString()}`).toEqual(
            intlParts(new Date(at), timeZone),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('finds the instant of a wall-clock time, the earlier one across a fold', () => {
    // New York falls back on 2026-11-01 at 02:00 EDT: 01:30 happens twice; the first is 05:30Z.
    expect(zonedToUtc(2026, 11, 1, 1, 30, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedToUtc(2026, 7, 1, 9, 0, 'Asia/Kathmandu').toISOString()).toBe('2026-07-01T03:15:00.000Z');
  });
});
