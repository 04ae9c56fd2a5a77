import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, supportedLanguage, type Language } from '@shared/languages';
import { useMenuButton } from '../lib/use-menu-button';
import { StrokeIcon } from '../ui/StrokeIcon';

function GlobeIcon() {
  return (
    <StrokeIcon className="size-5 shrink-0" strokeWidth="1.8">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </StrokeIcon>
  );
}

/**
 * The language menu of the top bar: a button naming the current language opens the ten languages
 * (each named in itself, the current one checked) as a menu driven by the arrow keys. `compact` shows only the globe and the language code (mobile).
 */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const menu = useMenuButton({ initial: 'checked' });
  const current: Language = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';

  const choose = (language: Language) => {
    menu.close(true);
    if (language !== current) void i18n.changeLanguage(language);
  };

  return (
    <div className="relative" ref={menu.containerRef}>
      <button
        {...menu.buttonProps}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <GlobeIcon />
        <span className="sr-only">{t('common.language')}: </span>
        {compact ? (
          <span className="uppercase" lang={current}>
            {current}
          </span>
        ) : (
          <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        )}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {menu.open && (
        <ul
          {...menu.menuProps}
          className="absolute end-0 z-50 mt-2 max-h-[70vh] w-52 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {LANGUAGES.map((language) => (
            <li key={language} role="none">
              <button
                type="button"
                role="menuitemradio"
                tabIndex={-1}
                lang={language}
                aria-checked={language === current}
                onClick={() => choose(language)}
                className={`flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-start text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  language === current ? 'font-semibold text-indigo-700' : 'text-slate-800'
                }`}
              >
                {LANGUAGE_NAMES[language]}
                {language === current && (
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                  </svg>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
