/**
 * What a deployment tells its pages at run time, though they are built (and the public ones
 * prerendered) once for every deployment: who runs it (the legal pages and mails name them), where
 * its own legal pages are, and whether Sign in with Google is on. The server writes it into every
 * HTML page it serves (`<meta name="bidpilot-site">`), and into the prerendered text in place of
 * the placeholders the build rendered; the page reads it back from the meta tag, with no request.
 */

export interface SiteOperator {
  name: string | null;
  email: string | null;
  address: string | null;
  jurisdiction: string | null;
}

export interface SiteConfig {
  operator: SiteOperator;
  /** The operator's own privacy policy and terms: /privacy and /service send visitors there. */
  privacyUrl: string | null;
  termsUrl: string | null;
  /** Sign in with Google is on (the real provider, or the sandbox one where a sandbox runs). */
  google: boolean;
}

export const SITE_META_NAME = 'bidpilot-site';
/** What the built HTML holds in the meta tag until the server writes the deployment's values. */
export const SITE_META_PLACEHOLDER = '__BP_SITE__';

/** What the prerender renders for each operator value; the server replaces each in the text it serves. */
export const OPERATOR_PLACEHOLDERS = {
  name: '__BP_OPERATOR_NAME__',
  email: '__BP_OPERATOR_EMAIL__',
  address: '__BP_OPERATOR_ADDRESS__',
  jurisdiction: '__BP_OPERATOR_JURISDICTION__',
} as const satisfies Record<keyof SiteOperator, string>;

/** The site as the prerender sees it: placeholders for every operator value (the server fills them in). */
export const PRERENDER_SITE: SiteConfig = {
  operator: { ...OPERATOR_PLACEHOLDERS },
  privacyUrl: null,
  termsUrl: null,
  google: false,
};

/** A page served without the server's values (the dev server): no operator named, no Google button. */
export const UNKNOWN_SITE: SiteConfig = {
  operator: { name: null, email: null, address: null, jurisdiction: null },
  privacyUrl: null,
  termsUrl: null,
  google: false,
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const link = (value: unknown): string | null => (typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null);

/** The site read from the meta tag's content (anything unreadable: `UNKNOWN_SITE`); no zod, it runs on the first load. */
export function parseSite(content: string | null | undefined): SiteConfig {
  if (!content || content === SITE_META_PLACEHOLDER) return UNKNOWN_SITE;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return UNKNOWN_SITE;
  }
  if (typeof value !== 'object' || value === null) return UNKNOWN_SITE;
  const site = value as Record<string, unknown>;
  const operator = (typeof site.operator === 'object' && site.operator !== null ? site.operator : {}) as Record<string, unknown>;
  return {
    operator: {
      name: text(operator.name),
      email: text(operator.email),
      address: text(operator.address),
      jurisdiction: text(operator.jurisdiction),
    },
    privacyUrl: link(site.privacyUrl),
    termsUrl: link(site.termsUrl),
    google: site.google === true,
  };
}
