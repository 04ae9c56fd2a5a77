import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Spec: legal links go to /privacy and /service. */
export function Footer() {
  const { t } = useTranslation();
  const link = 'rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t('common.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('nav.legal')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy" className={link}>
                {t('nav.privacyPolicy')}
              </Link>
            </li>
            <li>
              <Link to="/service" className={link}>
                {t('nav.terms')}
              </Link>
            </li>
            <li>
              <Link to="/support" className={link}>
                {t('nav.support')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
