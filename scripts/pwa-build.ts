import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRERENDERED_DIR } from '../shared/src/public-pages';
import { isBuildFresh, writeBuildStamp } from './lib/build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// scripts/lib: the build's own plugins and the prerender shape the output as much as the sources.
const INPUTS = [
  'pwa',
  'locales',
  'manifest',
  'shared/src',
  'scripts/lib',
  'scripts/pwa-build.ts',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
export const PWA_DIR = path.join(ROOT, 'dist/pwa');
/** Vite's SSR build of pwa/src/prerender.tsx, used only at build time. */
const SSR_DIR = path.join(ROOT, 'dist/prerender');
const STAMP = path.join(PWA_DIR, '.build-stamp');

export function pwaBuildIsFresh(): boolean {
  return fs.existsSync(path.join(PWA_DIR, 'index.html')) && isBuildFresh(STAMP, ROOT, INPUTS);
}

const vite = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    // Test runners set NODE_ENV=test, which would give React's development build and no service worker.
    env: { ...process.env, NODE_ENV: 'production' },
  });

/**
 * Builds the PWA into dist/pwa (Vite writes the brotli and gzip copies), then renders the public
 * pages to static HTML in every language with an SSR build of the same components, and compresses
 * those pages too.
 */
export async function buildPwa(): Promise<void> {
  vite();
  vite('--ssr', path.join(ROOT, 'pwa/src/prerender.tsx'), '--outDir', SSR_DIR);
  // Loaded only when a build is due: `npm start` with a fresh build never parses the prerender's code.
  const [{ prerenderPages }, { precompressDir }] = await Promise.all([import('./lib/prerender'), import('./lib/precompress')]);
  await prerenderPages(PWA_DIR, path.join(SSR_DIR, 'prerender.js'), path.join(ROOT, 'locales'));
  precompressDir(path.join(PWA_DIR, PRERENDERED_DIR));
  fs.rmSync(SSR_DIR, { recursive: true, force: true });
  // Vite's build manifest served the prerender only: it is not part of the site.
  fs.rmSync(path.join(PWA_DIR, '.vite'), { recursive: true, force: true });
  writeBuildStamp(STAMP, ROOT, INPUTS);
}

/** Builds the PWA unless a build of the same inputs is already in dist/pwa. */
export async function ensurePwaBuild(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  if (pwaBuildIsFresh()) return;
  log('Building the PWA (first start, or its sources changed)…');
  await buildPwa();
}
