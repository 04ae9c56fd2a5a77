/**
 * The public pages rendered to static HTML at build time, one file per language, and the path each
 * is served at. The build writes `prerendered/<language>/<name>.html` into the PWA folder; the
 * server answers a navigation to one of these paths with the visitor's language's file.
 */
export const PUBLIC_PAGES = {
  '/': 'home',
  '/features': 'features',
  '/pricing': 'pricing',
  '/privacy': 'privacy',
  '/service': 'service',
  // Their forms stay disabled until hydrated (AuthCard): nothing is submitted natively.
  '/login': 'login',
  '/register': 'register',
} as const;

export type PublicPath = keyof typeof PUBLIC_PAGES;

export const PRERENDERED_DIR = 'prerendered';

export function isPublicPath(path: string): path is PublicPath {
  return Object.hasOwn(PUBLIC_PAGES, path);
}

export const prerenderedFile = (language: string, path: PublicPath) => `${PRERENDERED_DIR}/${language}/${PUBLIC_PAGES[path]}.html`;
