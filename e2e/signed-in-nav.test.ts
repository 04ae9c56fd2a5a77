import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

describe('the top bar for a signed-in user', () => {
  it('shows Dashboard and the user menu (email, Dashboard, Settings, red Logout), and Logout signs out', async () => {
    const account = await createAccount(env.product(), 'menu.user@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/features`);
    await page.getByRole('heading', { name: 'Features', level: 1 }).waitFor();
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await banner.getByRole('link', { name: 'Login' }).count()).toBe(0);

    const menuButton = banner.getByRole('button', { name: /Account menu/ });
    await menuButton.press('Enter');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    // The address heads the menu's panel (a menu holds only its items).
    await menu.locator('xpath=..').getByText('menu.user@gmail.com').waitFor();
    const items = await menu.getByRole('menuitem').or(menu.getByRole('link')).or(menu.getByRole('button')).allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual(expect.arrayContaining(['Dashboard', 'Settings', 'Logout']));
    const logout = menu.getByRole('menuitem', { name: 'Logout' }).or(menu.getByRole('button', { name: 'Logout' }));
    // Tailwind's colours are oklch(); paint the computed colour to read it back as RGB.
    const [r, g, b] = await logout.first().evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);

    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await logout.first().click();
    await banner.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});
