import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages';
import { layoutFaults } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** The header's parts: menu button, logo, the sync dot and its text, the language picker. */
const HEADER = {
  menu: 'header button[aria-controls="dashboard-sidebar"]',
  logo: 'header a[href="/dashboard"]',
  dot: 'header [role="status"] > span[aria-hidden="true"]',
  text: 'header [role="status"] > span:not([aria-hidden])',
  language: 'header select',
};

describe('the dashboard header on a 390 px phone', () => {
  it('offline, in every language: nothing overlaps the logo and the offline line is not cut off', async () => {
    const product = env.product();
    const account = await createAccount(product, 'header.user@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard`);
    await waitSynced(page);
    const found: string[] = [];
    for (const language of LANGUAGES) {
      await page.goto(`${product.url}/dashboard?lng=${language}`);
      await page.locator('header [role="status"] > span[aria-hidden="true"]').waitFor();
      await context.setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await page.waitForFunction(() =>
        document.querySelector('header [role="status"] span[aria-hidden]')?.className.includes('bg-slate-400'),
      );
      for (const fault of await layoutFaults(page, HEADER)) found.push(`${language}: ${fault}`);
      await context.setOffline(false);
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
