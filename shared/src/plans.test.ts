import { describe, expect, it } from 'vitest';
import { planById, planIdFromAmount, PLANS, planSchema } from './plans';

describe('plan table', () => {
  it('holds free, basic, pro and premium with the decided prices and limits', () => {
    const rows = PLANS.map((p) => [p.id, p.price.usd, p.price.naira, p.limits.agents, p.limits.proposalsPerDay, p.popular]);
    expect(rows).toEqual([
      ['free', 0, 0, 1, 2, false],
      ['basic', 12, 18_000, 4, 20, false],
      ['pro', 25, 38_000, 8, 64, true],
      ['premium', 53, 80_000, 15, 150, false],
    ]);
    for (const plan of PLANS) planSchema.parse(plan);
  });

  it('gives the free tier the fallback caps of 1 Upwork proposal and 2 Freelancer bids', () => {
    expect(planById('free').limits).toMatchObject({ maxUpworkProposals: 1, maxFreelancerBids: 2 });
    expect(planById('free').interval).toBe('forever');
  });

  it('derives the plan from the amount as the server did', () => {
    expect([planIdFromAmount(25), planIdFromAmount(53), planIdFromAmount(12), planIdFromAmount(99)]).toEqual([
      'pro',
      'premium',
      'basic',
      'basic',
    ]);
  });
});
