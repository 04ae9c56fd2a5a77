/**
 * How the browser loads the interface strings: locales/<language>.json stays one file per language,
 * and the build cuts it into bundles by top-level key, each loaded with the screens that use it
 * (an i18next namespace each; `t('settings.title')` keeps its full key, found through `fallbackNS`).
 *
 * - `translation` (the default namespace) holds what every page may show: the top bar, footer,
 *   errors, plan names… and every top-level key not listed below, so a new key is never missing;
 * - the others load with their screens (pwa/src/app/screens.ts says which);
 * - SERVER_ONLY keys (mail, push notices) never reach the browser.
 */
export const LOCALE_BUNDLES = {
  public: ['home', 'features', 'pricing'],
  legal: ['legal'],
  auth: ['auth'],
  // The dashboard shows the notification switches (and a sync notice names them): `notifications` comes with it.
  app: ['layout', 'sync', 'dashboard', 'agents', 'notifications'],
  search: ['search'],
  billing: ['billing', 'subscribe', 'payment', 'referrals'],
  settings: ['settings', 'integrations'],
  onboarding: ['onboarding'],
  support: ['support'],
} as const satisfies Record<string, readonly string[]>;

export const SERVER_ONLY_KEYS: readonly string[] = ['mail', 'push'];

export const SHELL_BUNDLE = 'translation';
export type ScreenBundle = keyof typeof LOCALE_BUNDLES;
export type LocaleBundle = typeof SHELL_BUNDLE | ScreenBundle;

/** Every bundle the browser may load, the shell first. */
export const CLIENT_BUNDLES: readonly LocaleBundle[] = [SHELL_BUNDLE, ...(Object.keys(LOCALE_BUNDLES) as ScreenBundle[])];

const bundleByKey = new Map<string, ScreenBundle>(
  (Object.entries(LOCALE_BUNDLES) as Array<[ScreenBundle, readonly string[]]>).flatMap(([bundle, keys]) =>
    keys.map((key) => [key, bundle] as const),
  ),
);

/** The bundle a top-level key belongs to (undefined: server only). */
export function bundleOfKey(key: string): LocaleBundle | undefined {
  if (SERVER_ONLY_KEYS.includes(key)) return undefined;
  return bundleByKey.get(key) ?? SHELL_BUNDLE;
}

/** One language's strings cut into the client bundles (a bundle with no key is an empty object). */
export function splitIntoBundles(strings: Record<string, unknown>): Record<LocaleBundle, Record<string, unknown>> {
  const out = Object.fromEntries(CLIENT_BUNDLES.map((bundle) => [bundle, {}])) as Record<LocaleBundle, Record<string, unknown>>;
  for (const [key, value] of Object.entries(strings)) {
    const bundle = bundleOfKey(key);
    if (bundle) out[bundle][key] = value;
  }
  return out;
}
