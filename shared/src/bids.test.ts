import { describe, expect, it } from 'vitest';
import { bidLimits, bidProblems, bidProblemText } from './bids';

const freelancer = { platform: 'freelancer', jobType: 'fixed', budgetMin: 2500, budgetMax: 21000 } as const;
const upworkHourly = { platform: 'upwork', jobType: 'hourly', budgetMin: 20, budgetMax: 60 } as const;
const upworkFixed = { platform: 'upwork', jobType: 'fixed', budgetMin: 500, budgetMax: null } as const;

describe("a marketplace's rules for a bid", () => {
  it('Freelancer.com: at least the budget minimum (above the maximum is allowed), a period of 1 to 365 days', () => {
    expect(bidLimits(freelancer)).toMatchObject({ minAmount: 2500, period: { min: 1, max: 365 } });
    expect(bidProblems(freelancer, { amount: 25000, periodDays: 14 })).toEqual([]);
    expect(bidProblems(freelancer, { amount: 2499, periodDays: 0 })).toEqual([
      { code: 'amountLow', min: 2500 },
      { code: 'periodInvalid', min: 1, max: 365 },
    ]);
    expect(bidProblems(freelancer, { periodDays: 2.5 })).toEqual([{ code: 'periodInvalid', min: 1, max: 365 }]);
    expect(bidProblemText({ code: 'amountLow', min: 2500 }, 'INR')).toBe('The marketplace takes a bid of at least 2,500 INR on this job');
  });

  it('Upwork: $3–$999 an hour, at least $5 fixed, and no delivery period', () => {
    expect(bidProblems(upworkHourly, { amount: 45 })).toEqual([]);
    expect(bidProblems(upworkHourly, { amount: 2 })).toEqual([{ code: 'amountLow', min: 3 }]);
    expect(bidProblems(upworkHourly, { amount: 1500 })).toEqual([{ code: 'amountHigh', max: 999 }]);
    expect(bidProblems(upworkFixed, { amount: 4 })).toEqual([{ code: 'amountLow', min: 5 }]);
    expect(bidProblems(upworkFixed, { amount: 400, periodDays: 7 })).toEqual([{ code: 'periodNotTaken', marketplace: 'Upwork' }]);
  });

  it('takes amounts in cents, never a negative, zero or not-a-number amount', () => {
    expect(bidProblems(freelancer, { amount: 11750.1 })).toEqual([]);
    for (const amount of [0, -5, Number.NaN, 3000.555]) expect(bidProblems(freelancer, { amount })).toEqual([{ code: 'amountInvalid' }]);
  });

  it('an item found before its budget was kept: any positive amount on Freelancer.com', () => {
    expect(bidLimits({ platform: 'freelancer', jobType: null, budgetMin: null, budgetMax: null }).minAmount).toBe(1);
  });
});
