import { describe, expect, it } from 'vitest';
import type { JobClient } from '../../schemas/job';
import { analyseJob } from '../analyse';
import { makeJob } from '../job-fixture';
import { assessRisk } from './assess';

const client = (over: Partial<JobClient>): JobClient => ({
  paymentVerified: true,
  rating: null,
  totalSpentUsd: null,
  country: 'US',
  hires: null,
  jobsPosted: null,
  ...over,
});
const signals = (c: JobClient) =>
  assessRisk(analyseJob(makeJob({ id: 'j1', title: 'React dashboard', description: 'Charts for our sales data.', client: c }))).map(
    (f) => f.signal,
  );

describe('client signals', () => {
  it('payment not verified, no spend and no hires', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: 0, hires: 0, jobsPosted: 1 }))).toEqual(['unverifiedNoSpend']);
  });

  it('on Freelancer.com (no spend given): payment not verified and no completed project', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: null, hires: 0, jobsPosted: 2 }))).toEqual(['unverifiedNoSpend']);
  });

  it('many posts and no hires', () => {
    expect(signals(client({ paymentVerified: true, totalSpentUsd: 0, hires: 0, jobsPosted: 14 }))).toEqual(['manyPostsNoHires']);
  });

  it('a first-time client with verified payment is not risky', () => {
    expect(signals(client({ paymentVerified: true, totalSpentUsd: 0, hires: 0, jobsPosted: 1 }))).toEqual([]);
  });

  it('an unverified client who has hired and spent, or a marketplace that says nothing, is not flagged', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: 5200, hires: 6, jobsPosted: 9 }))).toEqual([]);
    expect(signals(client({ paymentVerified: null, totalSpentUsd: null, hires: null, jobsPosted: null }))).toEqual([]);
    expect(signals(client({ paymentVerified: false, totalSpentUsd: null, hires: null }))).toEqual([]);
  });

  it('few posts without a hire are not many', () => {
    expect(signals(client({ paymentVerified: true, hires: 0, jobsPosted: 9 }))).toEqual([]);
  });
});
