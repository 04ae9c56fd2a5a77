import { describe, expect, it } from 'vitest';
import { chargeCurrency, formatMinorAmount } from './billing-price';

describe('amounts', () => {
  it('formats smallest units in their currency', () => {
    expect(formatMinorAmount(2500, 'USD', 'en')).toBe('$25');
    expect(formatMinorAmount(3_800_000, 'NGN', 'en')).toBe('₦38,000');
    expect(formatMinorAmount(1750, 'USD', 'en')).toBe('$17.50');
  });
  it('charges naira in Nigeria, dollars elsewhere', () => {
    expect(chargeCurrency({ isNigeria: true })).toBe('NGN');
    expect(chargeCurrency({ isNigeria: false })).toBe('USD');
  });
});
