import { currencyForCountry } from '@shared/currency';
import { countryForTimeZone } from '@shared/time-zone-country';
import type { DetectedLocation } from './geo-cache';

export { GEO_CACHE_KEY, type DetectedLocation } from './geo-cache';

export const NO_LOCATION: DetectedLocation = { country: null, currency: null, source: 'none' };

/**
 * Reads a geolocation answer: our `GET /api/geo` (`{ country_code, currency, source }`) or an
 * ipapi.co-style body (`{ country_code, currency }`, `{ error: true, reason }` on failure).
 * Undefined when the call failed; `country: null` when it worked but knew no country.
 */
export function parseGeoBody(body: unknown): { country: string | null; currency: string | null } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  if (record.error === true) return undefined;
  if (!('country_code' in record)) return undefined;
  const country =
    typeof record.country_code === 'string' && /^[a-z]{2}$/i.test(record.country_code.trim())
      ? record.country_code.trim().toUpperCase()
      : null;
  const currency =
    typeof record.currency === 'string' && /^[a-z]{3}$/i.test(record.currency.trim()) ? record.currency.trim().toUpperCase() : null;
  return { country, currency };
}

export interface DetectLocationOptions {
  /** Answers the geolocation body, or throws. */
  fetchGeo: () => Promise<unknown>;
  /** The browser's IANA time zone, read only when the call fails (the first Intl date use costs a few frames). */
  timeZone: () => string | undefined;
}

/**
 * The visitor's country: the geolocation call first; when it fails or knows no country, the
 * country of the time zone; else none (US dollars).
 */
export async function detectLocation({ fetchGeo, timeZone }: DetectLocationOptions): Promise<DetectedLocation> {
  try {
    const answer = parseGeoBody(await fetchGeo());
    if (answer?.country) {
      return { country: answer.country, currency: answer.currency ?? currencyForCountry(answer.country) ?? null, source: 'geo' };
    }
  } catch (error) {
    console.warn('[geo] location detection failed, using the time zone', error);
  }
  const country = countryForTimeZone(timeZone());
  return country ? { country, currency: currencyForCountry(country) ?? null, source: 'timezone' } : NO_LOCATION;
}

/** A cached location read back from session storage, if it has the right shape. */
export function parseCachedLocation(raw: string | null): DetectedLocation | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<DetectedLocation>;
    const okString = (v: unknown) => v === null || typeof v === 'string';
    if (
      okString(value.country) &&
      okString(value.currency) &&
      (value.source === 'geo' || value.source === 'timezone' || value.source === 'none')
    ) {
      return { country: value.country ?? null, currency: value.currency ?? null, source: value.source };
    }
  } catch {
    // not JSON: detect again
  }
  return undefined;
}
