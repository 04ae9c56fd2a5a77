import { describe, expect, it } from 'vitest';
import { currencyForCountry } from './currency';
import { languageForCountry } from './languages';
import { countryForTimeZone } from './time-zone-country';

describe('countryForTimeZone', () => {
  it.each([
    ['Africa/Lagos', 'NG'],
    ['Asia/Kolkata', 'IN'],
    ['Asia/Calcutta', 'IN'],
    ['Asia/Dhaka', 'BD'],
    ['America/Sao_Paulo', 'BR'],
    ['Europe/Paris', 'FR'],
    ['Europe/Moscow', 'RU'],
    ['Asia/Shanghai', 'CN'],
    ['Asia/Jakarta', 'ID'],
    ['Africa/Cairo', 'EG'],
    ['America/Mexico_City', 'MX'],
    ['Africa/Nairobi', 'KE'],
    ['America/New_York', 'US'],
  ])('%s → %s', (zone, country) => {
    expect(countryForTimeZone(zone)).toBe(country);
  });

  it.each([['UTC'], ['Etc/UTC'], ['Etc/GMT+3'], ['Mars/Olympus_Mons'], ['constructor'], ['__proto__'], [''], [undefined], [null]])(
    '%s → no country',
    (zone) => {
      expect(countryForTimeZone(zone)).toBeUndefined();
    },
  );

  it('gives the expected language and currency for the spec tables', () => {
    expect(languageForCountry(countryForTimeZone('Asia/Dhaka'))).toBe('bn');
    expect(currencyForCountry(countryForTimeZone('Africa/Lagos'))).toBe('NGN');
    expect(currencyForCountry(countryForTimeZone('Africa/Dakar'))).toBe('XOF');
    expect(currencyForCountry(countryForTimeZone('Europe/Berlin'))).toBe('EUR');
  });
});
