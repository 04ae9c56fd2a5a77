/**
 * `npm run bench -- lighthouse`: Lighthouse (the npm package, its default mobile profile: simulated
 * slow 4G and a 4x slower CPU) on the built public pages served by the real product, each run in a
 * fresh Debian Chromium (no browser is downloaded). The baseline in the same run is a bare,
 * well-formed HTML page from plain node:http: the best this machine lets Lighthouse score. Pages
 * and baseline take turns, ROUNDS times; each figure is the median. The machine's load average
 * (1 minute, as `uptime` prints it) is read before every run and printed beside each page's median
 * (median and highest of its runs) and for the whole run: a score taken on a busy machine is lower
 * than the same page scores in a quiet run, so the two are read together. `PWA_DIR` serves another
 * build (a baseline, as the main-thread bench). Printing only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { freePort, median, printTable, ROOT, ROUNDS, startProcess, stopProcess } from './support';

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/pricing,/login').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  /** The 1-minute load average just before the run. */
  load: number;
}

async function audit(url: string): Promise<Run> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const port = chrome.port;
  const load = os.loadavg()[0]!;
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Run['scores'],
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      load,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  // `PWA_DIR` serves another build (a baseline) instead of this checkout's: `PWA_DIR=/tmp/base/pwa`.
  if (!process.env.PWA_DIR) await ensurePwaBuild((line) => console.log(line));
  const product = await startProduct(process.env.PWA_DIR ? { PWA_DIR: process.env.PWA_DIR } : {});
  const barePort = await freePort();
  const bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/api/health`);
  try {
    const targets = [
      ...PAGES.map((p) => ({ label: p, url: `${product.url}${p}` })),
      { label: 'bare page (baseline)', url: `http://127.0.0.1:${barePort}/` },
    ];
    const runs = new Map<string, Run[]>(targets.map((t) => [t.label, []]));
    const loadBefore = os.loadavg();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) runs.get(target.label)!.push(await audit(target.url));
    }
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
      .version;
    const loadAfter = os.loadavg();
    const loads = (list: number[]) => list.map((value) => value.toFixed(2)).join(' ');
    console.log(`Lighthouse ${version}, mobile profile, median of ${ROUNDS} interleaved runs`);
    console.log(
      `Load average (1, 5, 15 min) on ${os.cpus().length} cores: ${loads(loadBefore)} before, ${loads(loadAfter)} after` +
        ` (a quiet run stays below ${(os.cpus().length / 2).toFixed(1)})\n`,
    );
    const rows = targets.map(({ label }) => {
      const list = runs.get(label)!;
      const m = (pick: (r: Run) => number) => median(list.map(pick));
      return [
        label,
        ...CATEGORIES.map((c) => String(m((r) => r.scores[c]))),
        `${(m((r) => r.fcp) / 1000).toFixed(2)} s`,
        `${(m((r) => r.lcp) / 1000).toFixed(2)} s`,
        `${m((r) => r.tbt).toFixed(0)} ms`,
        `${m((r) => r.load).toFixed(2)} (max ${Math.max(...list.map((r) => r.load)).toFixed(2)})`,
      ];
    });
    printTable(['page', 'perf', 'a11y', 'best pr.', 'seo', 'FCP', 'LCP', 'TBT', 'load (1 min)'], rows);
  } finally {
    await stopProcess(bare);
    await product.stop();
  }
}

await main();
