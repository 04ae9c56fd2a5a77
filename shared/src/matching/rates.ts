import type { AgentPlatform } from '../schemas/agent';
import { WORDS_PER_HOUR, type MatchFactor } from '../schemas/job';
import type { AnalysedJob } from './analyse';
import { statedWordRateUsd } from './risk/scope';

/**
 * The rates a freelancer works for, as hard filters applied before any scoring: a job outside them
 * is never drafted, whatever else it has going for it. Amounts in US dollars.
 */
export interface RateLimits {
  /** Per hour. */
  hourly: { min: number | null; max: number | null };
  /** Whole project. */
  fixed: { min: number | null; max: number | null };
  /** The contract types taken (both when unset). */
  types: ReadonlyArray<'hourly' | 'fixed'>;
  /** The lowest figures were set by the user (false: the platform's default floor applies). */
  explicitHourly: boolean;
  explicitFixed: boolean;
}

/**
 * The floor when the freelancer set none: below these a post is not a real offer on that marketplace
 * (Upwork's smallest hourly offers start around $10/h; Freelancer.com lists $2–8/h and $10–30 projects).
 */
export const DEFAULT_FLOORS_USD: Readonly<Record<AgentPlatform, { hourly: number; fixed: number }>> = {
  upwork: { hourly: 10, fixed: 50 },
  freelancer: { hourly: 8, fixed: 30 },
};

export interface RateInput {
  minHourlyUsd?: number | null;
  maxHourlyUsd?: number | null;
  minFixedUsd?: number | null;
  maxFixedUsd?: number | null;
  jobTypes?: ReadonlyArray<'hourly' | 'fixed'>;
  platform?: AgentPlatform;
}

const positive = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);

export function rateLimits(input: RateInput, platform: AgentPlatform): RateLimits {
  const floors = DEFAULT_FLOORS_USD[input.platform ?? platform];
  const hourlyMin = positive(input.minHourlyUsd);
  const fixedMin = positive(input.minFixedUsd);
  return {
    hourly: { min: hourlyMin ?? floors.hourly, max: positive(input.maxHourlyUsd) },
    fixed: { min: fixedMin ?? floors.fixed, max: positive(input.maxFixedUsd) },
    types: input.jobTypes && input.jobTypes.length > 0 ? input.jobTypes : ['hourly', 'fixed'],
    explicitHourly: hourlyMin !== null,
    explicitFixed: fixedMin !== null,
  };
}

/** The rule a job breaks, or null when it passes (an unknown budget passes: it may still be a fit). */
export function rateFilter(job: AnalysedJob, limits: RateLimits): Extract<MatchFactor, { code: 'filtered' }> | null {
  const type = job.job.type;
  if (!limits.types.includes(type)) return { code: 'filtered', rule: 'type', offered: null, limit: null };
  // A price a word the post states ("₹0.40 per word"), under the hourly minimum even at the fastest pace.
  const perWord = statedWordRateUsd(job);
  if (perWord !== null && limits.hourly.min !== null && perWord * WORDS_PER_HOUR < limits.hourly.min) {
    return { code: 'filtered', rule: 'wordRateBelow', offered: perWord, limit: limits.hourly.min };
  }
  const bounds = type === 'hourly' ? limits.hourly : limits.fixed;
  const top = job.maxUsd ?? job.minUsd;
  const bottom = job.minUsd ?? job.maxUsd;
  if (bounds.min !== null && top !== null && top < bounds.min) {
    return { code: 'filtered', rule: type === 'hourly' ? 'hourlyBelow' : 'fixedBelow', offered: top, limit: bounds.min };
  }
  if (bounds.max !== null && bottom !== null && bottom > bounds.max) {
    return { code: 'filtered', rule: type === 'hourly' ? 'hourlyAbove' : 'fixedAbove', offered: bottom, limit: bounds.max };
  }
  return null;
}

/**
 * How the budget sits against the freelancer's rates, once the job passed the filters: points and
 * the factor. A fixed price below two hours at the freelancer's own hourly minimum is low.
 */
export function budgetFit(job: AnalysedJob, limits: RateLimits): { points: number; factor: MatchFactor; ratio: number | null } {
  const top = job.maxUsd ?? job.minUsd;
  if (top === null) return { points: -2, factor: { code: 'budgetUnknown', points: -2 }, ratio: null };
  const hourly = job.job.type === 'hourly';
  let floor = hourly ? limits.hourly.min : limits.fixed.min;
  if (!hourly && !limits.explicitFixed && limits.explicitHourly && limits.hourly.min !== null)
    floor = Math.max(floor ?? 0, 2 * limits.hourly.min);
  const ratio = floor ? top / floor : null;
  if (ratio !== null && ratio < 1) return { points: -6, factor: { code: 'budgetLow', points: -6 }, ratio };
  const points = ratio !== null && ratio >= 2 ? 4 : 2;
  return { points, factor: { code: 'budgetFits', points }, ratio };
}
