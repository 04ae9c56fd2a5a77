import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

/** The match scores of the cards on screen, in the order shown. */
async function scores(page: Page): Promise<number[]> {
  const meters = page.getByRole('meter', { name: 'Match score' });
  await meters.first().waitFor();
  const values = await meters.evaluateAll((els) => els.map((el) => Number(el.getAttribute('aria-valuenow'))));
  return values;
}

async function search(page: Page, title: string, platform: 'Upwork' | 'Freelancer.com') {
  await page.getByLabel('Job title or keywords').fill(title);
  await page.getByRole('radio', { name: platform }).check();
  await page.getByRole('button', { name: 'Search jobs' }).click();
}

describe('the search screen (/dashboard/search)', () => {
  it('searches Freelancer and Upwork in the sandbox, connects Upwork through OAuth, and hands the search to a new agent', async () => {
    const product = env.product();
    const account = await createAccount(product, 'search.user@gmail.com');
    // What Settings does: a completed platform profile (the create-agent rule needs one), and skills to score against.
    const put = await fetch(`${product.url}/api/users/${account.user.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ upworkProfileComplete: true, skills: ['React.js', 'Node.js', 'TypeScript', 'PHP'] }),
    });
    expect(put.status).toBe(200);

    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/search`);
    await page.getByRole('heading', { name: 'Search Jobs', level: 1 }).waitFor();

    // Title and platform are required.
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out all the required fields' }).waitFor();

    // Freelancer.com works without a connected account: scored cards, best first.
    await search(page, 'developer', 'Freelancer.com');
    await page.getByText(/^Jobs found: \d+/).waitFor();
    const freelancerScores = await scores(page);
    expect(freelancerScores.length).toBeGreaterThan(0);
    expect(freelancerScores.every((s) => s >= 0 && s <= 100)).toBe(true);
    expect([...freelancerScores].sort((a, b) => b - a)).toEqual(freelancerScores);
    const firstCard = page.getByRole('article').first();
    const link = firstCard.getByRole('link', { name: /View on Freelancer\.com/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await firstCard.getByText(/^(New|Applied|Saved)$/).waitFor();

    // Upwork needs a connected account: the call to action is right there.
    await search(page, 'developer', 'Upwork');
    const cta = page.getByRole('alert').filter({ hasText: 'Connect Upwork to search it' });
    await cta.waitFor();

    // Connect through the sandbox's authorize page; the browser comes back through /login to this page.
    await cta.getByRole('button', { name: 'Connect Upwork' }).click();
    await page.waitForURL(/\/sandbox\/upwork\//);
    await page.getByLabel('Sandbox username').fill('search_e2e');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${product.url}/dashboard/search`);
    // The toast names the marketplace account that was connected.
    await page.getByText('Your Upwork account search_e2e is now connected.').waitFor();
    await page
      .getByText(/Connected as /)
      .first()
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('upwork_redirect_url'))).toBeNull();

    // Now Upwork answers scored cards.
    await search(page, 'developer', 'Upwork');
    await page.getByText(/^Jobs found: \d+ · .*Upwork$/).waitFor();
    const upworkScores = await scores(page);
    expect(upworkScores.length).toBeGreaterThan(0);
    expect([...upworkScores].sort((a, b) => b - a)).toEqual(upworkScores);
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /View on Upwork/ })
      .waitFor();
    // Upwork names no client: each card says what Upwork tells of them instead of "Unknown client".
    const clientLines = await page
      .getByRole('article')
      .locator('dt', { hasText: /^Client:$/ })
      .evaluateAll((dts) => dts.map((dt) => dt.nextElementSibling?.textContent ?? ''));
    expect(clientLines.length).toBe(upworkScores.length);
    for (const line of clientLines) expect(line).toMatch(/^Payment (not )?verified( · |$)/);
    expect(clientLines.some((line) => /Rated \d\.\d|spent|Hires: \d/.test(line))).toBe(true);
    expect(await page.getByText('Unknown client').count()).toBe(0);

    // Create job agent: the search goes to the create page in session storage.
    const create = page.getByRole('button', { name: 'Create job agent' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Create job agent' && !b.disabled),
    );
    await create.click();
    await page.waitForURL(`${product.url}/dashboard/automations/new`);
    const saved = JSON.parse((await page.evaluate(() => sessionStorage.getItem('jobSearchData'))) ?? 'null');
    expect(saved).toMatchObject({ title: 'developer', platform: 'upwork', name: 'developer', pageLimit: 1, upworkJobType: 'any' });

    // The last search and its results stay readable offline.
    await page.goto(`${product.url}/dashboard/search`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByText(/^Your last search, from /).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Search Jobs', level: 1 }).waitFor();
    await page.getByText(/^Your last search, from /).waitFor();
    expect(await scores(page)).toEqual(upworkScores);
    await page.getByText('You are offline. Your last search is shown; a new search needs a connection.').waitFor();
    await context.close();
  });

  it('says so when nothing matches, and offers a different search', async () => {
    const product = env.product();
    const account = await createAccount(product, 'search.empty@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/search`);
    await search(page, 'qzxwvj nothing matches this', 'Freelancer.com');
    await page.getByText('No jobs found').waitFor();
    await page.getByText('Try adjusting your search criteria').waitFor();
    expect(await page.getByRole('button', { name: 'Create job agent' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Try a different search' }).click();
    // Focus moves to the search field once the form is back (after a render: wait for it, not for a fixed time).
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'title', undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('title');
    await context.close();
  });
});
