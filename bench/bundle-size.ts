/**
 * `npm run bench -- bundle-size`: the bytes Chromium loads for each public page of the built PWA
 * served by the real product, as transferred and as decoded, by kind. Each page is opened twice,
 * each time in a fresh context with the service worker blocked (its precache downloads come after
 * the page and are not the page's cost): once asking for brotli only, once for gzip only (the
 * server's two encodings), so both figures are measured, not estimated. Then every page's scripts
 * are listed, each with its size on the wire in gzip and in brotli, largest first (a page that
 * loads no script says so). The goal in the same table: 120 KB of JavaScript on the wire for a
 * first visit, counted in gzip (the larger of the two). `PWA_DIR` serves another build (a
 * baseline). Printing only.
 */
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { printTable } from './support';

const PAGES = [
  '/',
  '/features',
  '/pricing',
  '/privacy',
  '/service',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];
const GOAL_JS_KB = 120;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Loaded {
  type: string;
  url: string;
  wire: number;
  decoded: number;
}

async function load(browser: Awaited<ReturnType<typeof launchChromium>>, url: string, encoding: Encoding): Promise<Loaded[]> {
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'accept-encoding': encoding } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Loaded>();
  const loaded: Loaded[] = [];
  cdp.on('Network.responseReceived', (e) => pending.set(e.requestId, { type: e.type, url: e.response.url, wire: 0, decoded: 0 }));
  cdp.on('Network.dataReceived', (e) => {
    const entry = pending.get(e.requestId);
    if (entry) entry.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    entry.wire = e.encodedDataLength;
    loaded.push(entry);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return loaded;
}

async function main() {
  // `PWA_DIR` serves another build (a baseline) instead of this checkout's: `PWA_DIR=/tmp/base/pwa`.
  if (!process.env.PWA_DIR) await ensurePwaBuild((line) => console.log(line));
  const product = await startProduct(process.env.PWA_DIR ? { PWA_DIR: process.env.PWA_DIR } : {});
  const browser = await launchChromium();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const sum = (list: Loaded[], key: 'wire' | 'decoded') => list.reduce((total, entry) => total + entry[key], 0);
  try {
    const rows: string[][] = [];
    const listings: string[] = [];
    for (const pathname of PAGES) {
      const by = {} as Record<Encoding, Loaded[]>;
      for (const encoding of ENCODINGS) by[encoding] = await load(browser, `${product.url}${pathname}`, encoding);
      const js = (encoding: Encoding) => by[encoding].filter((e) => e.type === 'Script');
      const scripts = new Map<string, Record<Encoding, number>>();
      for (const encoding of ENCODINGS) {
        for (const entry of js(encoding)) {
          const name = new URL(entry.url).pathname;
          const sizes = scripts.get(name) ?? { br: 0, gzip: 0 };
          sizes[encoding] += entry.wire;
          scripts.set(name, sizes);
        }
      }
      listings.push(`${pathname}: ${scripts.size === 0 ? 'no script loaded (only the inline boot script)' : `${scripts.size} scripts`}`);
      for (const [name, sizes] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip))
        listings.push(`  ${kb(sizes.gzip).padStart(9)} gzip  ${kb(sizes.br).padStart(9)} brotli  ${name}`);
      const api = by.br.filter((e) => new URL(e.url).pathname.startsWith('/api/'));
      const gzipJs = sum(js('gzip'), 'wire');
      rows.push([
        pathname,
        String(scripts.size),
        kb(gzipJs),
        kb(sum(js('br'), 'wire')),
        kb(sum(js('br'), 'decoded')),
        kb(sum(by.gzip, 'wire')),
        kb(sum(by.br, 'wire')),
        String(api.length),
        gzipJs <= GOAL_JS_KB * 1024 ? `≤ ${GOAL_JS_KB} KB: yes` : `≤ ${GOAL_JS_KB} KB: no`,
      ]);
    }
    console.log('What Chromium loads for each public page (first visit, service worker blocked)\n');
    printTable(['page', 'scripts', 'JS gzip', 'JS brotli', 'JS decoded', 'all gzip', 'all brotli', 'API calls', 'goal (gzip)'], rows);
    console.log(`\nEach page's scripts on the wire, largest first\n`);
    for (const line of listings) console.log(line);
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
