import { describe, expect, it } from 'vitest';
import { crashRun, zoneAwayFromMidnight, type CrashRunResult } from '../../testing/crash-harness';

/**
 * kill -9 at random points of runs and sends, against a marketplace that answers slowly; the
 * product restarts each time. The user's phone is subscribed to push notices and their Telegram chat
 * linked to the bot: each draft, send and failure must reach both (a copy may, after a kill between
 * the delivery and its deletion), though the bot refuses every third message with a 502 once. `npm run bench -- crash` does the same a hundred times and prints
 * the duplicate POSTs. The seed is printed on failure: `CRASH_SEED=<n>` replays it.
 */
function expectExactlyOnce(result: CrashRunResult) {
  const context = `seed ${result.seed}: ${JSON.stringify(result)}`;
  expect(result.duplicatePosts, context).toBe(0);
  expect(result.unknownBids, context).toEqual([]);
  expect(result.sentWithoutBid, context).toEqual([]);
  expect(result.stuck, context).toBe(0);
  expect(result.lettersCounted, context).toBe(result.lettersKept);
  expect(result.reservedPerAgent.review ?? 0, context).toBeLessThanOrEqual(result.perDay.review);
  expect(result.reservedPerAgent.auto ?? 0, context).toBeLessThanOrEqual(result.perDay.auto);
  expect(result.waitingPerAgent.review ?? 0, context).toBeLessThanOrEqual(result.perDay.review);
  expect(result.waitingPerAgent.auto ?? 0, context).toBeLessThanOrEqual(result.perDay.auto);
  expect(result.completed, context).toBeGreaterThan(0);
  // Every draft, send and failure reached the phone and the Telegram chat, and nothing that did not happen did.
  expect(result.noticesMissing, context).toEqual([]);
  expect(result.noticesUnexplained, context).toEqual([]);
  expect(result.telegramMissing, context).toEqual([]);
  expect(result.telegramUnexplained, context).toEqual([]);
}

const seed = (fallback: number) => Number(process.env.CRASH_SEED ?? fallback);

describe('kill -9 during runs and sends', () => {
  it('runs its agents in a time zone whose day does not end during the run (the cap starts again at midnight)', () => {
    expect(zoneAwayFromMidnight(new Date('2026-11-27T12:00:00Z'))).toBe('UTC');
    for (const at of ['2026-11-26T22:30:00Z', '2026-11-26T23:59:00Z', '2026-11-27T00:05:00Z', '2026-11-27T01:40:00Z']) {
      const zone = zoneAwayFromMidnight(new Date(at));
      const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(at)));
      expect(hour, `${at} in ${zone}`).toBeGreaterThanOrEqual(2);
      expect(hour, `${at} in ${zone}`).toBeLessThanOrEqual(21);
    }
  });

  it('one process: every job has at most one bid, nothing is stuck, the cap and the letters are exact', async () => {
    expectExactlyOnce(await crashRun({ seed: seed(Date.now() % 100_000), kills: 5, processes: 1 }));
  }, 240_000);

  it('two processes on one database: the same', async () => {
    expectExactlyOnce(await crashRun({ seed: seed((Date.now() + 7) % 100_000), kills: 5, processes: 2 }));
  }, 240_000);
});
