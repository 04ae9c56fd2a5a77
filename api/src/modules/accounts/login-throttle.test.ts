import { describe, expect, it } from 'vitest';
import { manualClock } from '../../kernel/clock';
import { openSqliteStore } from '../../store/sqlite/sqlite-store';
import { AppError } from '../../kernel/errors';
import { LoginThrottle } from './login-throttle';

const rules = { perClient: 5, windowMs: 15 * 60_000, delayAfter: 3, baseDelayMs: 1000, maxDelayMs: 60_000 };
const retryAfter = async (fn: () => Promise<void>): Promise<number | null> => {
  try {
    await fn();
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return error.details?.retryAfterSeconds ?? -1;
    throw error;
  }
};

describe('LoginThrottle', () => {
  it('blocks a client after its own failures on an account, never another client', async () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(openSqliteStore(':memory:'), clock, 'test', rules);
    for (let i = 0; i < 5; i++) {
      await throttle.check('ada', 'A');
      const left = await throttle.fail('ada', 'A');
      expect(left.attemptsLeft).toBe(4 - i);
      // The last wrong try says when the next may come: the first try leaves the window then.
      expect(left.retryAfterSeconds).toBe(i === 4 ? 15 * 60 - 4 * 120 : undefined);
      clock.advance(120_000);
    }
    expect(await retryAfter(() => throttle.check('ada', 'A'))).toBeGreaterThan(0);
    // The owner, on a client that has not failed, is let through at once.
    expect(await retryAfter(() => throttle.check('ada', 'B'))).toBeNull();
    expect(await retryAfter(() => throttle.check('grace', 'A'))).toBeNull();
  });

  it('makes clients that failed wait longer and longer as the account collects failures', async () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(openSqliteStore(':memory:'), clock, 'test', rules);
    for (const client of ['c1', 'c2', 'c3']) await throttle.fail('ada', client);
    // Three failures: the next try of a failing client waits 1 s, then 2 s, 4 s ...
    expect(await retryAfter(() => throttle.check('ada', 'c1'))).toBe(1);
    clock.advance(1000);
    await throttle.check('ada', 'c1');
    await throttle.fail('ada', 'c1');
    expect(await retryAfter(() => throttle.check('ada', 'c2'))).toBe(2);
    clock.advance(2000);
    await throttle.fail('ada', 'c2');
    expect(await retryAfter(() => throttle.check('ada', 'c3'))).toBe(4);
    // A fresh client is not delayed.
    expect(await retryAfter(() => throttle.check('ada', 'fresh'))).toBeNull();
    // The delay is capped, and failures leave the window.
    for (let i = 0; i < 20; i++) await throttle.fail('ada', `many${i}`);
    expect(await retryAfter(() => throttle.check('ada', 'c3'))).toBe(60);
    clock.advance(15 * 60_000 + 1);
    expect(await retryAfter(() => throttle.check('ada', 'c3'))).toBeNull();
  });

  it("forgets a client's failures when it gets the secret right", async () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(openSqliteStore(':memory:'), clock, 'test', rules);
    for (let i = 0; i < 4; i++) await throttle.fail('ada', 'A');
    await throttle.succeed('ada', 'A');
    expect((await throttle.fail('ada', 'A')).attemptsLeft).toBe(4);
  });
});
