import { describe, expect, it } from 'vitest';
import { jobFacts } from './job-facts';

describe('the facts a proposal card lists', () => {
  it('says when it was applied only once sent, and experience and duration only when the marketplace gave them', () => {
    expect(jobFacts({ appliedDate: null, experienceLevel: null, duration: null })).toEqual(['budget']);
    expect(jobFacts({ appliedDate: '2026-11-20T10:00:00.000Z', experienceLevel: 'expert', duration: null })).toEqual([
      'budget',
      'applied',
      'experience',
    ]);
  });
});
