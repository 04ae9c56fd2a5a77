import { parseSite, PRERENDER_SITE, SITE_META_NAME, type SiteConfig } from '@shared/site';

let read: SiteConfig | undefined;

/**
 * What the deployment tells its pages (shared/src/site.ts): read from the meta tag the server writes
 * into every page, once. The prerender (no document) sees placeholders, which the server replaces in
 * the text it serves by the same values this page then shows.
 */
export function site(): SiteConfig {
  if (typeof document === 'undefined') return PRERENDER_SITE;
  return (read ??= parseSite(document.querySelector(`meta[name="${SITE_META_NAME}"]`)?.getAttribute('content')));
}
