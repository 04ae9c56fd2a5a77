import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import loaders from 'virtual:locale-loaders';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '@shared/languages';
import { CLIENT_BUNDLES, SHELL_BUNDLE, splitIntoBundles, type LocaleBundle } from '@shared/locale-bundles';
import type en from '../../../locales/en.json';
import { applyDocumentLanguage } from './document-language';
import { chooseLanguage, detectLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, readCookie, savedLanguage } from './language-choice';

export type Resources = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/** The bundles screens load besides the shell: `t('settings.title')` is looked up in them too. */
const SCREEN_BUNDLES = CLIENT_BUNDLES.filter((bundle) => bundle !== SHELL_BUNDLE);

const loading = new Map<string, Promise<ResourceKey>>();

/**
 * One bundle of one language's strings (its own chunk, fetched once, whoever asks first: the start-up
 * preload or i18next). Offline with that chunk never cached, the English one (precached) stands in.
 */
export function loadBundle(language: string, bundle: LocaleBundle): Promise<ResourceKey> {
  const key = `${language}/${bundle}`;
  let promise = loading.get(key);
  if (!promise) {
    const load = isLanguage(language) ? loaders[language][bundle] : undefined;
    promise = load ? load().then((module) => module.default) : Promise.reject(new Error(`No strings for language ${language}`));
    if (language !== DEFAULT_LANGUAGE) promise = promise.catch(() => loadBundle(DEFAULT_LANGUAGE, bundle));
    // A failed load is tried again next time.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

const bundleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadBundle(language, namespace as LocaleBundle).then(
      (strings) => callback(null, strings),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const safe = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/** Where a language choice is kept: read once per page (a cookie read is a round trip to the browser process). */
let sources: { query?: string | null; cookie?: string; localStorage?: string | null } | undefined;
const savedSources = () =>
  (sources ??= {
    query: safe(() => new URLSearchParams(window.location.search).get('lng')),
    cookie: safe(() => readCookie(document.cookie, LANGUAGE_COOKIE)),
    localStorage: safe(() => localStorage.getItem(LANGUAGE_STORAGE_KEY)),
  });

/** A language the visitor chose before (the `lng` query, the cookie, local storage), if any. */
export function readSavedLanguage(): string | undefined {
  return savedLanguage(savedSources());
}

/** The language this page starts in: saved, else the browser's, else the page's own `lang`, else English. */
export function detectPageLanguage(): string {
  return detectLanguage({ ...savedSources(), browser: safe(() => navigator.languages), htmlTag: document.documentElement.lang });
}

/** Remembers the language in local storage and the cookie the server picks prerendered pages by. */
function saveLanguage(language: string): void {
  safe(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, language));
  safe(() => (document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; SameSite=Strict`));
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

/** The language i18next is switching to while it loads that language's bundles. */
let switchingTo: string | undefined;
i18n.on('languageChanging', (language?: string) => void (switchingTo = language));
i18n.on('languageChanged', () => void (switchingTo = undefined));

/**
 * Loads string bundles in the current language (a screen's, before it shows), waiting for these
 * alone: i18next's `loadNamespaces` waits for every namespace still on its way, so a screen would
 * wait for all the bundles the signed-in background load (loadAllStrings) asked for. The bundles
 * join i18next's list, so a change of language brings them in the new language; a language being
 * switched to gets them now.
 */
export function loadStrings(bundles: readonly LocaleBundle[]): Promise<void> {
  const listed = i18n.options.ns;
  if (Array.isArray(listed)) for (const bundle of bundles) if (!listed.includes(bundle)) (listed as string[]).push(bundle);
  const languages = [
    ...new Set([i18n.resolvedLanguage ?? i18n.language, switchingTo].filter((language): language is string => Boolean(language))),
  ];
  const loads = languages.flatMap((language) =>
    bundles
      .filter((bundle) => !i18n.hasResourceBundle(language, bundle))
      .map((bundle) => loadBundle(language, bundle).then((strings) => void i18n.addResourceBundle(language, bundle, strings, true, true))),
  );
  return Promise.all(loads).then(() => undefined);
}

/** Every bundle of the current language, and of any language chosen later: a signed-in user's whole app works offline. */
export function loadAllStrings(): Promise<void> {
  return loadStrings(SCREEN_BUNDLES);
}

const commonOptions = {
  defaultNS: SHELL_BUNDLE,
  fallbackNS: SCREEN_BUNDLES,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly',
  // Every language has every key (npm run locales:check): a language never loads English beside
  // it. English only when nothing supported was asked for.
  fallbackLng: { ...Object.fromEntries(LANGUAGES.map((language) => [language, []])), default: [DEFAULT_LANGUAGE] },
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
} as const;

/**
 * Starts i18next in `language`; resolves once its shell strings are in (a screen's bundles come
 * with the screen). The chosen language is saved, and sets the page's `lang` and `dir`.
 */
export function initI18n(language: string): Promise<typeof i18n> {
  i18n.on('languageChanged', (changed) => {
    applyDocumentLanguage(document.documentElement, changed);
    saveLanguage(changed);
  });
  return i18n
    .use(bundleBackend)
    .use(initReactI18next)
    .init({ ...commonOptions, lng: language, ns: [SHELL_BUNDLE], partialBundledLanguages: true })
    .then(() => i18n);
}

/** At build time: every language's strings given whole (no loading), one language at a time. */
export function initPrerenderI18n(): Promise<typeof i18n> {
  return i18n
    .use(initReactI18next)
    .init({ ...commonOptions, lng: DEFAULT_LANGUAGE, ns: [...CLIENT_BUNDLES], resources: {}, partialBundledLanguages: true })
    .then(() => i18n);
}

/** Adds one language's strings, cut into their bundles (the prerender). */
export function addLanguage(language: string, strings: Record<string, unknown>): void {
  for (const [bundle, part] of Object.entries(splitIntoBundles(strings))) i18n.addResourceBundle(language, bundle, part, true, true);
}

export default i18n;
