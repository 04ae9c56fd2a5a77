/**
 * Build-time rendering of the public pages (scripts/lib/prerender.ts runs Vite's SSR build of this
 * file): the same React components as the browser, inside a StaticRouter, in each language, with
 * every lazy screen resolved. The browser hydrates this markup (main.tsx).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { LocaleBundle } from '@shared/locale-bundles';
import { AppShell } from './app/App';
import i18n, { addLanguage, initPrerenderI18n } from './app/i18n';
import { collectScreens } from './app/screens';

let ready: Promise<unknown> | undefined;
const languagesAdded = new Set<string>();

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The screens the page shows (files under pwa/src) and the string bundles they need, for the browser to preload. */
  screens: string[];
  strings: LocaleBundle[];
}

/**
 * One page in one language, whose full strings the caller reads from locales/ (i18next starts
 * once, with no detection and no lazy loading).
 */
export async function renderPage(pathname: string, language: string, strings: Record<string, unknown>): Promise<RenderedPage> {
  await (ready ??= initPrerenderI18n());
  if (!languagesAdded.has(language)) {
    addLanguage(language, strings);
    languagesAdded.add(language);
  }
  await i18n.changeLanguage(language);
  // The first pass loads the lazy screens it meets; the second finds them loaded.
  await render(pathname, language);
  const { result: html, screens } = await collectScreens(() => render(pathname, language));
  // `$!`: a part that failed and is left to the browser; `$?` and a script: a part sent after the
  // shell, completed by an inline script (which the CSP blocks). A static page has neither.
  if (/<!--\$[!?]-->|<script\b/.test(html)) throw new Error(`Prerendering ${pathname} (${language}) left a part to the browser`);
  return { html, screens: screens.map((screen) => screen.id), strings: [...new Set(screens.flatMap((screen) => screen.strings))] };
}

async function render(pathname: string, language: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppShell />
      </StaticRouter>
    </StrictMode>,
    // No byte budget: React would otherwise send a large finished part after the shell, with an
    // inline script to move it in place.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw new Error(`Prerendering ${pathname} (${language}) failed: ${String(errors[0])}`, { cause: errors[0] });
  return Buffer.concat(chunks).toString('utf8');
}
