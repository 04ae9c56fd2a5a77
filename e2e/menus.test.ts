import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitHydrated } from './support/wait';

const env = useProductAndBrowser();

/** The accessible name of the focused element. */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');

describe('menus with the keyboard', () => {
  it('the user menu: arrows, Home and End move between items, Escape closes and returns focus, Tab out closes it', async () => {
    const account = await createAccount(env.product(), 'menus.user@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/features`);
    await waitHydrated(page);
    const button = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
    await button.waitFor();
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');

    await button.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getAttribute('aria-labelledby')).toBe(await button.getAttribute('id'));
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Dashboard', 'Settings', 'Logout']);
    expect(await focusedText(page)).toBe('Dashboard');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Settings');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Logout');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Dashboard');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toBe('Logout');
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toBe('Dashboard');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Logout');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Up opens on the last item; Tab leaves the menu and closes it.
    await page.keyboard.press('ArrowUp');
    await menu.waitFor();
    expect(await focusedText(page)).toBe('Logout');
    await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(false);

    // Enter on an item follows it.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings');
    await context.close();
  });

  it('the language menu: the current language is checked and focused, arrows move, Enter chooses', async () => {
    const context = await env.browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/features`);
    await waitHydrated(page);
    const button = page.getByRole('button', { name: 'Language: English' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(await focusedText(page)).toBe('English');
    await page.keyboard.press('End');
    const last = await focusedText(page);
    expect(last).not.toBe('English');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const second = await focusedText(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(second).not.toBe('');
    await context.close();
  });
});
