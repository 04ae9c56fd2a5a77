import { DEFAULT_LANGUAGE, languageForCountry, supportedLanguage, type Language } from '@shared/languages';

/** What the language choice looks at, each possibly missing. */
export interface LanguageSignals {
  /** A language the visitor chose before (local storage, the `lng` query or the i18next cookie). */
  saved?: string | null | undefined;
  /** The ISO country detected for the visitor (geolocation, else the time zone). */
  country?: string | null | undefined;
  /** The browser's language tag (`navigator.language`), e.g. `pt-BR`. */
  browser?: string | null | undefined;
}

/**
 * The specification's order: the saved language when supported; else the language of the detected
 * country; else the browser language's primary subtag when supported; else English.
 */
export function chooseLanguage({ saved, country, browser }: LanguageSignals): Language {
  return supportedLanguage(saved) ?? languageForCountry(country) ?? supportedLanguage(browser) ?? DEFAULT_LANGUAGE;
}

/** The cookie the server picks a prerendered page's language by, and i18next's local storage key. */
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Where the i18next detector looks for a saved choice, as plain values. */
export interface SavedLanguageSources {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  localStorage?: string | null | undefined;
}

/** The saved choice, in the detector's order (query, cookie, local storage); only supported ones count. */
export function savedLanguage({ query, cookie, localStorage }: SavedLanguageSources): Language | undefined {
  return supportedLanguage(query) ?? supportedLanguage(cookie) ?? supportedLanguage(localStorage);
}

/** Everything the page's language is detected from at start, in this order. */
export interface DetectionSources extends SavedLanguageSources {
  /** `navigator.languages`, most preferred first. */
  browser?: readonly string[] | undefined;
  /** `<html lang>` as the server sent it. */
  htmlTag?: string | null | undefined;
}

/**
 * The language a page starts in: a saved choice (query, cookie, local storage), else the first
 * supported browser language, else the page's own `lang`, else English.
 */
export function detectLanguage(sources: DetectionSources): Language {
  return (
    savedLanguage(sources) ??
    (sources.browser ?? []).map((tag) => supportedLanguage(tag)).find((language) => language !== undefined) ??
    supportedLanguage(sources.htmlTag) ??
    DEFAULT_LANGUAGE
  );
}

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return undefined;
}
