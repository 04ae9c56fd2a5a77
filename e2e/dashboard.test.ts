import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import { seedJobItems } from '../bench/seed-job-items';
import { hoursAwayFromNow } from './support/hours';
import { connectFreelancer, createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** The figure on the stat card with this label. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
  return ((await card.locator('p').nth(1).textContent()) ?? '').trim();
}

describe('the dashboard', () => {
  it('shows the figures of a run, the activity feed, and a reply marked offline in the reply rate after sync', async () => {
    const product = env.product();
    const account = await createAccount(product, 'dashboard.user@gmail.com');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
    const jobs = async (agentId: string) => ((await (await api(`/automations/${agentId}/jobs`)).json()) as { data: JobItem[] }).data;

    expect(
      (
        await api(`/users/${account.user.id}`, {
          method: 'PUT',
          body: JSON.stringify({ freelancerProfileComplete: true, skills: ['React.js', 'Node.js', 'TypeScript', 'PHP'] }),
        })
      ).status,
    ).toBe(200);

    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();

    // A brand-new device: the welcome once (the suite marks it seen for the other tests), zeros and the empty feed.
    await page.goto(`${product.url}/`);
    await page.evaluate(() => localStorage.removeItem('bidpilot_referral_welcome_seen'));
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, dashboard.user@gmail.com', level: 1 }).waitFor({ timeout: 30_000 });
    const welcome = page.getByRole('dialog', { name: 'Welcome to Bidpilot!' });
    await welcome.waitFor();
    expect(await welcome.getByRole('link', { name: 'See my referral link' }).getAttribute('href')).toBe('/dashboard/referrals');
    await welcome.getByRole('button', { name: 'Maybe later' }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.getByText('No recent activity to display. Start searching for jobs to see them here.').waitFor();
    expect(await figure(page, 'Active agents')).toBe('0');
    expect(await page.getByRole('link', { name: /^Search Jobs/ }).getAttribute('href')).toBe('/dashboard/search');
    expect(
      await page
        .getByRole('link', { name: /^Job Agents/ })
        .first()
        .getAttribute('href'),
    ).toBe('/dashboard/automations');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, dashboard.user@gmail.com', level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Freelancer.com connected in the sandbox, a review-mode agent, Run now.
    await connectFreelancer(page, product, account.user.id, 'dashboard_e2e');
    const agentId = crypto.randomUUID();
    const created = await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Funnel agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 3,
        ...hoursAwayFromNow(),
      }),
    });
    expect(created.status).toBe(201);
    // New agents start paused until the user activates them. Activating wakes the runner, which
    // leaves the agent for its hours: the Run now below is its only run.
    expect((await api(`/automations/status/${agentId}`, { method: 'PUT', body: JSON.stringify({ status: 'active' }) })).status).toBe(200);

    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Funnel agent', level: 1 }).waitFor({ timeout: 30_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Funnel agent', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Run finished').waitFor({ timeout: 60_000 });

    // Send one draft (online) and wait for the server to send it.
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    const reviews = page.getByRole('button', { name: /^Review & send: / });
    await reviews.first().waitFor({ timeout: 30_000 });
    const firstCard = page.locator('li[data-job-item]').first();
    const jobItemId = (await firstCard.getAttribute('data-job-item'))!;
    const title = (await firstCard.getByRole('heading', { level: 3 }).textContent())!;
    // From its own card: two jobs may share a title (the sandbox's do).
    await firstCard.getByRole('button', { name: `Review & send: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve & send' }).click();
    await until(
      () => jobs(agentId),
      (items) => items.find((item) => item.id === jobItemId)?.status === 'completed',
      'the proposal to be sent',
      60_000,
    );

    // The dashboard's figures match what the runner made.
    const items = await jobs(agentId);
    const agent = ((await (await api(`/automations/detail/${agentId}`)).json()) as { data: { jobsFound: number } }).data;
    const letters = items.filter((item) => ['draft', 'processing', 'completed'].includes(item.status)).length;
    expect(letters).toBeGreaterThan(0);
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, dashboard.user@gmail.com', level: 1 }).waitFor();
    await waitSynced(page);
    await until(
      () => figure(page, 'Applications sent this month'),
      (value) => value === '1',
      'one proposal sent this month',
    );
    expect(await figure(page, 'Active agents')).toBe('1');
    expect(await figure(page, 'Cover letters written')).toBe(String(letters));
    expect(await figure(page, 'Jobs found')).toBe(String(agent.jobsFound));
    const feed = page.getByRole('list', { name: 'Recent activity' });
    await feed.getByText(/^Funnel agent ran: \d+ found, [1-9]\d* drafts, 0 queued/).waitFor({ timeout: 30_000 });
    await feed.getByText(/^Funnel agent sent a proposal/).waitFor();
    expect(await feed.getByRole('link', { name: 'View Funnel agent' }).first().getAttribute('href')).toBe(
      `/dashboard/automations/${agentId}`,
    );
    const byAgent = page.getByRole('table', { name: 'By agent' });
    const row = byAgent.getByRole('row', { name: /Funnel agent/ });
    /** A rates row: the sent count, then the reply, interview and win rates (each shown with its counts and interval). */
    const rates = async (locator: typeof row) =>
      [(await locator.getByRole('cell').first().textContent()) ?? '', ...(await locator.locator('[data-rate]').allTextContents())].join(
        '|',
      );
    expect(await rates(row)).toBe('1|0%|0%|0%');
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('0%0 of 1 · 0%–79%95% confidence: between 0% and 79%');
    const perAgentFunnel = page.getByRole('table', { name: 'Per agent' }).getByRole('row', { name: /Funnel agent/ });
    expect(await perAgentFunnel.getByRole('cell').allTextContents()).toEqual([
      String(agent.jobsFound),
      String(items.length),
      String(letters),
      '1',
      '0',
      '0',
      '0',
    ]);

    // Offline on the agent page: mark the sent proposal "replied".
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Funnel agent', level: 1 }).waitFor();
    await waitSynced(page);
    await context.setOffline(true);
    await page.getByText('Offline. Your changes are saved on this device.').first().waitFor();
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    const card = page.locator(`li[data-job-item="${jobItemId}"]`);
    await card.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByLabel(`Outcome: ${title}`).selectOption('replied');
    await card.getByText('Waiting to sync').waitFor();

    // Back online: the mark syncs; the dashboard shows a 100% reply rate.
    await context.setOffline(false);
    await card.getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 30_000 });
    await until(
      async () => (await jobs(agentId)).find((item) => item.id === jobItemId)?.outcome,
      (outcome) => outcome === 'replied',
      'the outcome to reach the server',
    );
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, dashboard.user@gmail.com', level: 1 }).waitFor();
    await waitSynced(page);
    await until(
      () => rates(row),
      (text) => text === '1|100%|0%|0%',
      'the reply rate of the agent',
    );
    await page.getByText('Overall (1 sent): reply rate 100%, interview rate 0%, win rate 0%').waitFor();
    const template = page.getByRole('table', { name: 'By prompt template' }).getByRole('row', { name: /Custom \(blank\)/ });
    expect(await template.getByRole('cell').first().textContent()).toBe('1'); // agents
    expect(await template.locator('[data-rate]').allTextContents()).toEqual(['100%', '0%', '0%']);
    const platform = page.getByRole('table', { name: 'By marketplace' }).getByRole('row', { name: /Freelancer\.com/ });
    expect(await rates(platform)).toBe('1|100%|0%|0%');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  }, 240_000);

  it("counts every job item of a first sync of several pages, and the service worker's install waits for it", async () => {
    const product = env.product();
    const account = await createAccount(product, 'dashboard.pages@gmail.com');
    const created = await fetch(`${product.url}/api/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ title: 'Pages agent', platform: 'upwork' }),
    });
    expect(created.status).toBe(201);
    const agentId = ((await created.json()) as { id: string }).id;
    // More than the history's window (2,000 items, pages of 500): the rest stays on the server until asked for.
    seedJobItems(path.join(product.dataDir, 'bidpilot.sqlite'), account.user.id, agentId, 2500);

    const context = await signedInContext(env.browser(), product, account.token);
    const page = await context.newPage();
    // The service worker's install (every precached file fetched and stored) waits for the first sync.
    const order: string[] = [];
    context.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/sync/start') order.push('start');
      if (pathname === '/api/sync/pull') order.push('pull page');
      if (pathname === '/api/sync/history') order.push('history page');
    });
    context.on('request', (request) => new URL(request.url()).pathname === '/sw.js' && order.push('service worker'));
    await page.goto(`${product.url}/dashboard`);
    await waitSynced(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(order).toEqual(['start', 'pull page', 'history page', 'history page', 'history page', 'history page', 'service worker']);
    // Every seeded item carries a letter: the server counts all 2,500, though this device holds the newest 2,000.
    await until(
      () => figure(page, 'Cover letters written'),
      (value) => value === '2500',
      'the figures of all 2,500 items',
    );
    const stored = await page.evaluate(
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
    expect(stored).toBe(2000);
    await context.close();
  });

  it('opens the dashboard, notification switches included, while the settings screen’s strings are still on the way', async () => {
    const product = env.product();
    const account = await createAccount(product, 'dashboard.strings@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token);
    const page = await context.newPage();
    let releaseSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
    const settingsRequested: string[] = [];
    await page.route('**/assets/locales/en-settings-*.js', async (route) => {
      settingsRequested.push(route.request().url());
      await settingsHeld;
      await route.continue();
    });

    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, dashboard.strings@gmail.com', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Job Agents' }).click();
    await page.getByRole('heading', { name: 'Job Automations', level: 1 }).waitFor();

    // The settings screen is the one that waits for them (asked for already: a signed-in user gets
    // every bundle, for offline use, just not before the dashboard shows).
    await page.goto(`${product.url}/settings`);
    expect(settingsRequested.length).toBeGreaterThan(0);
    releaseSettings();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});
