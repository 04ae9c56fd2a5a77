import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/languages';
import type en from '../../../locales/en.json';
// The entry bundles English without the legal texts, which come with the legal pages' chunk.
import enShell from '../../../locales/en.json?shell';
import { applyDocumentLanguage } from '../domain/document-language';
import { chooseLanguage, readCookie, savedLanguage } from '../domain/language-choice';

export type Resources = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/** The nine other languages, each its own chunk, fetched when first chosen (cached by the SW). */
const lazyLocales = import.meta.glob<{ default: ResourceKey }>(['../../../locales/*.json', '!../../../locales/en.json', '!../../../locales/_*.json']);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language === DEFAULT_LANGUAGE) {
      callback(null, enShell as ResourceKey);
      return;
    }
    const load = lazyLocales[`../../../locales/${language}.json`];
    if (!load) {
      callback(new Error(`No strings for language ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'];

/** A language the visitor chose before (the detector's query, cookie and local storage), if any. */
export function readSavedLanguage(): string | undefined {
  const safe = <T,>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return savedLanguage({
    query: safe(() => new URLSearchParams(window.location.search).get('lng')),
    cookie: safe(() => readCookie(document.cookie, 'i18next')),
    localStorage: safe(() => localStorage.getItem('i18nextLng')),
  });
}

/**
 * The country step of the language order: with no saved choice, once the country is known, switch
 * to its language (saved like any choice). Skipped when the visitor picked a language meanwhile.
 */
export async function applyCountryLanguage(country: Promise<string | null>): Promise<void> {
  const before = i18n.resolvedLanguage ?? i18n.language;
  const detected = await country;
  const now = i18n.resolvedLanguage ?? i18n.language;
  if (now !== before) return;
  const target = chooseLanguage({ country: detected, browser: navigator.language });
  if (target !== now) await i18n.changeLanguage(target);
}

/**
 * Starts i18next; resolves once the detected language's strings are in. At build time
 * (`prerender`) there is no visitor to detect and no chunk to load: the prerender adds every
 * language's strings and picks each in turn.
 */
export function initI18n(options: { prerender?: boolean } = {}): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') applyDocumentLanguage(document.documentElement, language);
  });
  const instance = options.prerender ? i18n : i18n.use(lazyLocaleBackend).use(LanguageDetector);
  return instance
    .use(initReactI18next)
    .init({
      ...(options.prerender ? { lng: DEFAULT_LANGUAGE } : {}),
      resources: { en: { translation: enShell as ResourceKey } },
      partialBundledLanguages: true,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        convertDetectedLanguage: (lng: string) => lng.split(/[-_]/)[0]?.toLowerCase() ?? lng,
      },
      react: { useSuspense: false },
    })
    .then(() => i18n);
}

export default i18n;
