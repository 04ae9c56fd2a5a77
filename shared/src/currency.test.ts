import { describe, expect, it } from 'vitest';
import { approximateLocalPrice, convertFromUsd, convertToUsd, currencyForCountry, formatMoney, locationResult, usdRate } from './currency';

describe('rates', () => {
  it.each([
    ['EUR', 0.93],
    ['GBP', 0.79],
    ['NGN', 1500],
    ['JPY', 154.61],
    ['KRW', 1338.32],
    ['MWK', 1650],
    ['usd', 1],
    ['XYZ', 1],
  ])('%s is %d per dollar (unknown currencies use 1)', (currency, rate) => {
    expect(usdRate(currency)).toBe(rate);
  });

  it('converts both ways', () => {
    expect(convertFromUsd(50, 'NGN')).toBe(75_000);
    expect(convertFromUsd(25, 'EUR')).toBeCloseTo(23.25);
    expect(convertToUsd(38_000, 'NGN')).toBeCloseTo(25.333, 3);
  });
});

describe('formatMoney in every language', () => {
  it.each([
    ['en', '$25', '₦38,000', '€46.50'],
    ['zh', '$25', '₦38,000', '€46.50'],
    ['hi', '$25', '₦38,000', '€46.50'],
    ['es', '25\u00a0$', '₦38.000', '46,50\u00a0€'],
    ['fr', '25\u00a0$', '₦38\u202f000', '46,50\u00a0€'],
    ['ar', '25$', '₦38,000', '\u200f46.50\u00a0€'],
    ['bn', '২৫$', '₦৩৮,০০০', '৪৬.৫০€'],
    ['ru', '25\u00a0$', '₦38\u00a0000', '46,50\u00a0€'],
    ['pt', '$\u00a025', '₦38.000', '€\u00a046,50'],
    ['id', '$25', '₦38.000', '€46,50'],
  ])('%s: 5 → %s, ₦38,000 → %s, €46.50 → %s', (language, usd, naira, euro) => {
    expect(formatMoney(25, 'USD', language)).toBe(usd);
    expect(formatMoney(38_000, 'NGN', language)).toBe(naira);
    expect(formatMoney(46.5, 'EUR', language)).toBe(euro);
  });

  it('puts the dollar sign after the number in Arabic', () => {
    expect(formatMoney(53, 'USD', 'ar')).toMatch(/^53\$/);
    expect(formatMoney(53, 'USD', 'ar-EG')).toMatch(/\$$/);
  });
});

describe('location result', () => {
  it('forces naira in Nigeria with the 50 USD preview', () => {
    expect(locationResult('ng', 'USD')).toEqual({
      userCountry: 'NG',
      userCurrency: 'NGN',
      isNigeria: true,
      localCurrency: { localAmount: 75_000, localCurrency: 'NGN', formattedLocal: '₦75,000' },
    });
  });

  it("takes the given currency, else the country's, else USD with no preview", () => {
    expect(locationResult('FR', 'EUR').localCurrency?.localAmount).toBeCloseTo(46.5);
    expect(locationResult('IN', null).userCurrency).toBe('INR');
    expect(locationResult(null, null)).toEqual({ userCountry: null, userCurrency: 'USD', isNigeria: false, localCurrency: null });
    expect(locationResult('US', 'USD').localCurrency).toBeNull();
  });

  it.each([
    ['DE', 'EUR'],
    ['CM', 'XAF'],
    ['SN', 'XOF'],
    ['KE', 'KES'],
    ['BR', 'BRL'],
    ['AQ', undefined],
  ])('country %s uses %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });
});

describe('approximate prices', () => {
  it('shows a rounded local price only when it is worth showing', () => {
    expect(approximateLocalPrice(25, 'INR')).toBe('≈ ₹2,089');
    expect(approximateLocalPrice(25, 'USD')).toBeUndefined();
    expect(approximateLocalPrice(0, 'EUR')).toBeUndefined();
    expect(approximateLocalPrice(25, null)).toBeUndefined();
  });
});
