import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LogoLink } from './LogoLink';

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

/** One column of the footer: a list of links named by its heading. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr]">
        <div>
          <LogoLink to="/" size={24} className="inline-flex" />
          <p className="mt-3 max-w-sm text-sm text-slate-600">{t('footer.tagline')}</p>
        </div>
        <FooterLinks
          id="footer-quick"
          title={t('footer.quickLinks')}
          links={QUICK_LINKS.map((key) => ({
            to: quickLinkPath(key),
            label: t(`nav.${key.toLowerCase() as Lowercase<(typeof QUICK_LINKS)[number]>}`),
          }))}
        />
        <FooterLinks
          id="footer-legal"
          title={t('nav.legal')}
          links={LEGAL_LINKS.map((item) => ({ to: item.to, label: t(`nav.${item.key}`) }))}
        />
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-600">{t('common.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
