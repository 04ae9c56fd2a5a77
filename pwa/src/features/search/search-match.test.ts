import { describe, expect, it } from 'vitest';
import type { MatchFactor } from '@shared/scoring';
import { encodeMatchReason } from '@shared/matching/reason';
import en from '../../../../locales/en.json';
import fr from '../../../../locales/fr.json';
import { matchFormat, matchLine, matchParts, matchPhrases, reasonLine, reasonParts, topFactors } from './search-match';

/** A catalogue as i18next reads it (enough for `{{name}}` values). */
const catalogue =
  (messages: object) =>
  (key: string, values: Record<string, unknown> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    if (typeof text !== 'string') throw new Error(`missing key ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
const english = catalogue(en);
const french = catalogue(fr);

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

  it('has an English phrase, with its values, for every code the server sends', () => {
    const all: MatchFactor[] = [
      { code: 'skills', matched: [], total: 3 },
      { code: 'noSkills' },
      { code: 'related', skill: 'Next.js', via: 'React' },
      { code: 'mainMissing', skill: 'React Native' },
      { code: 'languageMissing', skill: 'Japanese' },
      { code: 'outsideTrade', trade: 'Three.js' },
      { code: 'onSite', quote: 'On site, Chicago' },
      { code: 'keywords', terms: ['dashboard', 'charts'] },
      { code: 'filtered', rule: 'hourlyBelow', offered: 15, limit: 40 },
      { code: 'filtered', rule: 'hourlyAbove', offered: 150, limit: 90 },
      { code: 'filtered', rule: 'fixedBelow', offered: 50, limit: 300 },
      { code: 'filtered', rule: 'fixedAbove', offered: 9000, limit: 5000 },
      { code: 'filtered', rule: 'type', offered: null, limit: null },
      { code: 'filtered', rule: 'wordRateBelow', offered: 0.0048, limit: 30 },
      { code: 'budgetLow' },
      { code: 'budgetUnknown' },
      { code: 'clientUnverified' },
      { code: 'clientRatingLow', rating: 3.1 },
      { code: 'clientSpent', usd: 12000 },
      { code: 'newClient' },
      { code: 'hireRate', percent: 80 },
      { code: 'hireRateLow', percent: 10 },
      { code: 'fewBids', count: 2 },
      { code: 'manyBids', count: 64 },
      { code: 'oldPost', days: 9 },
      { code: 'learned', approved: 4, discarded: 0, points: 6 },
      { code: 'learned', approved: 0, discarded: 3, points: -5 },
      { code: 'learned', approved: 0, discarded: 0, points: 3 },
    ];
    const lines = matchPhrases(all, matchFormat('en')).map((p) => english(p.key, p.values));
    expect(lines).toContain('Mainly needs \u2068React Native\u2069, which you don’t list');
    expect(lines).toContain('Pays up to $15 an hour, under your $40 minimum');
    expect(lines).toContain('Budget up to $50, under your $300 minimum');
    expect(lines).toContain('Pays $0.0048 a word: under your $30 hourly minimum even at 2,000 words an hour');
    expect(lines).toContain('Asks for nothing of your specialty (\u2068Three.js\u2069)');
    expect(lines).toContain('Posted 9 days ago');
    expect(lines).toContain('Needs you on site: “\u2068On site, Chicago\u2069”');
    expect(lines).toContain('Like jobs you approved (4)');
    expect(lines).toContain('Like jobs you discarded (3)');
    expect(lines.every((line) => !line.includes('{{') && !line.includes('undefined'))).toBe(true);
  });

  it('skips a code it does not know (a newer server)', () => {
    expect(matchPhrases([{ code: 'somethingNew' } as unknown as MatchFactor, { code: 'budgetFits' }])).toEqual([
      { key: 'search.match.budgetFits' },
    ]);
  });

  it('names the first factor and the weightiest others, in order, on one line', () => {
    const factors: MatchFactor[] = [
      { code: 'skills', matched: ['React'], total: 2, points: 60 },
      { code: 'budgetFits', points: 2 },
      { code: 'clientVerified', points: 3 },
      { code: 'mainMissing', skill: 'PHP', points: -40 },
      { code: 'fewBids', count: 1, points: 2 },
      { code: 'learned', approved: 2, discarded: 0, points: 5 },
    ];
    expect(topFactors(factors).map((f) => f.code)).toEqual(['skills', 'clientVerified', 'mainMissing', 'learned']);
    const arabic = matchFormat('ar-EG');
    const t = (key: string, values?: Record<string, unknown>) => `${key.split('.').pop()}${values ? JSON.stringify(values) : ''}`;
    expect(matchLine([{ code: 'skills', matched: ['Go'], total: 2 }, { code: 'budgetFits' }], t, arabic)).toBe(
      'skills{"matched":"١","total":"٢","names":"\u2068Go\u2069"} · budgetFits',
    );
    expect(matchLine([], t)).toBe('');
  });

  it("renders a job item's stored reason, and shows an older English one as it was", () => {
    const stored = encodeMatchReason([{ code: 'skills', matched: ['React'], total: 1 }, { code: 'budgetFits' }], null);
    expect(reasonLine(stored, english)).toBe('Matches 1 of 1 skills (\u2068React\u2069) · Budget fits');
    expect(reasonLine('Matches 2 of 3 skills (React, CSS); budget fits', english)).toBe('Matches 2 of 3 skills (React, CSS); budget fits');
    expect(reasonLine(null, english)).toBe('');
  });

  it("quotes the post's own word beside the skill, in the reader's language, and reads older factors without it", () => {
    const factors: MatchFactor[] = [
      { code: 'skills', matched: ['Amazon Web Services', 'Linux'], total: 3, words: ['S3', null], points: 70 },
      { code: 'related', skill: 'Looker Studio', word: 'Google Data Studio', via: 'Power BI', points: -12 },
    ];
    const iso = (text: string) => `\u2068${text}\u2069`;
    expect(matchLine(factors, english, matchFormat('en'))).toBe(
      `Matches 2 of 3 skills (${iso('Amazon Web Services')} (“${iso('S3')}” in the post), ${iso('Linux')}) · ` +
        `Needs ${iso('Looker Studio')} (“${iso('Google Data Studio')}” in the post), close to your ${iso('Power BI')}`,
    );
    expect(matchLine([{ code: 'mainMissing', skill: 'Mixpanel', word: 'Amplitude' }], french, matchFormat('fr'))).toBe(
      `${french('search.match.mainMissing', { skill: `${iso('Mixpanel')} (« ${iso('Amplitude')} » dans l’annonce)` })}`,
    );
    expect(french('search.match.mainMissing', { skill: 'X' })).not.toBe(english('search.match.mainMissing', { skill: 'X' }));
    // A stored reason from before the words: the name alone, as it was.
    const older = encodeMatchReason(
      [
        { code: 'skills', matched: ['BigQuery'], total: 1 },
        { code: 'mainMissing', skill: 'BigQuery' },
      ],
      null,
    );
    expect(reasonLine(older, english)).toBe(
      `Matches 1 of 1 skills (${iso('BigQuery')}) · Mainly needs ${iso('BigQuery')}, which you don’t list`,
    );
  });
});

describe('for or against', () => {
  it('marks the factors that speak against a job as against, never like the ones in its favour', () => {
    const factors: MatchFactor[] = [
      { code: 'skills', matched: ['React'], total: 2 },
      { code: 'clientUnverified' },
      { code: 'manyBids', count: 80 },
      { code: 'budgetUnknown' },
    ];
    expect(matchParts(factors, english, matchFormat('en'))).toEqual([
      { text: `Matches 1 of 2 skills (${'\u2068'}React${'\u2069'})`, tone: 'for' },
      { text: 'Payment not verified', tone: 'against' },
      { text: 'Many proposals already (80)', tone: 'against' },

      { text: 'Budget not given', tone: 'neutral' },
    ]);
    expect(matchParts([{ code: 'outsideTrade', trade: 'Three.js' }], english, matchFormat('en'))).toEqual([
      { text: `Asks for nothing of your specialty (${'\u2068'}Three.js${'\u2069'})`, tone: 'against' },
    ]);
    const against: MatchFactor[] = [
      { code: 'skills', matched: [], total: 2 },
      { code: 'oldPost', days: 12 },
      { code: 'clientRatingLow', rating: 3.1 },
      { code: 'filtered', rule: 'hourlyBelow', offered: 10, limit: 30 },
    ];
    expect(matchParts(against, english).map((p) => p.tone)).toEqual(['against', 'against', 'against', 'against']);
    const inFavour: MatchFactor[] = [
      { code: 'clientVerified' },
      { code: 'fewBids', count: 2 },
      { code: 'clientSpent', usd: 5000 },
      { code: 'hireRate', percent: 80 },
    ];
    expect(matchParts(inFavour, english).map((p) => p.tone)).toEqual(['for', 'for', 'for', 'for']);
    // A learned factor follows its sign; an older English reason has no tone.
    expect(matchParts([{ code: 'learned', approved: 0, discarded: 3, points: -4 }], english)[0]?.tone).toBe('against');
    expect(reasonParts('Matches 2 of 3 skills (React, CSS); budget fits', english)).toEqual([
      { text: 'Matches 2 of 3 skills (React, CSS); budget fits', tone: 'neutral' },
    ]);
  });
});
