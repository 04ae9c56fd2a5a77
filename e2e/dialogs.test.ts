import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitSynced } from './support/wait';

const env = useProductAndBrowser();

/** Whether the focus is inside the open modal dialog. */
const focusInsideDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
/** Where the focus is: in the dialog, out of the page (the browser's own controls, as a native modal allows), or on the page behind. */
const focusPlace = (page: Page) =>
  page.evaluate(() =>
    document.activeElement?.closest('dialog[open]')
      ? 'dialog'
      : !document.activeElement || document.activeElement === document.body
        ? 'browser'
        : 'behind',
  );

describe('dialogs are native modal <dialog> elements', () => {
  it('edit and delete an agent: modal, focus kept inside, Escape closes and gives the focus back, the backdrop dismisses only what may be dismissed', async () => {
    const product = env.product();
    const account = await createAccount(product, 'dialogs.user@gmail.com');
    const agentId = crypto.randomUUID();
    await fetch(`${product.url}/api/automations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({
        id: agentId,
        title: 'developer',
        name: 'Dialog agent',
        platform: 'freelancer',
        sendMode: 'review',
        emailsPerDay: 2,
      }),
    });
    const context = await signedInContext(env.browser(), product, account.token, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/automations/${agentId}`);
    await waitSynced(page);

    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Job Agent' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
    expect(await focusInsideDialog(page)).toBe(true);
    // Tab and Shift+Tab never reach the page behind (it is inert): past the last control the focus
    // goes to the browser's own controls and comes back to the dialog's first.
    const places: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      places.push(await focusPlace(page));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      places.push(await focusPlace(page));
    }
    expect(places).not.toContain('behind');
    expect(places.filter((place) => place === 'dialog').length).toBeGreaterThan(places.length / 2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // A click on the backdrop closes a dialog that may be dismissed.
    await edit.click();
    await dialog.waitFor();
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'detached' });

    // A confirmation must be answered: the backdrop does nothing; Escape still cancels.
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
    await page.mouse.click(8, 8);
    expect(await confirm.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
