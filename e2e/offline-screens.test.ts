import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectFreelancer, createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** Opens a page of the app and waits until the service worker controls it (so it loads offline too). */
async function openControlled(context: BrowserContext, path: string, heading: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product().url}${path}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

async function search(page: Page, title: string) {
  await page.getByLabel('Job title or keywords').fill(title);
  await page.getByRole('radio', { name: 'Freelancer.com' }).check();
  await page.getByRole('button', { name: 'Search jobs' }).click();
}

const cards = (page: Page) => page.getByRole('article');

describe('offline screens show what they have', () => {
  it('search: the last results with their time; a search made offline waits instead of failing and runs back online', async () => {
    const product = env.product();
    const account = await createAccount(product, 'offline.search@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await openControlled(context, '/dashboard/search', 'Search Jobs');
    await search(page, 'developer');
    await page.getByText(/^Jobs found: \d+/).waitFor();
    const titles = await cards(page).getByRole('heading').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(/^Your last search, from /).waitFor();
    expect(await cards(page).getByRole('heading').allInnerTexts()).toEqual(titles);

    // A new search offline: no error card; the last results stay, and it says the search waits.
    await search(page, 'designer');
    const waiting = page.getByText(/^Your search for .designer. on Freelancer\.com runs when you are back online\.$/);
    await waiting.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Search failed' }).count()).toBe(0);
    await page.getByText(/^Your last search, from /).waitFor();
    expect(await cards(page).getByRole('heading').allInnerTexts()).toEqual(titles);

    // Back online it runs by itself.
    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await until(
      () => page.getByText(/^Your last search, from /).count(),
      (n) => n === 0,
      'fresh results',
    );
    await page.getByText(/^Jobs found: \d+/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('settings: the last known connection per marketplace and the cached plan; profile and notice settings changed offline reach the server once', async () => {
    const product = env.product();
    const account = await createAccount(product, 'offline.settings@gmail.com');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();

    // Freelancer.com connected through the sandbox's consent page.
    await connectFreelancer(page, product, account.user.id, 'offline_settings');
    await page.close();

    const settings = await openControlled(context, '/settings', 'Settings');
    const integrations = settings.getByRole('region', { name: 'Platform integrations' });
    await integrations.getByText('Connected as offline_settings').waitFor();
    await integrations.getByText('Not connected').waitFor();
    const subscription = settings.getByRole('region', { name: 'Subscription' });
    const plan = (
      await until(
        () => subscription.locator('p').first().innerText(),
        (text) => text.includes(' · '),
        'the plan',
      )
    ).trim();
    await waitSynced(settings);
    const before = ((await (await fetch(`${product.url}/api/auth/user`, { headers: auth })).json()) as { data: { version: number } }).data
      .version;

    await context.setOffline(true);
    await settings.reload();
    await settings.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The last known status, with when it was checked; no empty credentials form; the way to connect says it needs the network.
    await integrations.getByText('Connected as offline_settings').waitFor();
    await integrations.getByText('Not connected').waitFor();
    expect(await integrations.getByText(/^Last checked /).count()).toBe(2);
    expect(await integrations.getByText('Connection status unavailable').count()).toBe(0);
    expect(await integrations.getByLabel('Upwork password').count()).toBe(0);
    await integrations.getByText(/^You are offline\. Connecting or changing a marketplace account needs a connection/).waitFor();
    // The plan as last read, with its time.
    await subscription.getByText(plan).waitFor();
    await subscription.getByText(/^As of /).waitFor();
    expect(await subscription.getByText('Your plan could not be loaded right now.').count()).toBe(0);

    // Edits offline are kept and queued.
    await settings.getByLabel('First name').fill('Grace');
    await settings.getByRole('button', { name: 'Save profile' }).click();
    await settings.getByText('Saved on this device. It reaches your account when you are back online.').first().waitFor();
    await settings.getByRole('switch', { name: 'A draft is waiting for review' }).click();
    await settings.getByRole('switch', { name: 'A draft is waiting for review', checked: false }).waitFor();
    expect(await settings.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await context.setOffline(false);
    await waitSynced(settings);
    const me = await until(
      async () =>
        (await (await fetch(`${product.url}/api/auth/user`, { headers: auth })).json()) as {
          data: { firstName: string | null; version: number };
        },
      (answer) => answer.data.firstName === 'Grace',
      'the profile edit on the server',
    );
    expect(me.data.version).toBe(before + 1); // one write, applied once
    const notices = (await (await fetch(`${product.url}/api/push/settings`, { headers: auth })).json()) as {
      data: Record<string, boolean>;
      version: number;
    };
    expect(notices).toEqual({ data: { proposalSent: true, draftWaiting: false, proposalFailed: true, clientReplied: true }, version: 1 });
    await context.close();
  });

  it('notifications: a tap answered by a blocked permission says so in the card, as an alert', async () => {
    const product = env.product();
    const account = await createAccount(product, 'offline.push.tap@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token);
    const page = await openControlled(context, '/settings', 'Settings');
    const card = page.getByRole('region').filter({ has: page.getByRole('heading', { name: 'Notifications', level: 2 }) });
    await card.getByText('Push notifications are off on this device.').waitFor();
    // Headless Chromium answers the permission request with a block, as a user's "Block" would.
    await card.getByRole('button', { name: 'Enable push notifications' }).click();
    await card.getByRole('alert').getByText('Notifications are blocked for this site.', { exact: false }).waitFor();
    await context.close();
  });

  it('notifications: a permission granted after a denial shows without a reload, and a failed subscription says why', async () => {
    const product = env.product();
    const account = await createAccount(product, 'offline.push@gmail.com');
    const browser = env.browser();
    const context = await signedInContext(browser, product, account.token);
    const page = await openControlled(context, '/settings', 'Settings');
    const card = page.getByRole('region').filter({ has: page.getByRole('heading', { name: 'Notifications', level: 2 }) });

    // Blocked in this browser context (Playwright can grant, not deny: through the DevTools protocol).
    const target = (await (await context.newCDPSession(page)).send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: product.url,
      browserContextId: target.targetInfo.browserContextId,
    });
    await page.reload();
    await card.getByText('Notifications are blocked for this site.', { exact: false }).waitFor();

    // Allowed in the browser's settings: the card follows at once.
    await context.grantPermissions(['notifications'], { origin: product.url });
    await card.getByText('Push notifications are off on this device.').waitFor();
    await card.getByRole('button', { name: 'Enable push notifications' }).click();
    // Headless Chromium has no push service: the subscription fails, and the card says so.
    await card
      .getByRole('alert')
      .getByText("Push notifications could not be turned on: this browser's push service refused the subscription.")
      .waitFor();
    await cdp.detach();
    await context.close();
  });
});
