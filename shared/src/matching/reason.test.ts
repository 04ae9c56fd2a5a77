import { describe, expect, it } from 'vitest';
import { makeJob } from './job-fixture';
import { rankJobs } from './rank';
import { decodeMatchReason, encodeMatchReason, FLAGGED_REASON_PREFIX, isFlaggedReason, reasonShowsFlags } from './reason';

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
      flags: [],
    });
    expect(decodeMatchReason(null)).toEqual({ factors: null, text: null, features: null, flags: [] });
    const stored = encodeMatchReason([{ code: 'budgetFits' }, { code: 'fromTheFuture' } as never], null);
    expect(decodeMatchReason(stored).factors).toEqual([{ code: 'budgetFits' }]);
    expect(decodeMatchReason('{not json').text).toBe('{not json');
  });

  it('keeps a flagged job’s flags, first, so the store can tell it by its prefix', () => {
    const fee = 'Easy typing work. You pay a $30 registration fee to start, refunded with your first pay.';
    const [flagged, clean] = rankJobs(
      [
        makeJob({ id: 'a', title: 'Data entry from home', description: fee, skills: ['Data Entry'] }),
        makeJob({ id: 'b', title: 'Data entry for a shop', description: 'Copy 200 products into our catalogue.', skills: ['Data Entry'] }),
      ],
      { skills: ['Data Entry'] },
    ).sort((x, y) => x.id.localeCompare(y.id));
    expect(flagged!.matchReason.startsWith(FLAGGED_REASON_PREFIX)).toBe(true);
    expect(isFlaggedReason(flagged!.matchReason)).toBe(true);
    const decoded = decodeMatchReason(flagged!.matchReason);
    expect(decoded.flags).toEqual([expect.objectContaining({ code: 'upfrontFee', quote: expect.stringContaining('registration fee') })]);
    expect(decoded.factors).toEqual(flagged!.matchFactors);
    expect(isFlaggedReason(clean!.matchReason)).toBe(false);
    expect(decodeMatchReason(clean!.matchReason).flags).toEqual([]);
  });

  it('keeps a review draft’s doubts to show, without the flagged prefix that would take it out of the cap', () => {
    const doubt = { code: 'offPlatform' as const, quote: 'reply on our site', likely: true, unsure: true };
    const stored = encodeMatchReason([{ code: 'budgetFits' }], null, [], [doubt]);
    expect(isFlaggedReason(stored)).toBe(false);
    expect(reasonShowsFlags(stored)).toBe(true);
    expect(decodeMatchReason(stored).flags).toEqual([doubt]);
    // Flags first, then doubts; a reason with neither shows nothing.
    const both = encodeMatchReason([], null, [{ code: 'upfrontFee', quote: 'pay $30' }], [doubt]);
    expect(isFlaggedReason(both)).toBe(true);
    expect(decodeMatchReason(both).flags.map((flag) => flag.code)).toEqual(['upfrontFee', 'offPlatform']);
    expect(reasonShowsFlags(encodeMatchReason([{ code: 'budgetFits' }], { d: [1], s: ['react'], m: null }))).toBe(false);
  });

  it('reads a reason stored before flags as having none, and skips flag codes it does not know', () => {
    const before = JSON.stringify({ v: 2, f: [{ code: 'budgetFits' }], x: null });
    expect(decodeMatchReason(before)).toEqual({ factors: [{ code: 'budgetFits' }], text: null, features: null, flags: [] });
    const stored = encodeMatchReason([], null, [
      { code: 'upfrontFee', quote: 'pay a fee' },
      { code: 'fromTheFuture', quote: null } as never,
    ]);
    expect(decodeMatchReason(stored).flags).toEqual([{ code: 'upfrontFee', quote: 'pay a fee' }]);
  });
});
