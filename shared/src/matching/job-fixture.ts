import type { Job } from '../schemas/job';

/** A job for tests: a fixed-price Upwork job from a verified client unless told otherwise. */
export function makeJob(over: Partial<Job> & { id: string }): Job {
  return {
    platform: 'upwork',
    externalId: over.id,
    title: 'A job',
    description: '',
    url: `https://example.test/${over.id}`,
    type: 'fixed',
    currency: 'USD',
    minBudget: 1000,
    maxBudget: 1000,
    budgetUsd: 1000,
    skills: [],
    experienceLevel: 'intermediate',
    duration: null,
    datePosted: '2026-03-11T10:00:00.000Z',
    clientName: null,
    clientLocation: null,
    logoUrl: null,
    client: { paymentVerified: true, rating: 4.8, totalSpentUsd: 20_000, country: 'US', hires: 10, jobsPosted: 12 },
    bidCount: 8,
    ...over,
  };
}
