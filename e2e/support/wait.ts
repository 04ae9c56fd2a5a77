import type { Page } from 'playwright-core';

/** Polls `read` until `done` holds (answering the value), or fails naming what it waited for. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The sync status line says everything is on the server. */
export async function waitSynced(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^Last synced at/ })
    .waitFor({ timeout: 30_000 });
}

/**
 * The app has taken over the page. A prerendered page without a form loads the app at the
 * visitor's first interaction: the pointer moves over it first, as a visitor's would.
 */
export async function waitHydrated(page: Page): Promise<void> {
  await page.mouse.move(3, 3);
  await page.mouse.move(5, 5);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
}
