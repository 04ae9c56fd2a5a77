import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * index.html as Vite writes it (an entry `<script type="module">` and `<link rel="modulepreload">`s,
 * all fetched at once with the HTML) turned into one deferred boot script that names them:
 * `<script defer src="/assets/boot-….js" data-entry="…" data-preload="…">`.
 */
export function bootHtml(html: string, bootSrc: string): string {
  const entry = html.match(ENTRY_SCRIPT);
  if (!entry) throw new Error('index.html has no entry <script type="module">');
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => `<script defer src="${bootSrc}" data-entry="${entry[1]}" data-preload="${preload.join(' ')}"></script>`);
}

/** Adds files to the boot script's `data-preload` (a prerendered page's screens and strings), each once. */
export function addPreloads(html: string, files: readonly string[]): string {
  return html.replace(/ data-preload="([^"]*)"/, (_all, list: string) => {
    const all = [...new Set([...list.split(' ').filter(Boolean), ...files])];
    return ` data-preload="${all.join(' ')}"`;
  });
}

/**
 * The client build's boot script (pwa/src/boot/boot.ts, compiled here to a small classic script
 * with a content hash in its name) and the index.html that loads the app through it.
 */
export function bootAfterFirstPaint(source: string): Plugin {
  let code = '';
  let fileName = '';
  return {
    name: 'bidpilot:boot-after-first-paint',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    async buildStart() {
      const esbuild = await import('esbuild');
      this.addWatchFile(source);
      code = esbuild.transformSync(fs.readFileSync(source, 'utf8'), { loader: 'ts', format: 'iife', minify: true, target: 'es2017' }).code;
      fileName = `assets/boot-${crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => bootHtml(html, `/${fileName}`),
    },
  };
}
