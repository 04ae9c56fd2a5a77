import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../../shared/src/languages';
import { CLIENT_BUNDLES, splitIntoBundles } from '../../shared/src/locale-bundles';

const LOADERS_ID = 'virtual:locale-loaders';
const BUNDLE_PREFIX = 'virtual:locale/';
const RESOLVED_LOADERS = '\0locale-loaders';
const RESOLVED_BUNDLE = '\0locale/';

/** The folder of the built locale chunks: `assets/locales/<language>-<bundle>-<hash>.js`. */
export const LOCALE_CHUNK_DIR = 'assets/locales';

/** The chunk name of a locale bundle module (`fr-settings`), or undefined for any other module. */
export function localeChunkName(moduleId: string | null | undefined): string | undefined {
  const match = moduleId?.match(/^\0locale\/([a-z]{2})\/(\w+)\.js$/);
  return match ? `${match[1]}-${match[2]}` : undefined;
}

/** The source of `virtual:locale-loaders`: one dynamic import per language and bundle, each its own chunk. */
export function loadersSource(): string {
  const languages = LANGUAGES.map((language) => {
    const bundles = CLIENT_BUNDLES.map(
      (bundle) => `${JSON.stringify(bundle)}: () => import(${JSON.stringify(`${BUNDLE_PREFIX}${language}/${bundle}`)})`,
    );
    return `${JSON.stringify(language)}: { ${bundles.join(', ')} }`;
  });
  return `export default { ${languages.join(',\n')} };`;
}

/**
 * The strings as the browser loads them (shared/src/locale-bundles.ts): `virtual:locale-loaders`
 * maps each language and bundle to the import of `virtual:locale/<language>/<bundle>`, whose module
 * is that part of locales/<language>.json. The files keep their one-file-per-language layout.
 */
export function localeBundles(localesDir: string): Plugin {
  return {
    name: 'bidpilot:locale-bundles',
    enforce: 'pre',
    resolveId(source) {
      if (source === LOADERS_ID) return RESOLVED_LOADERS;
      if (source.startsWith(BUNDLE_PREFIX)) return `${RESOLVED_BUNDLE}${source.slice(BUNDLE_PREFIX.length)}.js`; // not .json: Vite's JSON plugin must leave it alone
      return null;
    },
    load(id) {
      if (id === RESOLVED_LOADERS) return loadersSource();
      if (!id.startsWith(RESOLVED_BUNDLE)) return null;
      const [language, bundle] = id.slice(RESOLVED_BUNDLE.length, -'.js'.length).split('/') as [string, string];
      const file = path.join(localesDir, `${language}.json`);
      this.addWatchFile(file);
      const strings = splitIntoBundles(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
      const part = strings[bundle as keyof typeof strings];
      if (!part) throw new Error(`No locale bundle ${bundle}`);
      // JSON.parse of a string literal: cheaper to parse than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
