import { useTranslation } from 'react-i18next';

/**
 * The keys of these screens are merged into locales/*.json by the lead (locales/_pending/settings.json);
 * until then the typed `t` cannot check them, so the screens use this loose view of it.
 */
export type LooseT = (key: string, options?: Record<string, unknown>) => string;

export function useLooseT(): { t: LooseT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as LooseT, language: i18n.resolvedLanguage ?? i18n.language ?? 'en' };
}

/** The card every settings section sits in. */
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
