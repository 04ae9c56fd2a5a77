import { describe, expect, it } from 'vitest';
import { manualClock } from '../kernel/clock';
import { openSqliteStore } from './sqlite/sqlite-store';
import { AppError } from '../kernel/errors';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  const rule = { limit: 3, windowMs: 60_000 };

  it('allows the limit, then refuses with the wait until the oldest hit leaves the window', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(openSqliteStore(':memory:'), clock, 'test');
    for (let i = 0; i < 3; i++) {
      await limiter.hit([{ key: 'k', rule }]);
      clock.advance(10_000);
    }
    const error: unknown = await limiter.hit([{ key: 'k', rule }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).details?.retryAfterSeconds).toBe(30);
    clock.advance(30_000);
    await expect(limiter.hit([{ key: 'k', rule }])).resolves.toBeUndefined();
  });

  it('counts nothing when any key is over, and can be reset or switched off', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(openSqliteStore(':memory:'), clock, 'test');
    for (let i = 0; i < 3; i++) await limiter.hit([{ key: 'full', rule }]);
    await expect(
      limiter.hit([
        { key: 'other', rule },
        { key: 'full', rule },
      ]),
    ).rejects.toThrow();
    // The refused call counted nothing on 'other': it still has its three hits.
    for (let i = 0; i < 3; i++) await limiter.hit([{ key: 'other', rule }]);
    await expect(limiter.hit([{ key: 'other', rule }])).rejects.toThrow();
    await limiter.reset('full');
    await expect(limiter.hit([{ key: 'full', rule }])).resolves.toBeUndefined();
    const off = new RateLimiter(openSqliteStore(':memory:'), clock, 'test', false);
    for (let i = 0; i < 10; i++) await off.hit([{ key: 'k', rule }]);
  });
});
