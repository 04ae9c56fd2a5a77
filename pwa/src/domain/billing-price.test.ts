import { describe, expect, it } from 'vitest';
import { planById } from '@shared/plan-table';
import { chargeCurrency, discountedPrice, formatMinorAmount, paymentPriceLines } from './billing-price';

describe('payment price lines', () => {
  it('shows naira with the approximate dollars in Nigeria', () => {
    expect(paymentPriceLines(planById('pro'), { isNigeria: true, currency: 'NGN' }, 'en')).toEqual({ main: '₦38,000', approximate: '≈ $25.33' });
    expect(chargeCurrency({ isNigeria: true })).toBe('NGN');
  });
  it('shows dollars with the approximate local price elsewhere, none for USD', () => {
    expect(paymentPriceLines(planById('pro'), { isNigeria: false, currency: 'EUR' }, 'en')).toEqual({ main: '$25', approximate: '≈ €23' });
    expect(paymentPriceLines(planById('basic'), { isNigeria: false, currency: 'USD' }, 'en')).toEqual({ main: '$12', approximate: undefined });
    expect(chargeCurrency({ isNigeria: false })).toBe('USD');
  });
  it('puts the dollar sign after the number in Arabic', () => {
    expect(paymentPriceLines(planById('premium'), { isNigeria: false, currency: 'USD' }, 'ar').main).toMatch(/\$$/);
  });
});

describe('amounts', () => {
  it('formats smallest units in their currency', () => {
    expect(formatMinorAmount(2500, 'USD', 'en')).toBe('$25');
    expect(formatMinorAmount(3_800_000, 'NGN', 'en')).toBe('₦38,000');
    expect(formatMinorAmount(1750, 'USD', 'en')).toBe('$17.50');
  });
  it('applies the referral discount', () => {
    expect(discountedPrice(planById('pro'), { isNigeria: false }, 30, 'en')).toBe('$17.50');
    expect(discountedPrice(planById('pro'), { isNigeria: true }, 30, 'en')).toBe('₦26,600');
  });
});
