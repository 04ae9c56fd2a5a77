import { describe, expect, it } from 'vitest';
import { countryCode, countryName } from './countries';

describe('excluded countries', () => {
  it('takes a two-letter code or a country name, in the reader’s language or English', () => {
    expect(countryCode('in', 'en')).toBe('IN');
    expect(countryCode(' India ', 'en')).toBe('IN');
    expect(countryCode('Inde', 'fr')).toBe('IN');
    expect(countryCode('Pakistan', 'fr')).toBe('PK');
    expect(countryCode('Atlantis', 'en')).toBeNull();
    expect(countryCode('QQ', 'en')).toBeNull();
    expect(countryName('pk', 'en')).toBe('Pakistan');
  });
});
