import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../ui/PublicPage';
import { looseT } from '../../lib/loose-t';
import type { SiteConfig, SiteOperator } from '@shared/site';
import { site } from '../../lib/site';

/** The legal pages' date: April 4, 2025. */
export const LEGAL_UPDATED = new Date(Date.UTC(2025, 3, 4));

export interface LegalSection {
  id: string;
  title: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

const STAND_INS: Record<keyof SiteOperator, string> = {
  name: 'legal.operator.defaultName',
  email: 'legal.operator.noEmail',
  address: 'legal.operator.noAddress',
  jurisdiction: 'legal.operator.defaultJurisdiction',
};

/** An operator value as the pages show it: the setting, or the sentence standing in for it (as the server does: kernel/http/site-html.ts). */
export function operatorShown(t: (key: string) => string, key: keyof SiteOperator, config: SiteConfig = site()): string {
  return config.operator[key] ?? t(STAND_INS[key]);
}

/** What the legal texts name: who runs the service, how to reach them, and whose law applies. */
export function useOperatorVars(): Record<'operator' | 'email' | 'jurisdiction', string> {
  const tt = looseT(useTranslation().t);
  return { operator: operatorShown(tt, 'name'), email: operatorShown(tt, 'email'), jurisdiction: operatorShown(tt, 'jurisdiction') };
}

/**
 * Sends the visitor to the operator's own page when they publish one (PRIVACY_URL, TERMS_URL; the
 * server redirects a page load, this the app's own navigation); true while it does.
 */
export function useOperatorPage(url: string | null): boolean {
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  return url !== null;
}

/** Who runs the service, from the deployment's settings (or the sentences standing in for what is not set). */
function OperatorPanel() {
  const { t } = useTranslation();
  const tt = looseT(t);
  const email = site().operator.email;
  const rows = [
    { key: 'name', label: t('legal.operator.name'), value: operatorShown(tt, 'name') },
    { key: 'address', label: t('legal.operator.address'), value: operatorShown(tt, 'address') },
    { key: 'jurisdiction', label: t('legal.operator.jurisdiction'), value: operatorShown(tt, 'jurisdiction') },
  ];
  return (
    <section aria-labelledby="legal-operator" className="mt-6 rounded-xl border border-slate-200 p-5">
      <h2 id="legal-operator" className="text-sm font-semibold text-slate-900">
        {t('legal.operator.title')}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-slate-900" data-operator={row.key}>
              {row.value}
            </dd>
          </div>
        ))}
        <dt className="text-slate-600">{t('legal.operator.contact')}</dt>
        <dd className="text-slate-900" data-operator="email">
          {email ? (
            <a
              href={`mailto:${email}`}
              className="rounded-sm text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {email}
            </a>
          ) : (
            operatorShown(tt, 'email')
          )}
        </dd>
      </dl>
    </section>
  );
}

/** A legal page: title, last-updated line, who runs the service and titled sections; opens scrolled to the top. */
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
        <OperatorPanel />
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
