import { describe, expect, it } from 'vitest';
import { currencyForCountry } from '@shared/currency';
import { languageForCountry } from '@shared/languages';
import { countryForTimeZone, browserTimeZone } from './time-zone-country';

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

  it.each([['UTC'], ['Etc/UTC'], ['Etc/GMT+3'], ['Mars/Olympus_Mons'], [''], [undefined], [null]])('%s → no country', (zone) => {
    expect(countryForTimeZone(zone)).toBeUndefined();
  });

  it('gives the expected language and currency for the spec tables', () => {
    expect(languageForCountry(countryForTimeZone('Asia/Dhaka'))).toBe('bn');
    expect(currencyForCountry(countryForTimeZone('Africa/Lagos'))).toBe('NGN');
    expect(currencyForCountry(countryForTimeZone('Africa/Dakar'))).toBe('XOF');
    expect(currencyForCountry(countryForTimeZone('Europe/Berlin'))).toBe('EUR');
  });
});

describe('browserTimeZone', () => {
  it('asks Temporal where there is one, else Intl', () => {
    const global = globalThis as { Temporal?: unknown };
    const saved = global.Temporal;
    try {
      global.Temporal = { Now: { timeZoneId: () => 'Africa/Lagos' } };
      expect(browserTimeZone()).toBe('Africa/Lagos');
      global.Temporal = undefined;
      expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      global.Temporal = saved;
    }
  });
});
