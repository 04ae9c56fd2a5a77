import { describe, expect, it } from 'vitest';
import { planById } from '@shared/plan-table';
import { limitsValues, proposalsFeature } from './plan-features';

describe('daily proposals as the screens say them', () => {
  it('the free tier names each marketplace’s own limit, the same numbers the settings sentence uses', () => {
    expect(proposalsFeature(planById('free'))).toEqual({ key: 'plans.features.proposalsSplit', values: { upwork: 1, freelancer: 2 } });
    expect(limitsValues('free')).toEqual({ agents: 1, upwork: 1, freelancer: 2 });
  });
  it('a paid plan with one limit for both says one number', () => {
    expect(proposalsFeature(planById('pro'))).toEqual({ key: 'plans.features.proposalsPerDay', values: { count: 64 } });
  });
});
