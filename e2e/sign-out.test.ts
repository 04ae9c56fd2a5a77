import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CREATED_TOAST, fillCreateWizard, openCreatePage, register, serverAgents, signIn } from './support/agents';
import type { Product } from './support/server';
import { useProductAndBrowser } from './support/suite';
import { until, waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** How many records each store of the app's IndexedDB database holds. */
function storedRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('bidpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const counts: Record<string, number> = {};
          const tx = db.transaction(names, 'readonly');
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => (counts[name] = request.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** What the server answers a session's token now. */
const sessionStatus = async (product: Product, token: string) =>
  (await fetch(`${product.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('signing out', () => {
  it('offline: told of the unsent change and offered a copy, nothing left on the device, honest until the server hears it once back online', async () => {
    const product = env.product();
    const account = await register(product, 'signout.offline@gmail.com');
    const context = await env.browser().newContext({ acceptDownloads: true, locale: 'en-US' });
    const page = await signIn(context, product, account);
    await waitSynced(page);
    // This browser's own session (the HttpOnly cookie the sign-in set).
    const token = (await context.cookies()).find((cookie) => cookie.name === 'auth_token')!.value;

    // An agent made offline: a change the server does not have yet.
    await context.setOffline(true);
    await openCreatePage(page);
    await fillCreateWizard(page, 'Unsent agent');
    await page.getByText(CREATED_TOAST).first().waitFor();
    expect((await storedRecords(page)).outbox).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Some of your changes have not reached the server' });
    await dialog.waitFor();
    await dialog.getByText('(agents kept as drafts included): 1.', { exact: false }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download a copy' }).click()]);
    const copy = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      changes: Array<{ op: string; payload: { title?: string } }>;
    };
    expect(copy.changes).toEqual([expect.objectContaining({ op: 'create', payload: expect.objectContaining({ title: 'Unsent agent' }) })]);
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.waitForURL('**/login');

    // Nothing of the user is left on this device, whatever was unsent.
    const left = await storedRecords(page);
    expect(Object.values(left).every((count) => count === 0)).toBe(true);
    // The page is honest: the server has not heard it, and the session still works until it does.
    const notice = page.getByRole('status').filter({ hasText: 'The server has not heard it yet' });
    await notice.waitFor();
    expect(await sessionStatus(product, token)).toBe(200);

    // Back online: the server is told without the user doing anything, and the notice goes.
    await context.setOffline(false);
    await until(
      () => sessionStatus(product, token),
      (status) => status === 401,
      'the session ended on the server',
    );
    await notice.waitFor({ state: 'hidden' });
    // The cookie went with the server's answer, and a reload opens no session.
    expect((await context.cookies()).some((cookie) => cookie.name === 'auth_token' && cookie.value)).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();
    expect((await serverAgents(product, account)).map((agent) => agent.name)).not.toContain('Unsent agent');
    await context.close();
  });

  it('online, with nothing unsent: no question, the server hears it at once and the device is cleared', async () => {
    const product = env.product();
    const account = await register(product, 'signout.online@gmail.com');
    const context = await env.browser().newContext({ locale: 'en-US' });
    const page = await signIn(context, product, account);
    await waitSynced(page);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'auth_token')!.value;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await sessionStatus(product, token)).toBe(401);
    expect(Object.values(await storedRecords(page)).every((count) => count === 0)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'The server has not heard it yet' }).count()).toBe(0);
    await context.close();
  });
});
