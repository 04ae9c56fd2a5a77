/**
 * `npm run bench -- main-thread`: what a public page of the built PWA runs on the main thread, in
 * Debian's Chromium with the CPU 4x slower (as Lighthouse's mobile profile), served by the real
 * product, service worker blocked. For each page, the median of ROUNDS runs of: the long tasks
 * (over 50 ms) in the 8 s after navigation, their total, their blocking time (each one's part over
 * 50 ms, as total blocking time counts it) and the JavaScript bytes on the wire, gzip and brotli.
 * `PWA_DIR` serves another build (a baseline) in the same run: `PWA_DIR=/tmp/base/pwa`.
 * `MAIN_THREAD_TZ` sets the browser's time zone (default: the machine's), the country a local
 * server finds for it: `MAIN_THREAD_TZ=Africa/Lagos` measures a visitor in Nigeria. Printing only.
 */
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { median, printTable, ROUNDS } from './support';

const PAGES = (process.env.MAIN_THREAD_PAGES ?? '/,/pricing,/login').split(',');
const WATCH_MS = 8_000;
const TIME_ZONE = process.env.MAIN_THREAD_TZ;

interface Run {
  tasks: number;
  longTotal: number;
  blocking: number;
  js: Record<'gzip' | 'br', number>;
}

async function measure(url: string, encoding: 'gzip' | 'br', browser: Awaited<ReturnType<typeof launchChromium>>) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'accept-encoding': encoding },
    ...(TIME_ZONE ? { timezoneId: TIME_ZONE } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let wire = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) wire += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(WATCH_MS);
  const long = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  await context.close();
  return { long, wire };
}

async function main() {
  const product = await startProduct(process.env.PWA_DIR ? { PWA_DIR: process.env.PWA_DIR } : {});
  const browser = await launchChromium();
  try {
    const runs = new Map<string, Run[]>(PAGES.map((p) => [p, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const pathname of PAGES) {
        const br = await measure(`${product.url}${pathname}`, 'br', browser);
        const gzip = await measure(`${product.url}${pathname}`, 'gzip', browser);
        runs.get(pathname)!.push({
          tasks: br.long.length,
          longTotal: br.long.reduce((a, b) => a + b, 0),
          blocking: br.long.reduce((a, b) => a + Math.max(0, b - 50), 0),
          js: { br: br.wire, gzip: gzip.wire },
        });
      }
    }
    console.log(`Main thread of each public page, CPU 4x slower, median of ${ROUNDS} runs${TIME_ZONE ? `, time zone ${TIME_ZONE}` : ''}\n`);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    printTable(
      ['page', 'long tasks', 'long-task total', 'blocking', 'JS brotli', 'JS gzip'],
      PAGES.map((pathname) => {
        const list = runs.get(pathname)!;
        const m = (pick: (r: Run) => number) => median(list.map(pick));
        return [
          pathname,
          String(m((r) => r.tasks)),
          `${m((r) => r.longTotal).toFixed(0)} ms`,
          `${m((r) => r.blocking).toFixed(0)} ms`,
          kb(m((r) => r.js.br)),
          kb(m((r) => r.js.gzip)),
        ];
      }),
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
