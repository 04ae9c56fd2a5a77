import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/languages';
import en from '../../../locales/en.json';
import { applyDocumentLanguage } from '../domain/document-language';

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
      callback(null, en);
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

/** Starts i18next; resolves once the detected language's strings are in. */
export function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') applyDocumentLanguage(document.documentElement, language);
  });
  return i18n
    .use(lazyLocaleBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
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
