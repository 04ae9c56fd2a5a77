import { describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import { makeAgent } from '../../testing/agent-fixture';
import { makeJob } from '@shared/matching/job-fixture';
import type { User } from '@shared/schemas/user';
import type { Job } from '@shared/schemas/job';
import type { Ranked } from '@shared/scoring';
import {
  agentCriteria,
  clientFilterFailure,
  insideWindow,
  matchProfile,
  passesClientFilters,
  pickJobs,
  spendOrder,
  spendPriority,
  windowStart,
} from './criteria';

const agent = (over: Partial<Agent>): Agent => makeAgent(over);

const user = {
  skills: ['React', 'TypeScript'],
  profileTitle: 'Front-end engineer',
  profileOverview: 'I build dashboards in React.',
} as User;

describe('what an agent matches with', () => {
  it("uses its own platform's rates and contract types", () => {
    const freelancer = matchProfile(
      agent({
        platform: 'freelancer',
        freelancerHourlyRateMin: 40,
        freelancerHourlyRateMax: 90,
        freelancerMinBudget: 300,
        freelancerIsHourly: false,
        upworkHourlyMinRate: 5,
      }),
      user,
    );
    expect(freelancer).toMatchObject({ minHourlyUsd: 40, maxHourlyUsd: 90, minFixedUsd: 300, jobTypes: ['fixed'], platform: 'freelancer' });
    const upwork = matchProfile(
      agent({ upworkJobType: 'hourly', upworkHourlyMinRate: 45, upworkHourlyMaxRate: 1000, freelancerHourlyRateMin: 5 }),
      user,
    );
    expect(upwork).toMatchObject({ minHourlyUsd: 45, maxHourlyUsd: undefined, jobTypes: ['hourly'] });
  });

  it("adds the freelancer's own title and overview, and the agent's skills", () => {
    const profile = matchProfile(agent({ skills: ['Next.js'] }), user);
    expect(profile.skills).toEqual(['React', 'TypeScript', 'Next.js']);
    expect(profile.title).toBe('React developer · Front-end engineer');
    expect(profile.overview).toBe('I build dashboards in React.');
    expect(matchProfile(agent({ upworkOverview: 'Agent overview' }), user).overview).toBe('Agent overview');
  });

  it('searches with its skills and the hourly range set in the wizard', () => {
    const criteria = agentCriteria(agent({ skills: ['Next.js'], upworkHourlyMinRate: 40, upworkHourlyMaxRate: 90 }));
    expect(criteria).toMatchObject({ skills: ['Next.js'], upworkMinRate: 40, upworkMaxRate: 90 });
  });
});

describe('the jobs an agent may spend its allowance on', () => {
  const now = new Date('2026-03-12T12:00:00Z');
  const good = makeJob({ id: 'good', title: 'React dashboard with TypeScript', skills: ['React', 'TypeScript'] });
  const native = makeJob({ id: 'native', title: 'React Native app for a gym', skills: ['React Native', 'iOS', 'Android'] });
  const cheap = makeJob({
    id: 'cheap',
    title: 'React developer needed',
    skills: ['React'],
    type: 'hourly',
    minBudget: 8,
    maxBudget: 15,
    budgetUsd: 11.5,
  });

  it('keeps only jobs inside the rates and at or above the floor, best first, and counts the rest', () => {
    const picked = pickJobs([native, cheap, good], agent({ upworkJobType: 'any', upworkHourlyMinRate: 40, minMatchScore: 55 }), user, {
      now,
    });
    expect(picked.ranked.map((j) => j.job.id)).toEqual(['good']);
    expect(picked.poorMatch).toBe(2);
  });

  it('drafts nothing when nothing reaches the floor', () => {
    const picked = pickJobs([native, good], agent({ minMatchScore: 100 }), user, { now });
    expect(picked).toMatchObject({ ranked: [], flagged: [], poorMatch: 2 });
    // The two passed over, best first, for the run's history.
    expect(picked.passedOver.map((r) => r.job.id)).toEqual([good.id, native.id]);
  });

  it('keeps a flagged job that would pass apart, for the user to choose, and spends nothing on it', () => {
    const scam = makeJob({
      id: 'scam',
      title: 'React developer for a dashboard',
      description: 'Build our React dashboard. You pay a $30 registration fee to start, refunded with your first pay.',
      skills: ['React', 'TypeScript'],
    });
    const picked = pickJobs([scam, good], agent({ upworkJobType: 'any', minMatchScore: 0 }), user, { now });
    expect(picked.ranked.map((r) => r.job.id)).toEqual([good.id]);
    expect(picked.flagged.map((r) => [r.job.id, r.match.flags.map((flag) => flag.code)])).toEqual([['scam', ['upfrontFee']]]);
  });
});

describe("the agent's posted-within window and the order the cap is spent in", () => {
  const now = new Date('2026-03-12T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('asks the marketplace for jobs posted since the start of the window (to the minute), the default week when unset', () => {
    expect(agentCriteria(agent({ datePosted: '3d' }), now).postedSince).toBe(Date.parse('2026-03-09T12:00:00Z') / 1000);
    expect(agentCriteria(agent({ datePosted: '' }), now).postedSince).toBe(Date.parse('2026-03-05T12:00:00Z') / 1000);
    const later = new Date(now.getTime() + 42_000);
    expect(windowStart(agent({}), later)).toBe(windowStart(agent({}), now));
    // Without the time (the search page), no window is asked for.
    expect(agentCriteria(agent({})).postedSince).toBeUndefined();
  });

  it('drops the jobs posted before the window, whatever the marketplace answered', () => {
    const jobs = [makeJob({ id: 'new', datePosted: daysAgo(1) }), makeJob({ id: 'old', datePosted: daysAgo(12) })];
    expect(insideWindow(jobs, agent({}), now).map((job) => job.id)).toEqual(['new']);
    expect(insideWindow(jobs, agent({ datePosted: '1m' }), now).map((job) => job.id)).toEqual(['new', 'old']);
  });

  it('spends the cap on a young job with few proposals before an older, crowded one that matches a little better', () => {
    const young = makeJob({
      id: 'young',
      title: 'React dashboard with TypeScript',
      skills: ['React', 'TypeScript'],
      bidCount: 2,
      datePosted: daysAgo(0.1),
    });
    const crowded = makeJob({ ...young, id: 'crowded', bidCount: 80, datePosted: daysAgo(6) });
    const picked = pickJobs([crowded, young], agent({ upworkJobType: 'any', minMatchScore: 0 }), user, { now });
    expect(picked.ranked.map((r) => r.job.id)).toEqual(['young', 'crowded']);
    // Eight points of match do not make up for six days and eighty proposals; thirty-five do.
    const close = [
      { job: crowded, match: { raw: 78 } },
      { job: young, match: { raw: 70 } },
    ] as never as Array<Ranked<Job>>;
    expect(spendOrder(close, now).map((r) => r.job.id)).toEqual(['young', 'crowded']);
    const ranked = [
      { job: crowded, match: { raw: 90 } },
      { job: young, match: { raw: 55 } },
    ] as never as Array<Ranked<Job>>;
    expect(spendOrder(ranked, now).map((r) => r.job.id)).toEqual(['crowded', 'young']);
    expect(spendPriority({ job: young, match: { raw: 70 } } as never, now)).toBeGreaterThan(
      spendPriority({ job: crowded, match: { raw: 70 } } as never, now),
    );
  });
});

describe("the agent's client filters", () => {
  const client = (over: Partial<ReturnType<typeof makeJob>['client']>) =>
    makeJob({
      id: 'c',
      client: { paymentVerified: true, rating: 4.8, totalSpentUsd: 20_000, country: 'US', hires: 10, jobsPosted: 12, ...over },
    });
  const filters = agent({ clientVerifiedOnly: true, clientMinRating: 4, clientMinSpentUsd: 1000, excludedCountries: ['IN'] });

  it('names the first filter a client fails, with what the client has; unknown data passes', () => {
    expect(clientFilterFailure(client({ paymentVerified: false }), filters)).toEqual({ filter: 'paymentVerified', value: null });
    expect(clientFilterFailure(client({ rating: 3.2 }), filters)).toEqual({ filter: 'rating', value: 3.2 });
    expect(clientFilterFailure(client({ totalSpentUsd: 300 }), filters)).toEqual({ filter: 'spent', value: 300 });
    expect(clientFilterFailure(client({ country: 'in' }), filters)).toEqual({ filter: 'country', value: 'in' });
    const unknown = client({ paymentVerified: null, rating: null, totalSpentUsd: null, country: null });
    expect(clientFilterFailure(unknown, filters)).toBeNull();
    expect(passesClientFilters(unknown, filters)).toBe(true);
    // With no filter set, every client passes.
    expect(passesClientFilters(client({ paymentVerified: false, rating: 1, totalSpentUsd: 0, country: 'IN' }), agent({}))).toBe(true);
  });
});
