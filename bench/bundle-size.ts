/**
 * `npx tsx bench/bundle-size.ts`: what the public pages cost to load, from the built PWA in
 * dist/pwa (built first when missing or stale). Prints raw and gzip sizes of the home page's
 * initial JS (index.html's module script, its modulepreloads and every chunk reachable through
 * static `import` statements), its CSS, and each public route's lazy chunk with the extra chunks it
 * pulls in. Printing only; no pass/fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ensurePwaBuild, PWA_DIR } from '../scripts/pwa-build';

interface Size {
  raw: number;
  gzip: number;
}

const sizeCache = new Map<string, Size>();

function sizeOf(file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const body = fs.readFileSync(path.join(PWA_DIR, file));
    size = { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
    sizeCache.set(file, size);
  }
  return size;
}

const total = (files: Iterable<string>): Size =>
  [...files].reduce((sum, file) => {
    const size = sizeOf(file);
    return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
  }, { raw: 0, gzip: 0 });

/** `/assets/x.js` or `./x.js` (relative to `from`) → a path inside dist/pwa. */
function resolveAsset(specifier: string, from: string): string | undefined {
  if (/^[a-z]+:/i.test(specifier)) return undefined;
  const resolved = specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(from), specifier);
  return fs.existsSync(path.join(PWA_DIR, resolved)) ? resolved : undefined;
}

/** The static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(PWA_DIR, file), 'utf8');
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+\.js)["'`]/g;
  for (const match of code.matchAll(pattern)) {
    const target = resolveAsset(match[1]!, file);
    if (target) found.add(target);
  }
  return [...found];
}

/** The dynamic imports of a built chunk (`import("./x.js")`). */
function dynamicImports(file: string): string[] {
  const code = fs.readFileSync(path.join(PWA_DIR, file), 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) {
    const target = resolveAsset(match[1]!, file);
    if (target) found.add(target);
  }
  return [...found];
}

/** Every chunk a set of entry chunks loads before running: the static import closure. */
function closure(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const row = (label: string, size: Size, note = '') => console.log(`${label.padEnd(34)} ${kb(size.raw)} raw ${kb(size.gzip)} gzip${note ? `  ${note}` : ''}`);

function main() {
  ensurePwaBuild((line) => console.log(line));
  const html = fs.readFileSync(path.join(PWA_DIR, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);

  const entryScripts = tags.filter((tag) => tag.startsWith('<script') && /type="module"/.test(tag)).map((tag) => attr(tag, 'src'));
  const preloads = tags.filter((tag) => /rel="modulepreload"/.test(tag)).map((tag) => attr(tag, 'href'));
  const stylesheets = tags.filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => attr(tag, 'href'));
  const toAsset = (href: string | undefined) => (href ? resolveAsset(href, 'index.html') : undefined);

  const entries = entryScripts.map(toAsset).filter((f): f is string => Boolean(f));
  const initial = closure([...entries, ...preloads.map(toAsset).filter((f): f is string => Boolean(f))]);
  const css = stylesheets.map(toAsset).filter((f): f is string => Boolean(f));

  console.log(`Built PWA: ${PWA_DIR}\n`);
  console.log('Home page, initial load');
  for (const file of [...initial].sort()) row(`  ${path.posix.basename(file)}`, sizeOf(file));
  row('  = initial JS', total(initial));
  for (const file of css) row(`  ${path.posix.basename(file)}`, sizeOf(file));
  row('  = initial CSS', total(css));
  row('  = initial JS + CSS + HTML', total([...initial, ...css, 'index.html']));

  // The lazy route chunks: the dynamic imports of the initial chunks, by the screen's file name.
  const lazy = new Set<string>();
  for (const file of initial) for (const target of dynamicImports(file)) lazy.add(target);
  const routes: Array<[string, RegExp]> = [
    ['/features', /^FeaturesPage-/],
    ['/pricing', /^PricingPage-/],
    ['/privacy', /^PrivacyPage-/],
    ['/service', /^TermsPage-/],
    ['/login', /^LoginPage-/],
    ['/register', /^RegisterPage-/],
  ];
  console.log('\nLazy route chunks (the chunk itself; + what it adds beyond the initial load)');
  for (const [route, pattern] of routes) {
    const chunk = [...lazy].find((file) => pattern.test(path.posix.basename(file)));
    if (!chunk) {
      console.log(`${`  ${route}`.padEnd(34)} (no lazy chunk found)`);
      continue;
    }
    const extra = [...closure([chunk])].filter((file) => !initial.has(file));
    row(`  ${route} ${path.posix.basename(chunk)}`, sizeOf(chunk));
    row(`  ${route} with its new imports`, total(extra), `${extra.length} file(s)`);
  }

  const locales = fs.existsSync(path.join(PWA_DIR, 'assets/locales')) ? fs.readdirSync(path.join(PWA_DIR, 'assets/locales')) : [];
  if (locales.length > 0) {
    console.log('\nLanguages loaded on demand');
    for (const file of locales.sort()) row(`  ${file}`, sizeOf(`assets/locales/${file}`));
  }
}

main();
