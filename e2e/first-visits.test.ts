import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

/** The signed-in screens a user opens from the sidebar, with the heading each shows. */
const SCREENS = [
  { link: 'Search Jobs', heading: 'Search Jobs', chunk: 'SearchPage' },
  { link: 'Job Agents', heading: 'Job Automations', chunk: 'AgentsListPage' },
  { link: 'Billing', heading: 'Billing', chunk: 'BillingPage' },
  { link: 'Settings', heading: 'Settings', chunk: 'SettingsPage' },
] as const;

describe('first visits of the signed-in screens', () => {
  it('after sign-in the browser fetches the signed-in screens while idle, so a first visit finds them in', async () => {
    const product = env.product();
    const account = await createAccount(product, 'first.visits@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, first.visits@gmail.com', level: 1 }).waitFor({ timeout: 30_000 });

    // Which screens' code the page has fetched so far (the chunks are named after their screens).
    const fetched = () =>
      page.evaluate(
        (chunks) =>
          chunks.filter((chunk) =>
            performance.getEntriesByType('resource').some((entry) => new RegExp(`/assets/${chunk}-[^/]+\\.js$`).test(entry.name)),
          ),
        SCREENS.map((screen) => screen.chunk),
      );
    let ahead: string[] = [];
    for (let i = 0; i < 60 && ahead.length < SCREENS.length; i++) {
      ahead = await fetched();
      if (ahead.length < SCREENS.length) await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // Printed, not asserted (the machine's load decides the numbers): the first and a repeat visit of each.
    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    for (const round of ['first', 'repeat'] as const) {
      for (const screen of SCREENS) {
        const started = Date.now();
        await nav.getByRole('link', { name: screen.link }).click();
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor({ timeout: 30_000 });
        console.log(`[first-visits] ${round} visit of ${screen.link}: ${Date.now() - started} ms`);
      }
    }
    expect(ahead.sort()).toEqual(SCREENS.map((screen) => screen.chunk).sort());
    await context.close();
  });
});
