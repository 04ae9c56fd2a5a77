import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay (full jitter)', () => {
  const opts = (random: number) => ({ minMs: 1000, maxMs: 60_000, random: () => random });

  it.each([
    [0, 0.999, 0],
    [1, 0.999, 999],
    [2, 0.999, 1998],
    [3, 0.999, 3996],
    [4, 0.5, 4000],
    [7, 0.999, 59_940],
    [50, 0.999, 59_940],
    [3, 0, 0],
  ])('after %i failures with random %f waits %i ms', (failures, random, expected) => {
    expect(backoffDelay(failures, opts(random))).toBe(expected);
  });

  it('spreads waits over [0, cap)', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const waits = Array.from({ length: 200 }, () => backoffDelay(3, { minMs: 1000, maxMs: 60_000, random }));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThan(4000);
    expect(new Set(waits).size).toBeGreaterThan(100);
  });
});
