import { describe, expect, it } from 'vitest';
import { makeJob } from '../matching/job-fixture';
import { deliveryDays } from './delivery';

describe('deliveryDays', () => {
  it("takes the post's own timeline, in several languages", () => {
    expect(deliveryDays(makeJob({ id: 'a', description: 'We launch soon: this must be done within 3 weeks.' }))).toBe(21);
    expect(deliveryDays(makeJob({ id: 'b', description: 'Necesitamos el logo en 5 días.' }))).toBe(5);
    expect(deliveryDays(makeJob({ id: 'c', description: 'Livraison souhaitée dans 2 semaines.' }))).toBe(14);
    expect(deliveryDays(makeJob({ id: 'd', description: 'Deadline: two days.' }))).toBe(2);
  });

  it('grows with the budget when the post names no timeline', () => {
    const sized = (max: number) => deliveryDays(makeJob({ id: `m${max}`, minBudget: max / 2, maxBudget: max, budgetUsd: (3 * max) / 4 }));
    expect([sized(80), sized(400), sized(1500), sized(4000), sized(9000)]).toEqual([3, 7, 14, 21, 30]);
  });

  it('does not read a team size or a page count as a timeline', () => {
    expect(
      deliveryDays(makeJob({ id: 'e', description: 'We are 3 people and need 5 pages.', maxBudget: 400, minBudget: 200, budgetUsd: 300 })),
    ).toBe(7);
  });
});
