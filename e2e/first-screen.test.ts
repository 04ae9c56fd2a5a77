import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedJobItems } from '../bench/seed-job-items';
import { seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

const HISTORY_ITEMS = 10_000;

/** The figure on the stat card with this label. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
  return ((await card.locator('p').nth(1).textContent()) ?? '').trim();
}

/** Job items in the page's IndexedDB. */
const storedItems = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('bidpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('jobItems').objectStore('jobItems').count();
          count.onsuccess = () => (open.result.close(), resolve(count.result));
        };
      }),
  );

describe('the first screen of a new device never waits for the history', () => {
  it('shows the agents and the real figures before any history page is stored, fetches the newest to a window, and opens an old one on demand', async () => {
    const product = env.product();
    const account = await createAccount(product, 'history.first@gmail.com');
    const created = await fetch(`${product.url}/api/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ title: 'History agent', name: 'History agent', platform: 'upwork' }),
    });
    expect(created.status).toBe(201);
    const agentId = ((await created.json()) as { id: string }).id;
    // Paused: the runner leaves it alone, so the device holds exactly the seeded history whatever the
    // sandbox's feed brings at this hour.
    const paused = await fetch(`${product.url}/api/automations/status/${agentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ status: 'paused' }),
    });
    expect(paused.status).toBe(200);
    const file = path.join(product.dataDir, 'bidpilot.sqlite');
    seedJobItems(file, account.user.id, agentId, HISTORY_ITEMS);
    // As the runner leaves it: the sent ones dated, and the agent logged again after every item
    // (each run changes it), so a pull of the whole log would bring it last. Their outcomes are read
    // back already ('done'): otherwise the outcome chore checks 30 of them whenever it ticks during the
    // test, and the pull stores those 30 before the history (CI at 09:41 on 1452ab9).
    const db = new Database(file);
    db.prepare(`UPDATE job_items SET sent_at = applied_date, outcome_tracking = 'done' WHERE user_id = ? AND status = 'completed'`).run(
      account.user.id,
    );
    db.prepare(`DELETE FROM change_log WHERE user_id = ? AND entity = 'agent' AND entity_id = ?`).run(account.user.id, agentId);
    db.prepare(`INSERT INTO change_log (user_id, entity, entity_id, deleted, changed_at) VALUES (?, 'agent', ?, 0, ?)`).run(
      account.user.id,
      agentId,
      Date.now(),
    );
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const sentThisMonth = (
      db
        .prepare(`SELECT count(*) AS n FROM job_items WHERE user_id = ? AND status = 'completed' AND sent_at >= ?`)
        .get(account.user.id, monthStart) as { n: number }
    ).n;
    const old = db.prepare(`SELECT id, title FROM job_items WHERE user_id = ? AND external_id = 'bench-5'`).get(account.user.id) as {
      id: string;
      title: string;
    };
    db.close();
    expect(sentThisMonth).toBeGreaterThan(0);

    // The history pages are held until the first screens have shown what they must.
    // bypassCSP: axe is injected into the page.
    const context = await signedInContext(env.browser(), product, account.token, { bypassCSP: true });
    const page = await context.newPage();
    const events: string[] = [];
    let releaseHistory = () => {};
    const historyHeld = new Promise<void>((resolve) => (releaseHistory = resolve));
    await page.route(
      (url) => url.pathname === '/api/sync/history',
      async (route) => {
        events.push('history asked');
        await historyHeld;
        await route.continue();
      },
    );
    context.on('requestfinished', (request) => request.url().includes('/api/sync/history') && events.push('history page'));

    await page.goto(`${product.url}/dashboard/automations`);
    await page.getByRole('link', { name: 'Edit History agent' }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
    events.push('agent list');
    // The quiet progress line, while the history is on its way.
    await page
      .getByRole('status')
      .filter({ hasText: /^Loading your history: 0 of 10,000$/ })
      .waitFor();
    // It wraps on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await until(
      () => figure(page, 'Cover letters written'),
      (value) => value === String(HISTORY_ITEMS),
      "the server's count of letters",
    );
    expect(await figure(page, 'Applications sent this month')).toBe(String(sentThisMonth));
    await page.getByRole('heading', { name: 'Drafts to review: 2,500', level: 2 }).waitFor();
    events.push('real figures');
    expect(await storedItems(page)).toBe(0);

    // Then the newest items, to the window (2,000 of them), and the figures stay the server's.
    releaseHistory();
    await page
      .getByRole('status')
      .filter({ hasText: /^Last synced at/ })
      .waitFor({ timeout: 60_000 });
    expect(await storedItems(page)).toBe(2000);
    // The order of events: no history page was stored before the screens showed their data.
    expect(events.filter((event) => event !== 'history asked')).toEqual([
      'agent list',
      'real figures',
      'history page',
      'history page',
      'history page',
      'history page',
    ]);
    expect(await figure(page, 'Cover letters written')).toBe(String(HISTORY_ITEMS));

    // The inbox says older proposals are still on the server, and loads them when asked.
    await page.goto(`${product.url}/dashboard/inbox`);
    await page.getByText('Older proposals are still on the server: this device keeps the newest.').waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Load older proposals' }).click();
    await until(
      () => storedItems(page),
      (stored) => stored === 3000,
      'two more history pages',
    );

    // A link to one of the oldest proposals opens it: the older pages come on demand.
    await page.goto(`${product.url}/dashboard/automations/${agentId}?item=${old.id}`);
    await page.getByRole('heading', { name: old.title, exact: true, level: 3 }).waitFor({ timeout: 60_000 });
    expect(await storedItems(page)).toBeGreaterThan(3000);
    await context.close();
  }, 240_000);
});

describe('a signed-in path fetches the sync runtime with the entry', () => {
  const runtimeChunk = (url: string) => /\/assets\/app-sync-[^/]+\.js$/.test(new URL(url).pathname);

  it('asks for the sync runtime before the session check when a session is likely', async () => {
    const product = env.product();
    const account = await createAccount(product, 'runtime.early@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (runtimeChunk(request.url())) asked.push('runtime');
      else if (new URL(request.url()).pathname === '/api/auth/user') asked.push('session');
    });
    await page.goto(`${product.url}/dashboard`);
    await page
      .getByRole('status')
      .filter({ hasText: /^Last synced at/ })
      .waitFor({ timeout: 30_000 });
    // The boot script named it with the entry: it did not wait for the entry to run and ask who is signed in.
    expect(asked.slice(0, 2)).toEqual(['runtime', 'session']);
    await context.close();
  }, 60_000);
});
