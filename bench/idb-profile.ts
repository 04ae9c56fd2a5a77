/**
 * `npx tsx bench/idb-profile.ts`: where one pull of the idb bench spends its time. Opens the app
 * (or, with BARE=1, the bare Dexie pipeline) as `idb.bench.ts` does, with Chromium's sampling CPU
 * profiler on the page, and prints the sync requests' timeline (page console lines too), then the
 * main thread's self time by script and by function. The raw profile goes to
 * $PROFILE_OUT (default /tmp/idb-pull.cpuprofile) for DevTools.
 *
 * AT=/dashboard/referrals opens another signed-in path; SW=block keeps the service worker out; ALL=1
 * lists every request (scripts, styles, strings), not only the API's. As the idb bench's whole pull,
 * `GET /sync/start` and `/sync/figures` are answered 404 (the app pulls the whole log); START=1 lets
 * them through (the small tables first, the history up to its window: the count never reaches the
 * seeded items, so stop it by hand).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Dexie } from 'dexie';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { benchUser, seedJobItems } from './seed-job-items';
import { ROOT } from './support';

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 10_000);
const OUT = process.env.PROFILE_OUT ?? '/tmp/idb-pull.cpuprofile';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function countRows(name: string): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open(name);
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('jobItems')) return (db.close(), resolve(0));
      const request = db.transaction('jobItems').objectStore('jobItems').count();
      request.onsuccess = () => (db.close(), resolve(request.result));
    };
  });
}

function startBare(page: Page) {
  return page.evaluate(() => {
    const DexieClass = (globalThis as unknown as { Dexie: new (name: string) => Dexie }).Dexie;
    const db = new DexieClass('bidpilot');
    db.version(1).stores({ jobItems: 'id, [agentId+createdAt], status' });
    void (async () => {
      let since = '0';
      for (;;) {
        const res = await fetch(`/api/sync/pull?since=${since}&limit=1000`);
        const body = (await res.json()) as {
          changes: Array<{ entity: string; data: { id: string } | null }>;
          nextCursor: string;
          hasMore: boolean;
        };
        await db.table('jobItems').bulkPut(body.changes.filter((c) => c.entity === 'jobItem' && c.data).map((c) => c.data));
        since = body.nextCursor;
        if (!body.hasMore) break;
      }
      db.close();
    })();
  });
}

function top(totals: Map<string, number>, count: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)
    .join('\n');
}

async function main() {
  await ensurePwaBuild(() => undefined);
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    const user = await benchUser(`${product.url}/api`, 'idb.profile@gmail.com');
    seedJobItems(path.join(product.dataDir, 'bidpilot.sqlite'), user.userId, user.agentId, ITEMS);
    const context = await browser.newContext({
      bypassCSP: true,
      ...(process.env.SW === 'block' ? { serviceWorkers: 'block' as const } : {}),
    });
    await context.addCookies([{ name: 'auth_token', value: user.token, url: product.url, httpOnly: true, sameSite: 'Lax' }]);
    await context.addInitScript(() => {
      if (!localStorage.getItem('bidpilot_session')) localStorage.setItem('bidpilot_session', '1');
    });
    if (process.env.START !== '1') {
      // As the idb bench's whole pull: a server without /sync/start, so the app pulls the whole log.
      const refused = new Set(['/api/sync/start', '/api/sync/figures']);
      await context.route(
        (target) => refused.has(target.pathname),
        (route) => route.fulfill({ status: 404 }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');

    const started = performance.now();
    const lines: string[] = [];
    const note = (line: string) => lines.push(`${(performance.now() - started).toFixed(0).padStart(6)} ${line}`);
    const api = (url: string) => process.env.ALL === '1' || url.includes('/api/');
    page.on('request', (r) => api(r.url()) && note(`ask  ${r.url().replace(product.url, '')}`));
    page.on('requestfinished', (r) => api(r.url()) && note(`got  ${r.url().replace(product.url, '')}`));
    page.on('console', (m) => note(`console ${m.text()}`));
    if (process.env.BARE) {
      await page.goto(`${product.url}/api/health`);
      await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/dexie/dist/dexie.min.js'), 'utf8'));
      await startBare(page);
    } else {
      await page.goto(`${product.url}${process.env.AT ?? '/dashboard'}`);
      note(`at ${page.url()}`);
    }
    page.on('crash', () => note('page crashed'));
    page.on('close', () => note('page closed'));
    try {
      while ((await page.evaluate(countRows, 'bidpilot')) < ITEMS) await new Promise((resolve) => setTimeout(resolve, 100));
    } catch (error) {
      console.log(lines.join('\n'));
      throw error;
    }
    note('every row stored');

    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    fs.writeFileSync(OUT, JSON.stringify(profile));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      const frame = node.callFrame;
      const script = frame.url.replace(product.url, '') || frame.functionName;
      byScript.set(script, (byScript.get(script) ?? 0) + us);
      const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}:${frame.columnNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    }
    console.log(lines.join('\n'));
    console.log(`\nmain thread over ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms (profile in ${OUT})`);
    console.log(`-- self time by script\n${top(byScript, 12)}\n-- self time by function\n${top(byFunction, 25)}`);
    await context.close();
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
