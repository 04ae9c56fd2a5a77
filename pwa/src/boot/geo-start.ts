/**
 * What the boot script of a prerendered public page decides from the visitor's country (bundled
 * into that inline script: keep it small, no tables). The page was prerendered in dollars and in
 * the language of `<html lang>`; a visitor the app would show other prices, or (with no language
 * saved) another language, gets the app at once instead of at their first interaction.
 */
import { savedLanguage, type SavedLanguageSources } from '../app/language-choice';
import type { DetectedLocation } from '../lib/geo-cache';

/** The currency every prerendered page shows its prices in. */
export const PRERENDERED_CURRENCY = 'USD';

/** `GET /api/geo`'s answer as the boot script reads it (@shared/schemas/geo, without zod). */
export interface GeoAnswer {
  country: string | null;
  currency: string | null;
  language: string | null;
  source: 'geoip' | 'timezone' | 'none';
}

const code = (value: unknown, length: number): string | null =>
  typeof value === 'string' && value.length === length ? value.toUpperCase() : null;

/** The route's answer, or undefined when the body is not one (then the app asks for itself). */
export function readGeoAnswer(body: unknown): GeoAnswer | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const source = record.source;
  if (source !== 'geoip' && source !== 'timezone' && source !== 'none') return undefined;
  return {
    country: code(record.country_code, 2),
    currency: code(record.currency, 3),
    language: typeof record.language === 'string' ? record.language : null,
    source,
  };
}

/** The answer in the app's session cache format (lib/geo.ts): what its own detection would have stored. */
export function detectedLocation(answer: GeoAnswer): DetectedLocation {
  if (!answer.country) return { country: null, currency: null, source: 'none' };
  return { country: answer.country, currency: answer.currency, source: answer.source === 'geoip' ? 'geo' : 'timezone' };
}

/** Everything the decision looks at. */
export interface StartSignals {
  answer: GeoAnswer;
  /** Where a language the visitor chose before is kept (the `lng` query, the i18next cookie, local storage). */
  saved: SavedLanguageSources;
  /** `<html lang>`: the language the page was prerendered in. */
  pageLanguage: string;
}

/**
 * Whether the app must start now rather than at the first interaction: the visitor's prices are
 * not in the page's currency, or no language is saved and their country's language is not the
 * page's (the app's country-language step would switch it).
 */
export function startsAtOnce({ answer, saved, pageLanguage }: StartSignals): boolean {
  if (answer.currency && answer.currency !== PRERENDERED_CURRENCY) return true;
  if (!answer.language || savedLanguage(saved)) return false;
  return answer.language !== pageLanguage.toLowerCase().split('-')[0];
}
