import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations, horizontalOverflow } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import type { Product } from './support/server';
import { useProductAndBrowser } from './support/suite';
import { waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** An account with a React profile, Freelancer.com connected, and a review-mode agent with client filters. */
async function accountWithFilteredAgent(product: Product, browser: Browser, email: string, language: 'en' | 'ar') {
  const account = await createAccount(product, email);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
  const api = (path: string, init: RequestInit = {}) => fetch(`${product.url}/api${path}`, { ...init, headers: auth });
  const put = await api(`/users/${account.user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ skills: ['React', 'Node.js', 'TypeScript'], language }),
  });
  expect(put.status).toBe(200);
  const start = await api('/jobs/freelancer-oauth', {
    method: 'POST',
    body: JSON.stringify({ userId: account.user.id, returnTo: 'login' }),
  });
  const { url } = (await start.json()) as { url: string };
  const context = await browser.newContext();
  const consent = await context.newPage();
  await consent.goto(url);
  await consent.getByLabel('Sandbox username').fill(email.split('@')[0]!.replace(/\W/g, '_'));
  await consent.getByRole('button', { name: 'Allow' }).click();
  await consent.waitForURL((address) => !address.pathname.startsWith('/sandbox'));
  await context.close();
  const agentId = crypto.randomUUID();
  const created = await api('/automations', {
    method: 'POST',
    body: JSON.stringify({
      id: agentId,
      title: 'developer',
      name: 'Filtered agent',
      platform: 'freelancer',
      sendMode: 'review',
      emailsPerDay: 2,
      clientVerifiedOnly: true,
      clientMinRating: 4.5,
    }),
  });
  expect(created.status).toBe(201);
  return { account, agentId };
}

describe("an agent's run history", () => {
  it('lists the last run with its kept jobs and every skipped job with the reason, client filters included (1280, English)', async () => {
    const product = env.product();
    const { account, agentId } = await accountWithFilteredAgent(product, env.browser(), 'runs.english@gmail.com', 'en');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await page.getByRole('heading', { name: 'Filtered agent', level: 1 }).waitFor({ timeout: 30_000 });
    await waitSynced(page);
    // A new account's profile holds nothing to write from: the page says so before any letter, and where to add it.
    const sparse = page.locator('[data-sparse-profile]');
    await sparse.getByText('Your letters have little to stand on').waitFor();
    await sparse.getByText(/your work history, your portfolio/).waitFor();
    expect(await sparse.getByRole('link', { name: 'Complete your profile in Settings' }).getAttribute('href')).toBe('/settings');

    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByText("No runs yet. Press Run now, or wait for the agent's next scheduled run.").waitFor();

    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Run finished').first().waitFor({ timeout: 60_000 });
    // The toast counts the client-filtered jobs among the skipped.
    await page
      .getByText(/Skipped: \d+ for your client filters/)
      .first()
      .waitFor();

    const run = page.locator('li[data-run]').first();
    await run.waitFor({ timeout: 30_000 });
    expect(await page.locator('li[data-run]').count()).toBe(1);
    await run.getByText('Run now', { exact: true }).waitFor();
    const line = await run.locator('summary').innerText();
    expect(line).toMatch(/Found \d+ · drafted 2 · queued 0 · held \d+ · skipped [1-9]\d* · failed 0/);
    await run.locator('summary').click();
    await run.getByRole('heading', { name: 'Kept (2)' }).waitFor();
    const kept = run.locator('li[data-outcome="drafted"]');
    expect(await kept.count()).toBe(2);
    await kept.first().getByText('Drafted: waiting for your review').waitFor();
    await kept
      .first()
      .getByText(/^Match \d+$/)
      .waitFor();
    const skipped = run.locator('li[data-outcome="skipped"]');
    expect(await skipped.count()).toBeGreaterThan(2);
    const reasons = await skipped.locator('p').allInnerTexts();
    // Each skipped job says why; the client filters and the minimum match are among the reasons.
    expect(reasons.every((reason) => reason.trim().length > 0)).toBe(true);
    expect(
      reasons.some((reason) => reason === "Client's payment method not verified" || /^Client rated .*, under your minimum$/.test(reason)),
    ).toBe(true);
    expect(reasons.some((reason) => /^Match under your minimum of 55$/.test(reason) || /^Over today's limit/.test(reason))).toBe(true);

    // The Why line of each draft marks what speaks against the job as such.
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    const card = page.locator('li[data-job-item]').first();
    await card.waitFor({ timeout: 30_000 });
    const tones = await card
      .locator('[data-tone]')
      .evaluateAll((parts) => parts.map((part) => ({ tone: part.getAttribute('data-tone'), text: part.textContent ?? '' })));
    expect(tones.length).toBeGreaterThan(0);
    for (const part of tones) {
      if (/not verified|Many proposals already|Posted .* ago|only/.test(part.text)) expect(part.tone).toBe('against');
      // The sign (+ or −) is drawn; a screen reader hears the word.
      if (part.tone === 'against') expect(part.text).toMatch(/^·?−Against: /);
      if (part.tone === 'for') expect(part.text).toMatch(/^·?\+In favour: /);
    }
    await context.close();
  }, 180_000);

  it('reads the same in Arabic at 360 px: right to left, nothing sideways, nothing serious for axe', async () => {
    const product = env.product();
    const { account, agentId } = await accountWithFilteredAgent(product, env.browser(), 'runs.arabic@gmail.com', 'ar');
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      locale: 'ar',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/${agentId}?lng=ar`);
    await page.getByRole('heading', { name: 'Filtered agent', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'تشغيل الآن' }).click();
    await page.getByRole('tab', { name: 'التشغيلات' }).click();
    const run = page.locator('li[data-run]').first();
    await run.waitFor({ timeout: 60_000 });
    await run.locator('summary').click();
    await run.getByRole('heading', { name: /^المتجاوزة|^متجاوزة/ }).waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
