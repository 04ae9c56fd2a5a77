/** The ten interface languages, in the specification's order. English is the source and fallback. */
export const LANGUAGES = ['en', 'zh', 'hi', 'es', 'fr', 'ar', 'bn', 'ru', 'pt', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  ar: 'العربية',
  bn: 'বাংলা',
  ru: 'Русский',
  pt: 'Português',
  id: 'Bahasa Indonesia',
};

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: string): 'rtl' | 'ltr' {
  return RTL.has(primarySubtag(language)) ? 'rtl' : 'ltr';
}

export function primarySubtag(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The supported language of a BCP 47 tag (`pt-BR` → `pt`), or undefined. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = primarySubtag(tag);
  return isLanguage(primary) ? primary : undefined;
}

/** The best supported language of an Accept-Language header, by its q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = supportedLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

const COUNTRY_LANGUAGE: Record<Language, readonly string[]> = {
  zh: ['CN', 'HK', 'TW', 'SG'],
  hi: ['IN'],
  es: ['ES', 'MX', 'CO', 'AR', 'PE', 'VE', 'CL', 'EC', 'GT', 'CU', 'BO', 'DO'],
  fr: ['FR', 'BE', 'CH', 'LU', 'MC'],
  ar: ['SA', 'EG', 'DZ', 'IQ', 'MA', 'SD', 'YE', 'SY'],
  bn: ['BD'],
  ru: ['RU', 'KZ', 'BY'],
  pt: ['PT', 'BR', 'AO', 'MZ'],
  id: ['ID'],
  en: ['US', 'GB', 'AU', 'NZ', 'IE', 'ZA', 'CA'],
};

/** Built at the first use: a module that needs only the language list (the PWA's inline boot script) leaves the table out. */
let languageByCountry: Map<string, Language> | undefined;

/** The specification's country → language table; undefined for a country it does not list. */
export function languageForCountry(countryCode: string | null | undefined): Language | undefined {
  languageByCountry ??= new Map<string, Language>(
    Object.entries(COUNTRY_LANGUAGE).flatMap(([language, countries]) =>
      countries.map((country) => [country, language as Language] as const),
    ),
  );
  return countryCode ? languageByCountry.get(countryCode.toUpperCase()) : undefined;
}
