import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  const rule = { limit: 3, windowMs: 60_000 };

  it('allows the limit, then refuses with the wait until the oldest hit leaves the window', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(openDatabase(':memory:'), clock, 'test');
    for (let i = 0; i < 3; i++) {
      limiter.hit([{ key: 'k', rule }]);
      clock.advance(10_000);
    }
    let error: unknown;
    try {
      limiter.hit([{ key: 'k', rule }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).details?.retryAfterSeconds).toBe(30);
    clock.advance(30_000);
    expect(() => limiter.hit([{ key: 'k', rule }])).not.toThrow();
  });

  it('counts nothing when any key is over, and can be reset or switched off', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(openDatabase(':memory:'), clock, 'test');
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'full', rule }]);
    expect(() => limiter.hit([{ key: 'other', rule }, { key: 'full', rule }])).toThrow();
    // The refused call counted nothing on 'other': it still has its three hits.
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'other', rule }]);
    expect(() => limiter.hit([{ key: 'other', rule }])).toThrow();
    limiter.reset('full');
    expect(() => limiter.hit([{ key: 'full', rule }])).not.toThrow();
    const off = new RateLimiter(openDatabase(':memory:'), clock, 'test', false);
    for (let i = 0; i < 10; i++) off.hit([{ key: 'k', rule }]);
  });
});
