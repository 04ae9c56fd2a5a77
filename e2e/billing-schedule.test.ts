import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { horizontalOverflow, seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until } from './support/wait';

const env = useProductAndBrowser();

async function payByCard(page: Page) {
  await page.waitForURL('**/sandbox/paystack/checkout/**');
  await page.getByRole('radio', { name: /Card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe('a scheduled downgrade kept through cancel and resume', () => {
  it('on Pro, a switch to Basic at the period end survives a cancellation and a resume; Billing shows the next charge at $12; each step is mailed', async () => {
    const product = env.product();
    const account = await createAccount(product, 'billing.keeps@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await context.route('**/api/geo', (route) => route.abort());
    const page = await context.newPage();
    const subscription = async () =>
      (
        (await (
          await fetch(`${product.url}/api/plans/subscription`, { headers: { authorization: `Bearer ${account.token}` } })
        ).json()) as { data: Record<string, any> }
      ).data;

    await page.goto(`${product.url}/subscribe?plan=pro`);
    await page.getByRole('button', { name: /^Pay \$25/ }).click();
    await payByCard(page);
    await page.locator('#main').getByText('Your payment was successful and your subscription is now active.').waitFor();
    await until(
      () => product.mail(account.user.email),
      (mails) => mails.some((mail) => mail.subject === 'Your Bidpilot receipt: Pro Freelancer, $25'),
      'the receipt',
    );

    await page.goto(`${product.url}/dashboard/billing`);
    const current = page.getByRole('region', { name: 'Current plan' });
    const cycle = page.getByRole('region', { name: 'Billing cycle' });
    await current.getByText('Pro Freelancer', { exact: true }).waitFor();
    await cycle
      .locator('[data-next-charge]')
      .getByText(/^\$25 on /)
      .waitFor();

    // Schedule the switch to Basic from the period end.
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog', { name: 'Change your plan' }).getByRole('button', { name: 'Choose Basic Freelancer' }).click();
    await page.getByRole('button', { name: 'Switch at period end' }).click();
    await page.getByText('Your plan change is saved. Nothing was charged.').first().waitFor();
    await page.goto(`${product.url}/dashboard/billing`);
    await current.getByText(/Basic Freelancer/).waitFor();
    // The next charge is the lower plan's, not the plan in force.
    const next = cycle.locator('[data-next-charge]');
    await next.getByText(/^\$12 on .* · Basic Freelancer$/).waitFor();
    expect((await subscription()).nextCharge).toMatchObject({ plan: 'basic', amount: 1200 });

    // Cancel: the plan ends at the period end, nothing is charged next.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Yes, Cancel' }).click();
    await current.getByText('Not renewing', { exact: true }).waitFor();
    expect(await next.count()).toBe(0);

    // Resume: the switch to Basic is back, and so is its $12 renewal.
    await current.getByRole('button', { name: 'Resume subscription' }).click();
    await current.getByText('Active', { exact: true }).waitFor();
    await page.goto(`${product.url}/dashboard/billing`);
    await next.getByText(/^\$12 on .* · Basic Freelancer$/).waitFor();
    await current.getByText(/Basic Freelancer/).waitFor();
    expect(await subscription()).toMatchObject({ status: 'active', plan: 'pro', scheduledPlan: 'basic', nextCharge: { amount: 1200 } });
    expect(await seriousViolations(page)).toEqual([]);

    const subjects = (
      await until(
        () => product.mail(account.user.email),
        (mails) => mails.some((mail) => mail.subject === 'Your Pro Freelancer plan is active again'),
        'the confirmations',
      )
    ).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your plan changes to Basic Freelancer on /),
        'Your Pro Freelancer plan is cancelled',
        'Your Pro Freelancer plan is active again',
      ]),
    );
    await context.close();
  }, 180_000);

  it('reads the next charge in Arabic at 360 px, with nothing sideways and nothing serious for axe', async () => {
    const product = env.product();
    const account = await createAccount(product, 'billing.arabic@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      bypassCSP: true,
    });
    await context.route('**/api/geo', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${product.url}/subscribe?plan=pro`);
    await page.getByRole('button', { name: /^Pay \$25/ }).click();
    await payByCard(page);
    await page.locator('#main').getByText('Your payment was successful and your subscription is now active.').waitFor();
    const change = await fetch(`${product.url}/api/plans/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ planCode: 'basic' }),
    });
    expect(change.status).toBe(200);
    await page.goto(`${product.url}/dashboard/billing?lng=ar`);
    await page.locator('[data-next-charge]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
