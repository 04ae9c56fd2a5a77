import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, textDirection } from '../../shared/src/languages';
import { PUBLIC_PAGES, prerenderedFile, type PublicPath } from '../../shared/src/public-pages';

type RenderPage = (pathname: string, language: string, strings: unknown) => Promise<string>;

/** The shell with a page's markup in `#root` and the page's language on `<html>`. */
export function fillShell(shell: string, markup: string, language: string): string {
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return shell
    .replace(/<html\b[^>]*>/, `<html lang="${language}" dir="${textDirection(language)}">`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}

/**
 * Renders every public page in every language (strings from `localesDir`) with the SSR build of pwa/src/prerender.tsx and
 * writes `prerendered/<language>/<page>.html` into the built PWA. Answers the files written.
 */
export async function prerenderPages(pwaDir: string, ssrEntry: string, localesDir: string): Promise<string[]> {
  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage };
  const shell = fs.readFileSync(path.join(pwaDir, 'index.html'), 'utf8');
  const written: string[] = [];
  for (const language of LANGUAGES) {
    const strings: unknown = JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'));
    for (const pathname of Object.keys(PUBLIC_PAGES) as PublicPath[]) {
      const file = path.join(pwaDir, prerenderedFile(language, pathname));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, fillShell(shell, await renderPage(pathname, language, strings), language));
      written.push(file);
    }
  }
  return written;
}
