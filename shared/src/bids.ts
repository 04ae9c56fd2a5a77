import { MARKETPLACES, type Platform } from './marketplaces';

/**
 * What a marketplace accepts as a proposal's bid, for the job it is on: the amount (in the job's
 * currency; an hourly rate on an hourly job) and, where the marketplace takes one, the delivery
 * period in days. The review dialog keeps the user inside these, and the server refuses anything
 * outside them on approval (no zod here: the review reads it on its first load).
 *
 * - Freelancer.com refuses a bid below the project's minimum budget
 *   (`BID_MINIMUM_REQUIREMENT_NOT_MET`) and a period outside 1 to 365 days; a bid above the budget
 *   is allowed.
 * - Upwork takes an hourly rate from $3 to $999 and a fixed price from $5; its proposal API carries
 *   no delivery period.
 */
export interface BidTerms {
  platform: Platform;
  jobType: 'fixed' | 'hourly' | null;
  budgetMin: number | null;
  budgetMax: number | null;
}

export interface BidLimits {
  /** The lowest amount the marketplace takes for this job. */
  minAmount: number;
  /** The highest, where the marketplace has one. */
  maxAmount: number | null;
  /** The delivery period's bounds, in days; null where the marketplace takes no period. */
  period: { min: number; max: number } | null;
}

export const BID_PERIOD_DAYS = { min: 1, max: 365 } as const;
const UPWORK_HOURLY = { min: 3, max: 999 } as const;
const UPWORK_FIXED_MIN = 5;
/** No bid is worth more than this in any currency: a typed extra zero, not a price. */
const ANY_BID_MAX = 100_000_000;

export function bidLimits(terms: BidTerms): BidLimits {
  if (terms.platform === 'upwork') {
    return terms.jobType === 'hourly'
      ? { minAmount: UPWORK_HOURLY.min, maxAmount: UPWORK_HOURLY.max, period: null }
      : { minAmount: UPWORK_FIXED_MIN, maxAmount: ANY_BID_MAX, period: null };
  }
  const floor = terms.budgetMin !== null && terms.budgetMin > 0 ? terms.budgetMin : 1;
  return { minAmount: floor, maxAmount: ANY_BID_MAX, period: { ...BID_PERIOD_DAYS } };
}

/** Why a bid cannot go out (each an i18n key under `agents.review.bid`, with its values), none when it can. */
export type BidProblem =
  | { code: 'amountInvalid' }
  | { code: 'amountLow'; min: number }
  | { code: 'amountHigh'; max: number }
  | { code: 'periodInvalid'; min: number; max: number }
  | { code: 'periodNotTaken'; marketplace: string };

export function bidProblems(terms: BidTerms, bid: { amount?: number | null; periodDays?: number | null }): BidProblem[] {
  const limits = bidLimits(terms);
  const problems: BidProblem[] = [];
  const { amount, periodDays } = bid;
  if (amount !== undefined && amount !== null) {
    // At most two decimals: the marketplaces take amounts in cents.
    if (!Number.isFinite(amount) || amount <= 0 || Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
      problems.push({ code: 'amountInvalid' });
    else if (amount < limits.minAmount) problems.push({ code: 'amountLow', min: limits.minAmount });
    else if (limits.maxAmount !== null && amount > limits.maxAmount) problems.push({ code: 'amountHigh', max: limits.maxAmount });
  }
  if (periodDays !== undefined && periodDays !== null) {
    if (!limits.period) problems.push({ code: 'periodNotTaken', marketplace: MARKETPLACES[terms.platform].name });
    else if (!Number.isInteger(periodDays) || periodDays < limits.period.min || periodDays > limits.period.max)
      problems.push({ code: 'periodInvalid', ...limits.period });
  }
  return problems;
}

/** A problem in plain English, for the API's 400 (the app shows its own words). */
export function bidProblemText(problem: BidProblem, currency: string | null): string {
  const money = (n: number) => `${n.toLocaleString('en-US')}${currency ? ` ${currency}` : ''}`;
  switch (problem.code) {
    case 'amountInvalid':
      return 'The bid amount must be a positive number with at most two decimals';
    case 'amountLow':
      return `The marketplace takes a bid of at least ${money(problem.min)} on this job`;
    case 'amountHigh':
      return `The marketplace takes a bid of at most ${money(problem.max)} on this job`;
    case 'periodInvalid':
      return `The delivery period must be a whole number of days from ${problem.min} to ${problem.max}`;
    case 'periodNotTaken':
      return `${problem.marketplace} proposals carry no delivery period`;
  }
}
