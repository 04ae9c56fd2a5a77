import { isLanguage, type Language } from '@shared/languages';
import { OPERATOR_PLACEHOLDERS, SITE_META_NAME, SITE_META_PLACEHOLDER, type SiteConfig, type SiteOperator } from '@shared/site';
import type { Config } from '../config';
import type { Translate } from '../i18n';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** What this deployment tells its pages (shared/src/site.ts), from its settings. */
export function siteOf(config: Pick<Config, 'operator' | 'google'>): SiteConfig {
  const { operator } = config;
  return {
    operator: {
      name: operator.name ?? null,
      email: operator.email ?? null,
      address: operator.address ?? null,
      jurisdiction: operator.jurisdiction ?? null,
    },
    privacyUrl: operator.privacyUrl ?? null,
    termsUrl: operator.termsUrl ?? null,
    google: config.google !== undefined,
  };
}

/**
 * An operator value as a page shows it: the setting, or the sentence that stands in for it in the
 * page's language. The PWA shows the same (`pwa/src/lib/site.ts`), so a prerendered page and the
 * app hydrating it agree.
 */
export function operatorShown(t: Translate, language: Language, operator: SiteOperator, key: keyof SiteOperator): string {
  const defaults: Record<keyof SiteOperator, string> = {
    name: 'legal.operator.defaultName',
    email: 'legal.operator.noEmail',
    address: 'legal.operator.noAddress',
    jurisdiction: 'legal.operator.defaultJurisdiction',
  };
  return operator[key] ?? t(language, defaults[key]);
}

/**
 * The rewrite of every HTML page the server serves: the site's values into the meta tag the page
 * reads, and, in a prerendered page (its `language` known), each operator placeholder the build
 * rendered replaced by the value shown (escaped). Done once per file, when it is first served.
 */
export function siteHtml(site: SiteConfig, t: Translate): (html: string, language: string | null) => string {
  const meta = `<meta name="${SITE_META_NAME}" content="${escapeHtml(JSON.stringify(site))}"`;
  const placeholder = new RegExp(`<meta name="${SITE_META_NAME}" content="${SITE_META_PLACEHOLDER}"`, 'g');
  return (html, language) => {
    let out = html.replace(placeholder, meta);
    if (language && isLanguage(language)) {
      for (const [key, token] of Object.entries(OPERATOR_PLACEHOLDERS) as Array<[keyof SiteOperator, string]>) {
        if (out.includes(token)) out = out.replaceAll(token, escapeHtml(operatorShown(t, language, site.operator, key)));
      }
    }
    return out;
  };
}

/** What `mountPwa` needs of the site: the page rewrite, and /privacy and /service sent to the operator's own pages when set. */
export function pwaSite(config: Pick<Config, 'operator' | 'google'>, t: Translate) {
  const site = siteOf(config);
  const redirects: Record<string, string> = {};
  if (site.privacyUrl) redirects['/privacy'] = site.privacyUrl;
  if (site.termsUrl) redirects['/service'] = site.termsUrl;
  return { rewrite: siteHtml(site, t), redirects };
}
