import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The content security policy sources (`'sha256-…'`) that allow the inline scripts of a page, each
 * once: the build writes the boot script inline (scripts/lib/boot-plugin.ts), the same in the shell
 * and in every prerendered page. Scripts with a `src` and empty ones need none.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, code] of html.matchAll(INLINE_SCRIPT)) {
    if (!code) continue;
    sources.add(`'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/** The inline script sources of the built shell (index.html in the PWA folder); none without a build. */
export function shellScriptSources(pwaDir: string): string[] {
  const shell = path.join(pwaDir, 'index.html');
  return fs.existsSync(shell) ? inlineScriptSources(fs.readFileSync(shell, 'utf8')) : [];
}
