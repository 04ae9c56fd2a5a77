/**
 * Session storage key of the detected location (one detection per tab; the boot script of a
 * prerendered page may have stored it already). Its own module: the inline boot script imports it.
 */
export const GEO_CACHE_KEY = 'bidpilot_geo';

/** A country (ISO 3166 alpha-2, upper case) and currency (ISO 4217) as far as known. */
export interface DetectedLocation {
  country: string | null;
  currency: string | null;
  /** Where the country came from. */
  source: 'geo' | 'timezone' | 'none';
}
