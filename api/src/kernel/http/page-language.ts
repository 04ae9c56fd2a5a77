import { DEFAULT_LANGUAGE, supportedLanguage, type Language } from '@shared/languages';

/** What a page request says about the visitor's language, each possibly missing. */
export interface PageLanguageSignals {
  /** `?lng=` */
  query?: string | null;
  /** The `i18next` cookie the PWA's language detector keeps. */
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/** The languages of an Accept-Language header, most wanted first (q=0 left out). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language of a prerendered page, in the PWA detector's order: the query, the saved cookie,
 * then the browser's languages; English otherwise. (The PWA renders again on the client if its own
 * choice, e.g. from local storage, differs.)
 */
export function pageLanguage({ query, cookie, acceptLanguage }: PageLanguageSignals): Language {
  return (
    supportedLanguage(query) ??
    supportedLanguage(cookie) ??
    acceptedLanguages(acceptLanguage)
      .map((tag) => supportedLanguage(tag))
      .find((language) => language !== undefined) ??
    DEFAULT_LANGUAGE
  );
}
