import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { documentTitle, routeTitle } from '../../shared/src/app-routes';
import { LANGUAGES, textDirection } from '../../shared/src/languages';
import { SHELL_BUNDLE } from '../../shared/src/locale-bundles';
import { PUBLIC_PAGES, prerenderedFile, type PublicPath } from '../../shared/src/public-pages';
import { addPreloads, MODULE_CHUNKS_FILE, withoutSignedInPreloads, type ModuleChunks } from './boot-plugin';
import { criticalCss, pageClasses } from './critical-css';
import { LOCALE_CHUNK_DIR } from './locale-bundles-plugin';

interface RenderedPage {
  html: string;
  screens: string[];
  strings: string[];
}
type RenderPage = (pathname: string, language: string, strings: Record<string, unknown>) => Promise<RenderedPage>;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with a page's markup in `#root`, the page's language on `<html>` and its own `<title>`. */
export function fillShell(shell: string, markup: string, language: string, title?: string): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return shell
    .replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${textDirection(language)}">`)
    .replace(/<title>[^<]*<\/title>/, (current) => (title === undefined ? current : `<title>${escapeText(title)}</title>`))
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * A page's stylesheet links replaced by the rules its markup needs, inline: a prerendered page then
 * paints from its HTML alone, without a request on the way (on a slow mobile line, a round trip
 * or two). The boot script (`data-stylesheets`) loads the whole stylesheets after that first
 * paint, for what the app shows next. `read` answers a stylesheet by URL path.
 */
export function inlineCriticalCss(html: string, read: (urlPath: string) => string): string {
  const classes = pageClasses(html);
  const links: string[] = [];
  const inlined = html.replace(STYLESHEET, (_link, href: string) => {
    const css = criticalCss(read(href), classes);
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style`);
    links.push(href);
    return `<style>${css}</style>`;
  });
  if (links.length === 0) return html;
  if (!/<script data-entry=/.test(inlined)) throw new Error('The page has no boot script to load its stylesheets');
  return inlined.replace('<script data-entry=', () => `<script data-stylesheets="${links.join(' ')}" data-entry=`);
}

/** The chunks a screen's module is loaded with, its own first. */
export function chunkFiles(chunks: ModuleChunks, source: string): string[] {
  const files = chunks[source];
  if (!files || files.length === 0) throw new Error(`The build made no chunk for ${source}`);
  return files;
}

/** The URL path of one language's string bundle among the built locale chunks. */
export function localeChunk(chunks: readonly string[], language: string, bundle: string): string {
  const name = chunks.find((file) => file.startsWith(`${language}-${bundle}-`) && file.endsWith('.js'));
  if (!name) throw new Error(`No built strings for ${language}/${bundle}`);
  return `/${LOCALE_CHUNK_DIR}/${name}`;
}

/**
 * Renders every public page in every language (strings from `localesDir`) with the SSR build of
 * pwa/src/prerender.tsx and writes `prerendered/<language>/<page>.html` into the built PWA, each
 * naming in its boot script the chunks of its screens and its language's strings, so they are
 * fetched side by side after the first paint, and carrying the styles it needs inline. Answers the files written.
 */
export async function prerenderPages(pwaDir: string, ssrEntry: string, localesDir: string): Promise<string[]> {
  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage };
  const shell = fs.readFileSync(path.join(pwaDir, 'index.html'), 'utf8');
  const readAsset = (href: string) => fs.readFileSync(path.join(pwaDir, href), 'utf8');
  const chunks = JSON.parse(fs.readFileSync(path.join(pwaDir, MODULE_CHUNKS_FILE), 'utf8')) as ModuleChunks;
  const localeChunks = fs.readdirSync(path.join(pwaDir, LOCALE_CHUNK_DIR));
  const written: string[] = [];
  for (const language of LANGUAGES) {
    const strings = JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, unknown>;
    for (const pathname of Object.keys(PUBLIC_PAGES) as PublicPath[]) {
      const page = await renderPage(pathname, language, strings);
      const preload = [
        ...[SHELL_BUNDLE, ...page.strings].map((bundle) => localeChunk(localeChunks, language, bundle)),
        ...page.screens.flatMap((screen) => chunkFiles(chunks, `src/${screen}`)),
      ];
      const file = path.join(pwaDir, prerenderedFile(language, pathname));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const key = routeTitle(pathname) ?? 'notFound';
      const name = (strings.titles as Record<string, string> | undefined)?.[key];
      if (!name) throw new Error(`No title for ${pathname} in ${language}`);
      fs.writeFileSync(
        file,
        inlineCriticalCss(
          addPreloads(withoutSignedInPreloads(fillShell(shell, page.html, language, documentTitle(key, name))), preload),
          readAsset,
        ),
      );
      written.push(file);
    }
  }
  return written;
}
