import { describe, expect, it } from 'vitest';
import { geoResponseSchema } from '@shared/schemas/geo';
import { parseCachedLocation } from '../lib/geo';
import { detectedLocation, readGeoAnswer, startsAtOnce, type GeoAnswer } from './geo-start';

const answer = (fields: Partial<GeoAnswer>): GeoAnswer => ({ country: null, currency: null, language: null, source: 'none', ...fields });
const nigeria = answer({ country: 'NG', currency: 'NGN', source: 'geoip' });
const unitedStates = answer({ country: 'US', currency: 'USD', language: 'en', source: 'geoip' });
const bangladesh = answer({ country: 'BD', currency: null, language: 'bn', source: 'timezone' });
const india = answer({ country: 'IN', currency: 'INR', language: 'hi', source: 'geoip' });

describe('startsAtOnce', () => {
  it('starts the app now for a visitor whose prices are not in dollars, whatever the language', () => {
    expect(startsAtOnce({ answer: nigeria, saved: {}, pageLanguage: 'en' })).toBe(true);
    expect(startsAtOnce({ answer: india, saved: { localStorage: 'hi' }, pageLanguage: 'hi' })).toBe(true);
    expect(
      startsAtOnce({
        answer: answer({ country: 'FR', currency: 'EUR', language: 'fr', source: 'timezone' }),
        saved: { cookie: 'fr' },
        pageLanguage: 'fr',
      }),
    ).toBe(true);
  });

  it('waits for the first interaction when the page as prerendered is what this visitor gets', () => {
    expect(startsAtOnce({ answer: unitedStates, saved: {}, pageLanguage: 'en' })).toBe(false);
    expect(startsAtOnce({ answer: unitedStates, saved: {}, pageLanguage: 'en-US' })).toBe(false);
    // No country known: dollars, and the language the server picked.
    expect(startsAtOnce({ answer: answer({}), saved: {}, pageLanguage: 'fr' })).toBe(false);
    // A country the language table does not list keeps the page's language.
    expect(startsAtOnce({ answer: answer({ country: 'KE', currency: 'USD', source: 'geoip' }), saved: {}, pageLanguage: 'en' })).toBe(
      false,
    );
  });

  it('starts now when no language is saved and the country’s language is not the page’s', () => {
    expect(startsAtOnce({ answer: bangladesh, saved: {}, pageLanguage: 'en' })).toBe(true);
    expect(startsAtOnce({ answer: unitedStates, saved: {}, pageLanguage: 'ar' })).toBe(true);
    expect(startsAtOnce({ answer: bangladesh, saved: { query: null, cookie: undefined, localStorage: null }, pageLanguage: 'bn' })).toBe(
      false,
    );
  });

  it('keeps a saved language from any of the app’s sources (query, cookie, local storage), if supported', () => {
    expect(startsAtOnce({ answer: bangladesh, saved: { query: 'en' }, pageLanguage: 'en' })).toBe(false);
    expect(startsAtOnce({ answer: bangladesh, saved: { cookie: 'en' }, pageLanguage: 'en' })).toBe(false);
    expect(startsAtOnce({ answer: bangladesh, saved: { localStorage: 'en-GB' }, pageLanguage: 'en' })).toBe(false);
    // Not a language of the app: not a saved choice.
    expect(startsAtOnce({ answer: bangladesh, saved: { localStorage: 'de' }, pageLanguage: 'en' })).toBe(true);
  });
});

describe('readGeoAnswer', () => {
  it('reads every answer the route can give', () => {
    for (const body of [
      { country_code: 'NG', currency: 'NGN', language: null, source: 'geoip' },
      { country_code: 'BD', currency: null, language: 'bn', source: 'timezone' },
      { country_code: null, currency: null, language: null, source: 'none' },
    ]) {
      const parsed = geoResponseSchema.parse(body);
      expect(readGeoAnswer(parsed)).toEqual({
        country: parsed.country_code,
        currency: parsed.currency,
        language: parsed.language,
        source: parsed.source,
      });
    }
  });

  it('refuses what is not one (an error body, an HTML page, nothing)', () => {
    for (const body of [undefined, null, 'ok', [], { message: 'Invalid input', code: 'validation_error' }, { country_code: 'NG' }]) {
      expect(readGeoAnswer(body)).toBeUndefined();
    }
  });
});

describe('detectedLocation', () => {
  it('is what the app’s own detection stores in session storage, and reads back as such', () => {
    expect(detectedLocation(nigeria)).toEqual({ country: 'NG', currency: 'NGN', source: 'geo' });
    expect(detectedLocation(bangladesh)).toEqual({ country: 'BD', currency: null, source: 'timezone' });
    expect(detectedLocation(answer({}))).toEqual({ country: null, currency: null, source: 'none' });
    for (const stored of [nigeria, bangladesh, answer({})].map(detectedLocation)) {
      expect(parseCachedLocation(JSON.stringify(stored))).toEqual(stored);
    }
  });
});
