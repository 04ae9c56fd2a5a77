import { describe, expect, it } from 'vitest';
import { wilson } from './wilson';

describe('wilson', () => {
  it('gives the textbook interval for 10 of 100', () => {
    const p = wilson(10, 100);
    expect(p.rate).toBe(0.1);
    expect(p.low).toBeCloseTo(0.0552, 4);
    expect(p.high).toBeCloseTo(0.1744, 4);
  });

  it('stays inside [0, 1] and keeps some width at the ends', () => {
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilson(10, 10);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
  });

  it('narrows as the count grows', () => {
    const small = wilson(3, 10);
    const large = wilson(300, 1000);
    expect(large.high! - large.low!).toBeLessThan(small.high! - small.low!);
  });

  it('answers nulls when nothing was counted', () => {
    expect(wilson(0, 0)).toEqual({ successes: 0, trials: 0, rate: null, low: null, high: null });
  });
});
