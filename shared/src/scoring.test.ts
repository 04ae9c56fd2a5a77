import { describe, expect, it } from 'vitest';
import type { Job } from './schemas/job';
import { normalizeTerm, rankJobs, scoreJob, type MatchProfile } from './scoring';

const job = (over: Partial<Job> = {}): Job => ({
  id: 'freelancer:1',
  platform: 'freelancer',
  externalId: '1',
  title: 'Build a React dashboard with Node.js API',
  description: 'We need a TypeScript developer to build an analytics dashboard.',
  url: 'https://example.test/1',
  type: 'fixed',
  currency: 'USD',
  minBudget: 500,
  maxBudget: 1500,
  budgetUsd: 1000,
  skills: ['React', 'Node.js', 'TypeScript', 'PostgreSQL'],
  experienceLevel: 'intermediate',
  duration: null,
  datePosted: '2026-11-20T10:00:00.000Z',
  clientName: null,
  clientLocation: 'Germany',
  logoUrl: null,
  client: { paymentVerified: true, rating: 4.8, totalSpentUsd: 12000, country: 'DE', hires: 14 },
  bidCount: 5,
  ...over,
});

const dev: MatchProfile = { skills: ['react', 'NodeJS', 'TypeScript'], title: 'React dashboard developer', minFixedUsd: 300, minHourlyUsd: 30 };

describe('scoreJob', () => {
  it('scores a strong fit high with its reasons', () => {
    const result = scoreJob(job(), dev);
    expect(result.score).toBeGreaterThanOrEqual(85);
    expect(result.factors).toEqual(
      expect.arrayContaining([
        { code: 'skills', matched: ['React', 'Node.js', 'TypeScript'], total: 4 },
        { code: 'budgetFits' },
        { code: 'clientVerified' },
        { code: 'clientRating', rating: 4.8 },
      ]),
    );
    expect(result.reason).toBe('Matches 3 of 4 skills (React, Node.js, TypeScript); title fits yours; budget fits; payment verified; client rated 4.8');
  });

  it.each([
    ['no shared skill', job({ skills: ['Logo Design', 'Illustrator'], title: 'Logo for a bakery', description: 'Branding work' }), 0, 45],
    ['a budget under the rate', job({ budgetUsd: 100 }), 60, 90],
    ['an unverified client', job({ client: { paymentVerified: false, rating: null, totalSpentUsd: null, country: null, hires: null } }), 60, 92],
  ])('scores %s lower', (_label, candidate, min, max) => {
    const { score } = scoreJob(candidate, dev);
    expect(score).toBeGreaterThanOrEqual(min);
    expect(score).toBeLessThanOrEqual(max);
    expect(score).toBeLessThan(scoreJob(job(), dev).score);
  });

  it('finds skills in the text when the job lists none', () => {
    const { factors } = scoreJob(job({ skills: [] }), dev);
    expect(factors[0]).toEqual({ code: 'skills', matched: ['react', 'NodeJS', 'TypeScript'], total: 3 });
  });

  it('asks for skills when the profile has none, and stays within 0..100', () => {
    const result = scoreJob(job(), { skills: [] });
    expect(result.factors[0]).toEqual({ code: 'noSkills' });
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(100);
  });

  it('normalises skill spellings', () => {
    expect(normalizeTerm('Node.js')).toBe(normalizeTerm('nodejs'));
    expect(normalizeTerm('UI/UX Design')).toBe('uiuxdesign');
  });
});

describe('rankJobs', () => {
  it('puts the best match first, newest first on ties', () => {
    const weak = job({ id: 'w', skills: ['Excel'], title: 'Data entry', description: 'Copy rows' });
    const older = job({ id: 'old', datePosted: '2026-11-01T00:00:00.000Z' });
    const newer = job({ id: 'new', datePosted: '2026-11-21T00:00:00.000Z' });
    expect(rankJobs([weak, older, newer], dev).map((j) => j.id)).toEqual(['new', 'old', 'w']);
  });
});
