/**
 * `npm run bench -- idb`: how long a signed-in browser takes to pull 10,000 job items into
 * IndexedDB, next to a bare Dexie pipeline in the same Chromium. The real product runs on a free
 * port; 10,000 job items of one user go straight into its SQLite file with their change_log rows.
 *
 * - app: a fresh context opens /dashboard with the user's session cookie (page load and sign-in included);
 * - bare: a fresh context opens a page of the same origin that fetches the same /api/sync/pull
 *   pages (1,000 a page) and stores each with one Dexie `bulkPut` (Dexie's own build, no app code).
 *
 * Both are timed the same way: from the navigation until their database's jobItems store holds
 * them all, read by the same poll every POLL_MS (so the poll's own cost falls on both alike).
 *
 * The app's pull here is the log's, from its start, as a device did before `GET /sync/start` (the
 * page's requests for it and for `GET /sync/figures` are answered 404, as by a server without them,
 * and the app falls back to the log and to counting what it holds).
 *
 * The two take turns, ROUNDS times; each figure is the median. Each run also notes when it asked for
 * its first page, so the page load's share is printed apart (the difference of two medians, not a
 * median of its own).
 *
 * Then the first screen of a new device (issue 40), the app's two ways side by side, each a fresh
 * context: the time from the navigation until the agent list shows the agent (`/dashboard/automations`),
 * and until the dashboard's "Cover letters written" shows the real count, every item's
 * (`/dashboard`): "log" pulls the whole log first (the start refused, as before), "start" stores the
 * small tables from `GET /sync/start` and asks the server's counts while the history comes newest
 * first. The agent is logged again after the items (every run of the runner changes it), so the log
 * brings it last, as it does for a real user. Printing only.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Dexie } from 'dexie';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { benchUser, seedJobItems } from './seed-job-items';
import { interleaved, median, printTable, ROOT, ROUNDS } from './support';

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 10_000);
/**
 * BENCH_IDB_LOG=0: the first screens of the app as it is only (no whole-log pull, no "log first"
 * way), for a history too large to pull whole in a bench's time (BENCH_JOB_ITEMS=100000).
 */
const WITH_LOG = process.env.BENCH_IDB_LOG !== '0';
const TIMEOUT_MS = 180_000;
const POLL_MS = 100;
const DEXIE = fs.readFileSync(path.join(ROOT, 'node_modules/dexie/dist/dexie.min.js'), 'utf8');

/** Counts the jobItems rows without creating the database (Dexie makes it) and without holding it open. */
function countRows(name: string): Promise<number> {
  return new Promise((resolve) => {
    void indexedDB.databases().then((names) => {
      if (!names.some((d) => d.name === name)) return resolve(0);
      const open = indexedDB.open(name);
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('jobItems')) {
          db.close();
          return resolve(0);
        }
        const request = db.transaction('jobItems', 'readonly').objectStore('jobItems').count();
        request.onsuccess = () => (db.close(), resolve(request.result));
        request.onerror = () => (db.close(), resolve(0));
      };
    });
  });
}

/** When each run asked for its first page, after its navigation: the page load's share of the figure. */
const firstPageAsked: Record<'app' | 'bare', number[]> = { app: [], bare: [] };

/** Notes when the page first asks for a sync page. */
function watchFirstPage(page: Page, run: 'app' | 'bare', started: number): void {
  const onRequest = (request: { url(): string }) => {
    if (!request.url().includes('/api/sync/pull')) return;
    firstPageAsked[run].push(performance.now() - started);
    page.off('request', onRequest);
  };
  page.on('request', onRequest);
}

/** Polls the page until `database` holds every item; answers the time since `started`. */
async function untilStored(page: Page, database: string, started: number): Promise<number> {
  for (;;) {
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`${database} held too few rows after ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if ((await page.evaluate(countRows, database)) >= ITEMS) return performance.now() - started;
  }
}

/** A fresh device signed in as after a sign-in: the server's HttpOnly session cookie and the page's hint. */
async function signedInDevice(browser: Browser, url: string, token: string, way: 'log' | 'start') {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'auth_token', value: token, url, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(() => {
    if (!localStorage.getItem('bidpilot_session')) localStorage.setItem('bidpilot_session', '1');
  });
  // As a server before GET /sync/start and /sync/figures: the app pulls the whole log and counts what it holds.
  if (way === 'log') {
    const refused = new Set(['/api/sync/start', '/api/sync/figures']);
    await context.route(
      (target) => refused.has(target.pathname),
      (route) => route.fulfill({ status: 404 }),
    );
  }
  return context;
}

async function appPull(browser: Browser, url: string, token: string): Promise<number> {
  const context = await signedInDevice(browser, url, token, 'log');
  try {
    const page = await context.newPage();
    const started = performance.now();
    watchFirstPage(page, 'app', started);
    await page.goto(`${url}/dashboard`);
    return await untilStored(page, 'bidpilot', started);
  } finally {
    await context.close();
  }
}

async function barePull(browser: Browser, url: string, token: string): Promise<number> {
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    const started = performance.now();
    watchFirstPage(page, 'bare', started);
    await page.goto(`${url}/api/health`);
    await page.evaluate(DEXIE);
    await page.evaluate((token) => {
      const DexieClass = (globalThis as unknown as { Dexie: new (name: string) => Dexie }).Dexie;
      const db = new DexieClass('bare-bench');
      db.version(1).stores({ jobItems: 'id, [agentId+createdAt], status' });
      void (async () => {
        let since = '0';
        for (;;) {
          const res = await fetch(`/api/sync/pull?since=${since}&limit=1000`, { headers: { authorization: `Bearer ${token}` } });
          const page = (await res.json()) as {
            changes: Array<{ entity: string; data: { id: string } | null }>;
            nextCursor: string;
            hasMore: boolean;
          };
          await db.table('jobItems').bulkPut(page.changes.filter((c) => c.entity === 'jobItem' && c.data).map((c) => c.data));
          since = page.nextCursor;
          if (!page.hasMore) break;
        }
        db.close();
      })();
    }, token);
    return await untilStored(page, 'bare-bench', started);
  } finally {
    await context.close();
  }
}

/** Milliseconds from the navigation until the screen shows its data (`what`: the agent list or the real figures). */
async function firstScreen(
  browser: Browser,
  url: string,
  token: string,
  way: 'log' | 'start',
  what: 'agents' | 'figures',
): Promise<number> {
  const context = await signedInDevice(browser, url, token, way);
  try {
    const page = await context.newPage();
    const started = performance.now();
    if (what === 'agents') {
      await page.goto(`${url}/dashboard/automations`);
      await page.getByRole('link', { name: 'Edit Bench agent' }).filter({ visible: true }).first().waitFor({ timeout: TIMEOUT_MS });
    } else {
      await page.goto(`${url}/dashboard`);
      await page
        .getByRole('listitem')
        .filter({ has: page.getByText('Cover letters written', { exact: true }) })
        .filter({ has: page.getByText(String(ITEMS), { exact: true }) })
        .waitFor({ timeout: TIMEOUT_MS });
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

/** Logs the agent again after the items, as every run of the runner does (recordChange on SQLite: the row removed, then added). */
function relogAgent(file: string, userId: string, agentId: string): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.prepare(`DELETE FROM change_log WHERE user_id = ? AND entity = 'agent' AND entity_id = ?`).run(userId, agentId);
  db.prepare(`INSERT INTO change_log (user_id, entity, entity_id, deleted, changed_at) VALUES (?, 'agent', ?, 0, ?)`).run(
    userId,
    agentId,
    Date.now(),
  );
  db.close();
}

/** The whole history through the log, against the bare Dexie pipeline. */
async function wholePull(token: string, url: string, browser: Browser): Promise<void> {
  const figures = await interleaved(ROUNDS, {
    app: () => appPull(browser, url, token),
    bare: () => barePull(browser, url, token),
  });
  console.log(`IndexedDB pull of ${ITEMS} job items in Chromium, median of ${ROUNDS} interleaved runs`);
  console.log(`  app, the log (navigation to /dashboard until all rows are stored)  ${(figures.app / 1000).toFixed(2).padStart(6)} s`);
  console.log(`  bare Dexie pipeline (navigation, fetch pages + bulkPut)            ${(figures.bare / 1000).toFixed(2).padStart(6)} s`);
  console.log(
    `  app/bare                                                           ${(figures.app / figures.bare).toFixed(2).padStart(6)}`,
  );
  const asked = { app: median(firstPageAsked.app), bare: median(firstPageAsked.bare) };
  console.log(
    `  of which before the first page was asked for: app ${(asked.app / 1000).toFixed(2)} s, bare ${(asked.bare / 1000).toFixed(2)} s`,
  );
  console.log(
    `  from the first page asked until all rows are stored: app ${((figures.app - asked.app) / 1000).toFixed(2)} s, bare ${((figures.bare - asked.bare) / 1000).toFixed(2)} s`,
  );
}

async function main() {
  await ensurePwaBuild((line) => console.log(line));
  const product = await startProduct();
  const browser = await launchChromium();
  try {
    const user = await benchUser(`${product.url}/api`, 'idb.bench@gmail.com');
    const file = path.join(product.dataDir, 'bidpilot.sqlite');
    seedJobItems(file, user.userId, user.agentId, ITEMS);
    relogAgent(file, user.userId, user.agentId);
    if (WITH_LOG) await wholePull(user.token, product.url, browser);

    const skipped = async () => Number.NaN;
    const screens = await interleaved(ROUNDS, {
      logAgents: WITH_LOG ? () => firstScreen(browser, product.url, user.token, 'log', 'agents') : skipped,
      startAgents: () => firstScreen(browser, product.url, user.token, 'start', 'agents'),
      logFigures: WITH_LOG ? () => firstScreen(browser, product.url, user.token, 'log', 'figures') : skipped,
      startFigures: () => firstScreen(browser, product.url, user.token, 'start', 'figures'),
    });
    const seconds = (ms: number) => (Number.isNaN(ms) ? '-' : `${(ms / 1000).toFixed(2)} s`);
    console.log(`\nFirst screen of a new device with ${ITEMS} job items, median of ${ROUNDS} interleaved runs`);
    printTable(
      ['until', 'log first (before)', 'small tables first (after)', 'after/before'],
      [
        [
          'the agent list shows the agent',
          seconds(screens.logAgents),
          seconds(screens.startAgents),
          WITH_LOG ? (screens.startAgents / screens.logAgents).toFixed(2) : '-',
        ],
        [
          'the dashboard shows the real count',
          seconds(screens.logFigures),
          seconds(screens.startFigures),
          WITH_LOG ? (screens.startFigures / screens.logFigures).toFixed(2) : '-',
        ],
      ],
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
