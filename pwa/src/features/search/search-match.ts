import type { MatchFactor } from '@shared/scoring';
import { decodeMatchReason } from '@shared/matching/reason';
import { WORDS_PER_HOUR } from '@shared/schemas/job';

/** Skill names keep their own direction inside a right-to-left sentence (first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** One part of a job's match reason: an i18n key under `search.match.` and its values. */
export interface MatchPhrase {
  key: string;
  values?: Record<string, string | number>;
}

/** How the reader's language writes numbers, US dollars, shares and ages. */
export interface MatchFormat {
  number: (n: number) => string;
  usd: (n: number) => string;
  /** A price under a dollar ("$0.005" a word), to two significant digits. */
  usdCents: (n: number) => string;
  percent: (n: number) => string;
  /** "9 days ago", in the reader's language. */
  daysAgo: (days: number) => string;
  /** A skill with the post's own word for it ("BigQuery (“Snowflake” in the post)"); both already isolated. */
  skillAs: (skill: string, word: string) => string;
}

/** The reader's number, money, share and age formats (the post's word beside a skill is phrased by `matchLine`'s `t`). */
export function matchFormat(language: string): Omit<MatchFormat, 'skillAs'> {
  const number = new Intl.NumberFormat(language);
  const usd = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const cents = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return {
    number: (n) => number.format(n),
    usd: (n) => usd.format(n),
    usdCents: (n) => cents.format(n),
    percent: (n) => percent.format(n / 100),
    daysAgo: (d) => relative.format(-d, 'day'),
  };
}

const plain: MatchFormat = {
  number: String,
  usd: (n) => `$${n}`,
  usdCents: (n) => `$${Number(n.toPrecision(2))}`,
  percent: (n) => `${n}%`,
  daysAgo: (d) => `${d} days ago`,
  skillAs: (skill, word) => `${skill} (“${word}”)`,
};

/** A skill as the reason names it: beside the post's own word when the server sent one (older results: the name alone). */
const skillText = (skill: string, word: string | null | undefined, f: MatchFormat) =>
  word ? f.skillAs(isolate(skill), isolate(word)) : isolate(skill);

const FILTER_KEYS = {
  hourlyBelow: 'filteredHourlyBelow',
  hourlyAbove: 'filteredHourlyAbove',
  fixedBelow: 'filteredFixedBelow',
  fixedAbove: 'filteredFixedAbove',
  type: 'filteredType',
  wordRateBelow: 'filteredWordRateBelow',
} as const;

function phrase(factor: MatchFactor, f: MatchFormat): MatchPhrase | null {
  switch (factor.code) {
    case 'skills':
      return factor.matched.length
        ? {
            key: 'search.match.skills',
            values: {
              matched: f.number(factor.matched.length),
              total: f.number(factor.total),
              names: factor.words?.slice(0, 3).some(Boolean)
                ? factor.matched
                    .slice(0, 3)
                    .map((name, i) => skillText(name, factor.words?.[i], f))
                    .join(', ')
                : isolate(factor.matched.slice(0, 3).join(', ')),
            },
          }
        : { key: 'search.match.skillsNone' };
    case 'noSkills':
    case 'title':
    case 'budgetFits':
    case 'budgetLow':
    case 'budgetUnknown':
    case 'clientVerified':
    case 'clientUnverified':
    case 'newClient':
      return { key: `search.match.${factor.code}` };
    case 'related':
      return { key: 'search.match.related', values: { skill: skillText(factor.skill, factor.word, f), via: isolate(factor.via) } };
    case 'mainMissing':
    case 'languageMissing':
      return { key: `search.match.${factor.code}`, values: { skill: skillText(factor.skill, factor.word, f) } };
    case 'outsideTrade':
      return { key: 'search.match.outsideTrade', values: { trade: isolate(factor.trade) } };
    case 'keywords':
      return { key: 'search.match.keywords', values: { terms: isolate(factor.terms.join(', ')) } };
    case 'onSite':
      return { key: 'search.match.onSite', values: { quote: isolate(factor.quote) } };
    case 'filtered': {
      const usd = (n: number | null) => (n === null ? '' : f.usd(n));
      if (factor.rule === 'wordRateBelow')
        return {
          key: 'search.match.filteredWordRateBelow',
          values: {
            offered: factor.offered === null ? '' : f.usdCents(factor.offered),
            limit: usd(factor.limit),
            pace: f.number(WORDS_PER_HOUR),
          },
        };
      return { key: `search.match.${FILTER_KEYS[factor.rule]}`, values: { offered: usd(factor.offered), limit: usd(factor.limit) } };
    }
    case 'clientRating':
    case 'clientRatingLow':
      return { key: `search.match.${factor.code}`, values: { rating: f.number(Math.round(factor.rating * 10) / 10) } };
    case 'clientSpent':
      return { key: 'search.match.clientSpent', values: { amount: f.usd(factor.usd) } };
    case 'hireRate':
    case 'hireRateLow':
      return { key: `search.match.${factor.code}`, values: { percent: f.percent(factor.percent) } };
    case 'fewBids':
    case 'manyBids':
      return { key: `search.match.${factor.code}`, values: { count: f.number(factor.count) } };
    case 'oldPost':
      return { key: 'search.match.oldPost', values: { ago: f.daysAgo(factor.days) } };
    case 'learned': {
      const up = (factor.points ?? 0) >= 0;
      const count = up ? factor.approved : factor.discarded;
      if (count > 0) return { key: up ? 'search.match.learnedUp' : 'search.match.learnedDown', values: { count: f.number(count) } };
      return { key: up ? 'search.match.learnedUpNone' : 'search.match.learnedDownNone' };
    }
    default:
      return null;
  }
}

/**
 * The factors the one-line reason names: the first (the skills, or the rule a job broke), then the
 * weightiest of the rest, in the server's order. Factors without weights (older results) keep order.
 */
export function topFactors(factors: readonly MatchFactor[], max = 4): MatchFactor[] {
  if (factors.length <= max) return [...factors];
  const [first, ...rest] = factors;
  const chosen = rest
    .map((factor, index) => ({ factor, index }))
    .sort((a, b) => Math.abs(b.factor.points ?? 0) - Math.abs(a.factor.points ?? 0) || a.index - b.index)
    .slice(0, max - 1)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.factor);
  return [first!, ...chosen];
}

/**
 * The match reason as translatable phrases, one per factor (the PWA says it in the user's language;
 * the server builds no English sentence). Codes this version does not know are skipped.
 */
export function matchPhrases(factors: readonly MatchFactor[], format: Partial<MatchFormat> = {}): MatchPhrase[] {
  const f = { ...plain, ...format };
  return factors.flatMap((factor) => phrase(factor, f) ?? []);
}

/** Whether a factor counts for the job or against it (a budget not given is neither). */
export type MatchTone = 'for' | 'against' | 'neutral';

/** The phrases (keys under `search.match.`) that speak against a job; `budgetUnknown` is neutral; the rest speak for it. */
const AGAINST = new Set([
  'skillsNone',
  'noSkills',
  'mainMissing',
  'outsideTrade',
  'languageMissing',
  'onSite',
  ...Object.values(FILTER_KEYS),
  'budgetLow',
  'clientUnverified',
  'clientRatingLow',
  'newClient',
  'hireRateLow',
  'manyBids',
  'oldPost',
  'learnedDown',
  'learnedDownNone',
]);
const NEUTRAL = new Set(['budgetUnknown']);

/** The tone of a phrase, by its key. */
export function phraseTone(key: string): MatchTone {
  const code = key.replace(/^search\.match\./, '');
  if (AGAINST.has(code)) return 'against';
  return NEUTRAL.has(code) ? 'neutral' : 'for';
}

/** One part of the reason as shown: its text in the reader's language and whether it counts for or against. */
export interface MatchPart {
  text: string;
  tone: MatchTone;
}

/** The reason's parts: the translated phrases of the top factors, each with its tone. */
export function matchParts(
  factors: readonly MatchFactor[],
  t: (key: string, values?: Record<string, unknown>) => string,
  format?: Partial<MatchFormat>,
): MatchPart[] {
  // The post's word beside a skill is phrased in the reader's language too.
  const skillAs = (skill: string, word: string) => t('search.match.skillAs', { skill, word });
  return matchPhrases(topFactors(factors), { skillAs, ...format }).map((p) => ({ text: t(p.key, p.values), tone: phraseTone(p.key) }));
}

/** A job item's stored reason as parts: its factors translated, or an older English reason as one neutral part. */
export function reasonParts(
  stored: string | null,
  t: (key: string, values?: Record<string, unknown>) => string,
  format?: Partial<MatchFormat>,
): MatchPart[] {
  const decoded = decodeMatchReason(stored);
  if (decoded.factors) return matchParts(decoded.factors, t, format);
  return decoded.text ? [{ text: decoded.text, tone: 'neutral' }] : [];
}

/** The one-line reason: the translated phrases of the top factors, joined with a middle dot. */
export function matchLine(
  factors: readonly MatchFactor[],
  t: (key: string, values?: Record<string, unknown>) => string,
  format?: Partial<MatchFormat>,
): string {
  return matchParts(factors, t, format)
    .map((p) => p.text)
    .join(' · ');
}

/** A job item's stored reason as a line: its factors translated, or an older English reason as it was. */
export function reasonLine(
  stored: string | null,
  t: (key: string, values?: Record<string, unknown>) => string,
  format?: Partial<MatchFormat>,
): string {
  return reasonParts(stored, t, format)
    .map((p) => p.text)
    .join(' · ');
}
