import type { MatchFactor } from '@shared/scoring';

/** Skill names keep their own direction inside a right-to-left sentence (first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** One part of a job's match reason: an i18n key under `search.match.` and its values. */
export interface MatchPhrase {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The match reason as translatable phrases, one per factor, in the server's order (the PWA says it
 * in the user's language instead of the English `matchReason`). Unknown codes are skipped.
 */
export function matchPhrases(factors: readonly MatchFactor[], formatNumber: (n: number) => string = String): MatchPhrase[] {
  const out: MatchPhrase[] = [];
  for (const factor of factors) {
    switch (factor.code) {
      case 'skills':
        out.push(
          factor.matched.length
            ? {
                key: 'search.match.skills',
                values: { matched: formatNumber(factor.matched.length), total: formatNumber(factor.total), names: isolate(factor.matched.slice(0, 3).join(', ')) },
              }
            : { key: 'search.match.skillsNone' },
        );
        break;
      case 'noSkills':
        out.push({ key: 'search.match.noSkills' });
        break;
      case 'title':
        out.push({ key: 'search.match.title' });
        break;
      case 'budgetFits':
        out.push({ key: 'search.match.budgetFits' });
        break;
      case 'budgetLow':
        out.push({ key: 'search.match.budgetLow' });
        break;
      case 'budgetUnknown':
        out.push({ key: 'search.match.budgetUnknown' });
        break;
      case 'clientVerified':
        out.push({ key: 'search.match.clientVerified' });
        break;
      case 'clientUnverified':
        out.push({ key: 'search.match.clientUnverified' });
        break;
      case 'clientRating':
        out.push({ key: 'search.match.clientRating', values: { rating: formatNumber(Math.round(factor.rating * 10) / 10) } });
        break;
      default:
        break;
    }
  }
  return out;
}

/** The one-line reason: the translated phrases joined with a middle dot. */
export function matchLine(factors: readonly MatchFactor[], t: (key: string, values?: Record<string, unknown>) => string, formatNumber?: (n: number) => string): string {
  return matchPhrases(factors, formatNumber)
    .map((p) => t(p.key, p.values))
    .join(' · ');
}
