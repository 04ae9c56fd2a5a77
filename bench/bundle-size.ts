/**
 * `npm run bench -- bundle-size`: the bytes Chromium loads for each public page of the built PWA
 * served by the real product, as transferred (compressed when the server compresses; Chromium asks
 * for gzip and br) and as decoded, by kind. Each page opens in a fresh context with the service
 * worker blocked (its precache downloads come after the page and are not the page's cost). The
 * goal in the same table: 120 KB of JavaScript on the wire for a first visit. Printing only.
 * `--scripts`: also lists each page's scripts with their size on the wire, largest first.
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
const LIST_SCRIPTS = process.argv.includes('--scripts');

interface Loaded {
  type: string;
  url: string;
  wire: number;
  decoded: number;
}

async function main() {
  await ensurePwaBuild((line) => console.log(line));
  const product = await startProduct();
  const browser = await launchChromium();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  try {
    const rows: string[][] = [];
    for (const pathname of PAGES) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
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
      await page.goto(`${product.url}${pathname}`, { waitUntil: 'networkidle' });
      await context.close();
      const sum = (list: Loaded[], key: 'wire' | 'decoded') => list.reduce((total, entry) => total + entry[key], 0);
      const js = loaded.filter((e) => e.type === 'Script');
      if (LIST_SCRIPTS) {
        console.log(`${pathname}: ${js.length} scripts`);
        for (const entry of [...js].sort((a, b) => b.wire - a.wire))
          console.log(`  ${kb(entry.wire).padStart(9)}  ${new URL(entry.url).pathname}`);
      }
      const api = loaded.filter((e) => new URL(e.url).pathname.startsWith('/api/'));
      rows.push([
        pathname,
        String(js.length),
        kb(sum(js, 'wire')),
        kb(sum(js, 'decoded')),
        kb(sum(loaded, 'wire')),
        kb(sum(loaded, 'decoded')),
        String(api.length),
        sum(js, 'wire') <= GOAL_JS_KB * 1024 ? `≤ ${GOAL_JS_KB} KB: yes` : `≤ ${GOAL_JS_KB} KB: no`,
      ]);
    }
    console.log('What Chromium loads for each public page (first visit, service worker blocked)\n');
    printTable(['page', 'scripts', 'JS on wire', 'JS decoded', 'all on wire', 'all decoded', 'API calls', 'goal'], rows);
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
