import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

describe('the signed-in sidebar', () => {
  it('is a drawer at 360 px: opens from the menu button, closes on Escape and after choosing a page', async () => {
    const account = await createAccount(env.product(), 'drawer.user@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, drawer.user@gmail.com', level: 1 }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await nav.waitFor({ state: 'visible' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Open menu');

    await menu.click();
    await nav.getByRole('link', { name: 'Job Agents' }).click();
    await page.waitForURL('**/dashboard/automations');
    await page.getByRole('heading', { name: 'Job Automations', level: 1 }).waitFor();
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('collapses from 240 px to 70 px on a desktop, keeping its links named', async () => {
    const account = await createAccount(env.product(), 'collapse.user@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, collapse.user@gmail.com', level: 1 }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' }).or(page.locator('[aria-label="Sidebar"]'));
    expect(Math.round((await sidebar.first().boundingBox())!.width)).toBe(240);
    // No tutorial video is configured in this build: no Tutorial entry (it would open an empty dialog).
    await sidebar.first().getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await sidebar.first().getByRole('button', { name: 'Tutorial' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('[aria-label="Sidebar"]')!.getBoundingClientRect().width) === 70);
    expect(await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Job Agents' }).isVisible()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('[aria-label="Sidebar"]')!.getBoundingClientRect().width) === 240);
    await context.close();
  });

  it('opens the integrations on the Email tab at /dashboard/email, which says email is coming soon', async () => {
    const account = await createAccount(env.product(), 'email.tab@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/dashboard/email`);
    await page.getByRole('heading', { name: 'Platform integrations', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Email Integration Coming Soon').first().waitFor();
    await context.close();
  });
});
