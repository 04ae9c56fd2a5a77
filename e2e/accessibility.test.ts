import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { LANGUAGES } from '@shared/languages';
import { seriousViolations, horizontalOverflow } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { runNowAndWait } from './support/run-now';
import { waitSynced } from './support/wait';

const env = useProductAndBrowser();

const PUBLIC_PAGES = [
  '/',
  '/features',
  '/pricing',
  '/privacy',
  '/service',
  '/support',
  '/login',
  '/register',
  '/forgot-password',
  '/verify-reset-code',
  '/verify-email',
  '/no-such-page',
];

/** A language's strings by dotted key, as the locale file has them. */
function translations(language: string) {
  const tree = JSON.parse(fs.readFileSync(new URL(`../locales/${language}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  return (key: string): string => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    if (typeof value !== 'string') throw new Error(`${language}: no ${key}`);
    return value;
  };
}

/** Waits for the page's content (its first heading) after navigation. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => document.fonts?.ready);
}

describe('every page at 360 px, in every language, and for a screen reader', () => {
  it('no public page scrolls sideways at 360 px in any of the ten languages', async () => {
    const context = await env.browser().newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const language of LANGUAGES) {
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${env.product().url}${path}?lng=${language}`);
        await settled(page);
        const sticking = await horizontalOverflow(page);
        if (sticking.length > 0) found.push(`${language} ${path}: ${sticking.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
    await context.close();
  }, 600_000);

  it('axe finds nothing serious or critical on the public pages (English and Arabic, right to left)', async () => {
    const context = await env.browser().newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const found: string[] = [];
    for (const language of ['en', 'ar']) {
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${env.product().url}${path}?lng=${language}`);
        await settled(page);
        for (const v of await seriousViolations(page))
          found.push(`${language} ${path}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.join(' | ')}`);
      }
    }
    expect(found).toEqual([]);
    await context.close();
  }, 300_000);

  it('the signed-in pages and their dialogs: nothing serious for axe, nothing sideways at 360 px', async () => {
    const product = env.product();
    const account = await createAccount(product, 'a11y.user@gmail.com');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${product.url}/api${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${account.token}`,
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    await api(`/users/${account.user.id}`, {
      method: 'PUT',
      body: JSON.stringify({ firstName: 'Ada', skills: ['React.js', 'Node.js', 'TypeScript'] }),
    });
    const agentId = crypto.randomUUID();
    await api('/automations', {
      method: 'POST',
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'A11y agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 2,
      }),
    });
    await runNowAndWait(api, agentId);

    const found: string[] = [];
    const check = async (page: Page, label: string, within?: string) => {
      for (const v of await seriousViolations(page, within))
        found.push(`${label}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.join(' | ')}`);
    };
    const pages = [
      '/dashboard',
      '/dashboard/inbox',
      '/dashboard/automations',
      '/dashboard/automations/new',
      `/dashboard/automations/${agentId}`,
      '/dashboard/search',
      '/dashboard/billing',
      '/dashboard/referrals',
      '/dashboard/email',
      '/settings',
      '/support',
      '/subscribe',
      '/subscribe?plan=pro',
      '/onboarding',
    ];

    const wide = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await wide.newPage();
    for (const language of ['ar', 'en']) {
      for (const path of pages) {
        await page.goto(`${product.url}${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
        await settled(page);
        // The dashboard greets by first name once there is one.
        if (path === '/dashboard' && language === 'en') await page.getByRole('heading', { name: 'Welcome, Ada', level: 1 }).waitFor();
        await check(page, `${language} ${path}`);
      }
    }
    // The agent's proposals (the Job Proposals tab) and its results.
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await settled(page);
    await waitSynced(page);
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    await page
      .getByRole('button', { name: /^Review & send: / })
      .first()
      .waitFor();
    await check(page, 'agent proposals');

    // Dialogs: edit and delete an agent, review a draft.
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await settled(page);
    await waitSynced(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'edit agent dialog', 'dialog[open]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await check(page, 'delete agent dialog', 'dialog[open]');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Job Proposals' }).click();
    await page
      .getByRole('button', { name: /^Review & send: / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'review dialog', 'dialog[open]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The plan dialog: each plan's button is announced with the words it shows ("Choose Pro Freelancer").
    await page.goto(`${product.url}/dashboard/billing`);
    await settled(page);
    await page.getByRole('button', { name: 'Choose a plan' }).click();
    const plans = page.getByRole('dialog', { name: 'Choose a plan' });
    await plans.waitFor();
    await plans.getByRole('button', { name: 'Choose Pro Freelancer', exact: true }).waitFor();
    await check(page, 'change plan dialog', 'dialog[open]');
    await wide.close();

    // Every signed-in page at 360 px in all ten languages: one context, the same signed-in user.
    const narrow = await signedInContext(env.browser(), product, account.token, { viewport: { width: 360, height: 740 }, bypassCSP: true });
    const small = await narrow.newPage();
    for (const language of LANGUAGES) {
      for (const path of pages) {
        await small.goto(`${product.url}${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
        await settled(small);
        const sticking = await horizontalOverflow(small);
        if (sticking.length > 0) found.push(`${language} ${path} at 360 px: ${sticking.join(', ')}`);
      }
      // The dialogs as bottom sheets: nothing wider than the sheet (it would scroll inside it).
      const wider = () =>
        small.evaluate(() => {
          const sheet = document.querySelector<HTMLElement>('dialog[open]');
          return sheet && sheet.scrollWidth > sheet.clientWidth + 1 ? `${sheet.scrollWidth} > ${sheet.clientWidth}` : '';
        });
      const strings = translations(language);
      for (const [label, path, button] of [
        ['edit agent dialog', `/dashboard/automations/${agentId}`, strings('agents.detail.edit')],
        ['change plan dialog', '/dashboard/billing', strings('billing.choosePlan')],
      ] as const) {
        await small.goto(`${product.url}${path}?lng=${language}`);
        await settled(small);
        await small.locator('main').getByRole('button', { name: button, exact: true }).click();
        await small.locator('dialog[open]').waitFor();
        const inside = await wider();
        if (inside) found.push(`${language} ${label} at 360 px: ${inside}`);
        await small.keyboard.press('Escape');
        await small.locator('dialog[open]').waitFor({ state: 'detached' });
      }
    }
    await narrow.close();
    expect(found).toEqual([]);
  }, 900_000);
});
