import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS } from '@shared/schemas/agent';
import { searchCriteriaSchema, type ScoredJob } from '@shared/schemas/job';
import { makeJob } from '@shared/matching/job-fixture';
import { floorPreview, previewCriteria, type FloorFields } from './match-floor';

const fields = (over: Partial<FloorFields>): FloorFields => ({ ...AGENT_DEFAULTS, title: 'React developer', platform: 'upwork', ...over });

describe('the minimum match score preview', () => {
  it("searches as the agent would: its keywords, skills and its own platform's rates", () => {
    const upwork = previewCriteria(
      fields({ skills: ['Next.js'], upworkJobType: 'hourly', upworkHourlyMinRate: 40, upworkHourlyMaxRate: 1000 }),
    );
    expect(upwork).toMatchObject({
      title: 'React developer',
      platform: 'upwork',
      skills: ['Next.js'],
      upworkJobType: 'hourly',
      upworkMinRate: 40,
    });
    expect(upwork).not.toHaveProperty('upworkMaxRate');
    expect(upwork).not.toHaveProperty('freelancerHourlyRateMin');
    const freelancer = previewCriteria(
      fields({ platform: 'freelancer', freelancerIsFixed: false, freelancerHourlyRateMin: 25, freelancerHourlyRateMax: 90 }),
    );
    expect(freelancer).toMatchObject({
      platform: 'freelancer',
      freelancerIsHourly: true,
      freelancerIsFixed: false,
      freelancerHourlyRateMin: 25,
      freelancerHourlyRateMax: 90,
    });
    expect(freelancer).not.toHaveProperty('freelancerMinBudget');
    expect(freelancer).not.toHaveProperty('upworkMinRate');
    for (const criteria of [upwork, freelancer]) expect(searchCriteriaSchema.safeParse(criteria).success).toBe(true);
    expect(previewCriteria(fields({ title: ' ' }))).toBeNull();
  });

  it("counts the last day's jobs at or above the floor, never one outside the rates", () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    const scored = (id: string, score: number, hoursAgo: number, filtered = false): ScoredJob => ({
      ...makeJob({ id, datePosted: new Date(now - hoursAgo * 3_600_000).toISOString() }),
      matchScore: score,
      matchReason: '',
      matchFactors: filtered
        ? [{ code: 'filtered', rule: 'hourlyBelow', offered: 10, limit: 40 }]
        : [{ code: 'skills', matched: ['React'], total: 1 }],
      riskFlags: [],
      status: 'new',
    });
    const jobs = [scored('a', 80, 1), scored('b', 55, 3), scored('c', 40, 5), scored('d', 90, 30), scored('e', 0, 2, true)];
    expect(floorPreview(jobs, 55, now)).toEqual({ passing: 2, total: 4, clientFiltered: 0 });
    expect(floorPreview(jobs, 0, now)).toEqual({ passing: 3, total: 4, clientFiltered: 0 });
    expect(floorPreview(jobs, 100, now)).toEqual({ passing: 0, total: 4, clientFiltered: 0 });
  });

  it('counts the jobs the client filters leave out, as the runner applies them (unknown data passes)', () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    const job = (id: string, client: Partial<ScoredJob['client']>): ScoredJob => {
      const base = makeJob({ id, datePosted: new Date(now - 3_600_000).toISOString() });
      return {
        ...base,
        client: { ...base.client, ...client },
        matchScore: 80,
        matchReason: '',
        matchFactors: [{ code: 'skills', matched: ['React'], total: 1 }],
        riskFlags: [],
        status: 'new',
      };
    };
    const jobs = [
      job('verified', {}),
      job('unverified', { paymentVerified: false }),
      job('low', { rating: 3.2 }),
      job('unknown', { paymentVerified: null, rating: null, totalSpentUsd: null, country: null }),
      job('excluded', { country: 'in' }),
    ];
    expect(floorPreview(jobs, 55, now, { clientVerifiedOnly: true, clientMinRating: 4, excludedCountries: ['IN'] })).toEqual({
      passing: 2,
      total: 5,
      clientFiltered: 3,
    });
    // A rating still being typed (not a number) filters nothing.
    expect(floorPreview(jobs, 55, now, { clientMinRating: Number.NaN })).toEqual({ passing: 5, total: 5, clientFiltered: 0 });
  });
});
