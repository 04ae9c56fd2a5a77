import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../seeded-random';
import { probabilityBest, sampleBeta, thompsonChoice } from './beta';

describe('Beta posteriors', () => {
  it('draws Beta(a, b) with the right mean', () => {
    const random = mulberry32(7);
    for (const [a, b] of [
      [2, 8],
      [0.5, 0.5],
      [30, 10],
    ] as const) {
      let sum = 0;
      for (let i = 0; i < 20_000; i++) sum += sampleBeta(a, b, random);
      expect(sum / 20_000).toBeCloseTo(a / (a + b), 2);
    }
  });

  it('gives equal arms an even chance and a clearly better arm nearly all of it', () => {
    const even = probabilityBest(
      [
        { successes: 5, trials: 20 },
        { successes: 5, trials: 20 },
      ],
      mulberry32(1),
      10_000,
    );
    expect(even[0]).toBeCloseTo(0.5, 1);
    const clear = probabilityBest(
      [
        { successes: 4, trials: 40 },
        { successes: 24, trials: 40 },
      ],
      mulberry32(1),
      10_000,
    );
    expect(clear[1]).toBeGreaterThan(0.99);
    expect(clear[0]! + clear[1]!).toBeCloseTo(1, 10);
  });

  it('is the same for the same seed', () => {
    const arms = [
      { successes: 3, trials: 10 },
      { successes: 5, trials: 12 },
      { successes: 1, trials: 4 },
    ];
    expect(probabilityBest(arms, mulberry32('x'), 2000)).toEqual(probabilityBest(arms, mulberry32('x'), 2000));
  });

  it('Thompson sampling picks the better arm more often, and still explores the other', () => {
    const random = mulberry32(3);
    const picks = [0, 0];
    for (let i = 0; i < 2000; i++)
      picks[
        thompsonChoice(
          [
            { successes: 2, trials: 10 },
            { successes: 5, trials: 10 },
          ],
          random,
        )
      ]!++;
    expect(picks[1]).toBeGreaterThan(picks[0]! * 3);
    expect(picks[0]).toBeGreaterThan(0);
  });
});
