import { describe, expect, it } from 'vitest';
import type { MatchFactor } from '@shared/scoring';
import { matchLine, matchPhrases } from './search-match';

describe('match factors as translatable phrases', () => {
  it('maps every factor code to its key and values, in order', () => {
    const factors: MatchFactor[] = [
      { code: 'skills', matched: ['React', 'Node.js', 'CSS', 'SQL'], total: 5 },
      { code: 'title', overlap: 50 },
      { code: 'budgetFits' },
      { code: 'clientVerified' },
      { code: 'clientRating', rating: 4.87 },
    ];
    expect(matchPhrases(factors)).toEqual([
      { key: 'search.match.skills', values: { matched: '4', total: '5', names: '\u2068React, Node.js, CSS\u2069' } },
      { key: 'search.match.title' },
      { key: 'search.match.budgetFits' },
      { key: 'search.match.clientVerified' },
      { key: 'search.match.clientRating', values: { rating: '4.9' } },
    ]);
  });
  it('covers the other codes', () => {
    const keys = matchPhrases([
      { code: 'skills', matched: [], total: 3 },
      { code: 'noSkills' },
      { code: 'budgetLow' },
      { code: 'budgetUnknown' },
      { code: 'clientUnverified' },
    ]).map((p) => p.key);
    expect(keys).toEqual(['search.match.skillsNone', 'search.match.noSkills', 'search.match.budgetLow', 'search.match.budgetUnknown', 'search.match.clientUnverified']);
  });
  it('skips a code it does not know (a newer server)', () => {
    expect(matchPhrases([{ code: 'somethingNew' } as unknown as MatchFactor, { code: 'budgetFits' }])).toEqual([{ key: 'search.match.budgetFits' }]);
  });
  it('formats numbers with the reader formatter and joins the line with a middle dot', () => {
    const arabic = new Intl.NumberFormat('ar-EG');
    const t = (key: string, values?: Record<string, unknown>) => `${key.split('.').pop()}${values ? JSON.stringify(values) : ''}`;
    expect(matchLine([{ code: 'skills', matched: ['Go'], total: 2 }, { code: 'budgetFits' }], t, (n) => arabic.format(n))).toBe(
      'skills{"matched":"١","total":"٢","names":"\u2068Go\u2069"} · budgetFits',
    );
    expect(matchLine([], t)).toBe('');
  });
});
