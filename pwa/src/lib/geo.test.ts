import { describe, expect, it, vi } from 'vitest';
import { detectLocation, parseCachedLocation, parseGeoBody } from './geo';

describe('parseGeoBody', () => {
  it.each([
    ['our /api/geo answer', { country_code: 'NG', currency: 'NGN', source: 'geoip' }, { country: 'NG', currency: 'NGN' }],
    ['our answer without a country', { country_code: null, currency: null, source: 'none' }, { country: null, currency: null }],
    [
      'an ipapi.co answer',
      { ip: '1.2.3.4', country_code: 'in', currency: 'inr', country_name: 'India' },
      { country: 'IN', currency: 'INR' },
    ],
    ['an ipapi.co answer without currency', { country_code: 'BD' }, { country: 'BD', currency: null }],
    ['a malformed country', { country_code: 'Nigeria', currency: 'NGN' }, { country: null, currency: 'NGN' }],
  ])('%s', (_name, body, expected) => {
    expect(parseGeoBody(body)).toEqual(expected);
  });

  it.each([
    ['an ipapi.co error', { error: true, reason: 'RateLimited', message: 'Too many requests' }],
    ['an ipapi.co reserved address', { ip: '127.0.0.1', error: true, reason: 'Reserved IP Address' }],
    ['an unrelated body', { message: 'Not found: /api/geo', code: 'not_found' }],
    ['null', null],
    ['text', 'NG'],
    ['an array', [{ country_code: 'NG' }]],
  ])('%s is a failure', (_name, body) => {
    expect(parseGeoBody(body)).toBeUndefined();
  });
});

describe('detectLocation', () => {
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('uses the geolocation answer first, with the currency of the country when none is given', async () => {
    await expect(detectLocation({ fetchGeo: async () => ({ country_code: 'FR' }), timeZone: () => 'Africa/Lagos' })).resolves.toEqual({
      country: 'FR',
      currency: 'EUR',
      source: 'geo',
    });
  });

  it('falls back to the time zone when the call fails', async () => {
    const warn = quiet();
    await expect(detectLocation({ fetchGeo: () => Promise.reject(new Error('offline')), timeZone: () => 'Africa/Lagos' })).resolves.toEqual(
      {
        country: 'NG',
        currency: 'NGN',
        source: 'timezone',
      },
    );
    warn.mockRestore();
  });

  it('falls back to the time zone on an ipapi error or no country', async () => {
    await expect(detectLocation({ fetchGeo: async () => ({ error: true }), timeZone: () => 'Asia/Kolkata' })).resolves.toMatchObject({
      country: 'IN',
      source: 'timezone',
    });
    await expect(
      detectLocation({
        fetchGeo: async () => ({ country_code: null, currency: null, source: 'none' }),
        timeZone: () => 'America/Sao_Paulo',
      }),
    ).resolves.toMatchObject({
      country: 'BR',
      currency: 'BRL',
    });
  });

  it('gives no country (US dollars) when neither knows', async () => {
    await expect(detectLocation({ fetchGeo: async () => ({ error: true }), timeZone: () => 'UTC' })).resolves.toEqual({
      country: null,
      currency: null,
      source: 'none',
    });
  });
});

describe('parseCachedLocation', () => {
  it('reads back what was cached and refuses anything else', () => {
    expect(parseCachedLocation(JSON.stringify({ country: 'NG', currency: 'NGN', source: 'timezone' }))).toEqual({
      country: 'NG',
      currency: 'NGN',
      source: 'timezone',
    });
    expect(parseCachedLocation('{"country":1}')).toBeUndefined();
    expect(parseCachedLocation('not json')).toBeUndefined();
    expect(parseCachedLocation(null)).toBeUndefined();
  });
});
