import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../ui/PublicPage';

/** The legal pages' date: April 4, 2025. */
export const LEGAL_UPDATED = new Date(Date.UTC(2025, 3, 4));

export interface LegalSection {
  id: string;
  title: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

/** A legal page: title, last-updated line and titled sections; opens scrolled to the top. */
export function LegalDocument({ title, intro, sections }: { title: string; intro?: string; sections: LegalSection[] }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(LEGAL_UPDATED);
  return (
    <PublicPage>
      <article className="mx-auto max-w-3xl px-4 py-14 [overflow-wrap:anywhere] hyphens-auto sm:py-20">
        <header className="border-b border-slate-200 pb-6">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">{t('legal.lastUpdated', { date })}</p>
          {intro && <p className="mt-4 text-slate-700">{intro}</p>}
        </header>
        <nav aria-label={t('legal.contents')} className="mt-8 rounded-xl bg-slate-50 p-5">
          <h2 className="text-sm font-semibold text-slate-900">{t('legal.contents')}</h2>
          <ol className="mt-3 list-decimal space-y-1 ps-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            {section.body.split(/\n\s*\n/).map((paragraph, p) => (
              <p key={p} className="mt-3 leading-relaxed text-slate-700">
                {paragraph.trim()}
              </p>
            ))}
          </section>
        ))}
      </article>
    </PublicPage>
  );
}
