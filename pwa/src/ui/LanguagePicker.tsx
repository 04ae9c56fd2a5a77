import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, supportedLanguage } from '@shared/languages';

/** A native select of the ten languages, each named in itself; changes load the strings on demand. */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm text-slate-700'}>
        {t('common.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void i18n.changeLanguage(next);
        }}
        className="min-h-10 max-w-28 rounded-lg sm:max-w-40 border border-slate-300 bg-white px-2 py-1 text-sm focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
