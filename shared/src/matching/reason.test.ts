import { describe, expect, it } from 'vitest';
import { makeJob } from './job-fixture';
import { rankJobs } from './rank';
import { decodeMatchReason, encodeMatchReason } from './reason';

describe('a match reason as a job item keeps it', () => {
  it('round-trips the factors and the features', () => {
    const [job] = rankJobs([makeJob({ id: 'a', title: 'React developer', skills: ['React'] })], { skills: ['React'] });
    const decoded = decodeMatchReason(job!.matchReason);
    expect(decoded.factors).toEqual(job!.matchFactors);
    expect(decoded.features).toEqual(job!.match.features);
    expect(decoded.text).toBeNull();
  });

  it('reads an older English reason as text, and skips factors it does not know', () => {
    expect(decodeMatchReason('Matches 2 of 3 skills (React, CSS); budget fits')).toEqual({
      factors: null,
      text: 'Matches 2 of 3 skills (React, CSS); budget fits',
      features: null,
    });
    expect(decodeMatchReason(null)).toEqual({ factors: null, text: null, features: null });
    const stored = encodeMatchReason([{ code: 'budgetFits' }, { code: 'fromTheFuture' } as never], null);
    expect(decodeMatchReason(stored).factors).toEqual([{ code: 'budgetFits' }]);
    expect(decodeMatchReason('{not json').text).toBe('{not json');
  });
});
