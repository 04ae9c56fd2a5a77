import { describe, expect, it } from 'vitest';
import { planPriceDisplay } from './plan-price';
import { planChoicePath } from './plan-choice';

const pro = { usd: 25, naira: 38_000 };
const free = { usd: 0, naira: 0 };

describe('planPriceDisplay', () => {
  it.each([
    [
      "Nigeria: naira with the plan's own dollar price beneath (not the naira converted back)",
      pro,
      { isNigeria: true, currency: 'NGN' },
      'en',
      '₦38,000',
      '≈ $25',
    ],
    ['Nigeria, free plan: no dollars beneath', free, { isNigeria: true, currency: 'NGN' }, 'en', '₦0', undefined],
    ['no country: dollars only', pro, { isNigeria: false, currency: 'USD' }, 'en', '$25', undefined],
    ['India: dollars with rupees beneath', pro, { isNigeria: false, currency: 'INR' }, 'en', '$25', '≈ ₹2,089'],
    ['free plan elsewhere: no local price', free, { isNigeria: false, currency: 'EUR' }, 'en', '$0', undefined],
  ] as const)('%s', (_name, price, location, language, main, approximate) => {
    expect(planPriceDisplay(price, location, language)).toEqual({ main, approximate });
  });
});

it('Arabic: the dollar sign follows the number', () => {
  const { main } = planPriceDisplay(pro, { isNigeria: false, currency: 'USD' }, 'ar');
  expect(main).toMatch(/^[0-9٠-٩]+\$$/);
});

describe('planChoicePath', () => {
  it.each([
    ['pro', false, '/register?plan=pro'],
    ['pro', true, '/subscribe?plan=pro'],
    ['premium', false, '/register?plan=premium'],
    ['basic', true, '/subscribe?plan=basic'],
    ['free', false, '/register'],
    ['free', true, '/dashboard'],
  ] as const)('%s, signed in %s → %s', (plan, signedIn, path) => {
    expect(planChoicePath(plan, signedIn)).toBe(path);
  });
});
