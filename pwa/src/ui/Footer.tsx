import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

/** Spec: quick links go to /{lowercased key}. */
const QUICK_LINKS = ['Features', 'Pricing', 'Support'] as const;
/** Spec: legal links go to /{lowercased key without 'policy' and 'service'}: /privacy and /service. */
const LEGAL_LINKS = [
  { key: 'privacyPolicy', to: '/privacy' },
  { key: 'terms', to: '/service' },
] as const;

export function quickLinkPath(key: string): string {
  return `/${key.toLowerCase()}`;
}

export function Footer() {
  const { t } = useTranslation();
  const link = 'rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';
  const heading = 'text-sm font-semibold text-slate-900';
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            <Logo size={24} />
            {t('common.appName')}
          </Link>
          <p className="mt-3 max-w-sm text-sm text-slate-600">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className={heading}>
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 space-y-2">
            {QUICK_LINKS.map((key) => (
              <li key={key}>
                <Link to={quickLinkPath(key)} className={link}>
                  {t(`nav.${key.toLowerCase() as Lowercase<(typeof QUICK_LINKS)[number]>}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={heading}>
            {t('nav.legal')}
          </h2>
          <ul className="mt-3 space-y-2">
            {LEGAL_LINKS.map((item) => (
              <li key={item.key}>
                <Link to={item.to} className={link}>
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-600">{t('common.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
