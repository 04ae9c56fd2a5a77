import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readZip } from '../api/src/modules/rights/zip';
import { seriousViolations } from './support/axe';
import { codeFromMail } from './support/server';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { until, waitHydrated } from './support/wait';

/** The operator's settings this product runs with: the legal pages must name them. */
const OPERATOR = {
  OPERATOR_NAME: 'Acme Freelance Tools Ltd',
  OPERATOR_EMAIL: 'privacy@acme-tools.example',
  OPERATOR_ADDRESS: '12 Marina Road, Lagos',
  OPERATOR_JURISDICTION: 'the Federal Republic of Nigeria',
};

const env = useProductAndBrowser(OPERATOR);

/** What the page's own session says: the status of GET /api/auth/user from the page (its cookie). */
const sessionStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/auth/user')).status);

/** Every IndexedDB database of the site and how many records they hold in all. */
function indexedDbRecords(page: Page): Promise<{ names: string[]; records: number }> {
  return page.evaluate(async () => {
    const names: string[] = [];
    let records = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      names.push(name);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        records += await new Promise<number>((resolve) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(0);
        });
      }
      db.close();
    }
    return { names, records };
  });
}

/** The sandbox Google's page: the account to sign in as. */
async function chooseGoogleAccount(page: Page, email: string, name?: string) {
  await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
  await page.getByLabel('Email').fill(email);
  if (name) await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('the user’s data is theirs', () => {
  it('downloads everything from Settings as one archive, and says it needs the connection offline', async () => {
    const product = env.product();
    const account = await createAccount(product, 'export.me@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, {
      viewport: { width: 360, height: 800 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Download my data' }).click();
    const link = card.getByRole('link', { name: 'Download the archive' });
    await link.waitFor();
    await card.getByText(/Your archive is ready/).waitFor();
    expect(await seriousViolations(page, '#your-data')).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^bidpilot-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = readZip(fs.readFileSync((await download.path())!));
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ email: 'export.me@gmail.com', id: account.user.id });
    expect(files.get('README.txt')!.toString()).toContain('Your Bidpilot data');
    const mails = await until(
      () => product.mail('export.me@gmail.com'),
      (list) => list.some((mail) => /ready to download/.test(mail.subject)),
      'the archive’s mail',
    );
    expect(mails.find((mail) => /ready to download/.test(mail.subject))!.text).toContain('/settings#your-data');

    await context.setOffline(true);
    await card.getByText('Downloading your data needs a connection.').waitFor();
    expect(await card.getByRole('button', { name: 'Prepare a new archive' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('deletes the account from Settings: signed out, nothing left in IndexedDB, and the mailed link keeps it', async () => {
    const product = env.product();
    const account = await createAccount(product, 'delete.me@gmail.com');
    const context = await signedInContext(env.browser(), product, account.token, { bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await until(
      () => indexedDbRecords(page),
      (found) => found.records > 0,
      'the app’s copy of the account on the device',
    );

    const card = page.getByRole('region', { name: 'Your data' });
    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await dialog.getByLabel('Your password').fill('Wrong-Pass1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The password is not right.' }).waitFor();
    expect(await sessionStatus(page)).toBe(200);

    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByText('Your account will be deleted').first().waitFor();
    expect(await sessionStatus(page)).toBe(401);
    const left = await until(
      () => indexedDbRecords(page),
      (found) => found.records === 0,
      'an empty IndexedDB',
    );
    expect(left.records).toBe(0);
    // Signing in again is refused while the deletion is pending.
    const signin = await fetch(`${product.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'delete.me@gmail.com', password: account.password }),
    });
    expect(signin.status).toBe(403);

    const mail = await until(
      () => product.mail('delete.me@gmail.com'),
      (list) => list.some((m) => /will be deleted/.test(m.subject)),
      'the deletion mail',
    );
    const keep = mail.find((m) => /will be deleted/.test(m.subject))!.text.match(/https?:\/\/\S+\/account\/keep\?token=[\w-]+/)![0];
    await page.goto(keep);
    await page.getByRole('heading', { name: 'Keep your account?' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await page.getByRole('heading', { name: 'Your account is kept' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitHydrated(page);
    await page.getByLabel('Email').fill('delete.me@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('signs up and in with Google through the sandbox provider', async () => {
    const product = env.product();
    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${product.url}/register`);
    await waitHydrated(page);
    await page.getByLabel('Freelance platform').selectOption('freelancer');
    await page.getByRole('link', { name: 'Sign up with Google' }).click();
    await chooseGoogleAccount(page, 'google.person@gmail.com', 'Grace Hopper');
    await page.waitForURL('**/onboarding');
    expect(await sessionStatus(page)).toBe(200);
    const me = await page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { data: Record<string, unknown> }).data);
    expect(me).toMatchObject({ email: 'google.person@gmail.com', emailVerified: true, platformType: 'freelancer', firstName: 'Grace' });

    // Signed out, the same Google account signs in again from /login.
    await page.evaluate(() => fetch('/api/auth/signout', { method: 'POST' }));
    await context.clearCookies();
    await page.goto(`${product.url}/login`);
    await waitHydrated(page);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await chooseGoogleAccount(page, 'google.person@gmail.com');
    await page.waitForURL('**/dashboard');
    expect(await sessionStatus(page)).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never lets a Google identity into an existing account without its password or a mailed code', async () => {
    const product = env.product();
    const account = await createAccount(product, 'has.password@gmail.com');
    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await waitHydrated(page);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await chooseGoogleAccount(page, 'has.password@gmail.com');
    await page.getByRole('heading', { name: 'Link your Google account' }).waitFor();
    expect(await sessionStatus(page)).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Password', { exact: true }).fill('Not-My-Pass1');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The password is not right.' }).waitFor();
    expect(await sessionStatus(page)).toBe(401);

    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    const code = await codeFromMail(product, 'has.password@gmail.com', 2);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { data: { id: string } }).data);
    expect(me.id).toBe(account.user.id);
    await context.close();
  });

  it('names the configured operator on the legal pages, prerendered and in the app', async () => {
    const product = env.product();
    const served = await (await fetch(`${product.url}/privacy`, { headers: { 'accept-language': 'en' } })).text();
    expect(served).toContain(OPERATOR.OPERATOR_NAME);
    expect(served).not.toContain('__BP_');

    const context = await env.browser().newContext({ locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${product.url}/privacy`);
    await waitHydrated(page);
    const panel = page.getByRole('region', { name: 'Who runs this service' });
    for (const value of [OPERATOR.OPERATOR_NAME, OPERATOR.OPERATOR_ADDRESS, OPERATOR.OPERATOR_EMAIL, OPERATOR.OPERATOR_JURISDICTION])
      await panel.getByText(value).waitFor();
    await page.getByText(`Write to ${OPERATOR.OPERATOR_NAME} at ${OPERATOR.OPERATOR_EMAIL}`).waitFor();
    await page.getByText(/does not use Google Workspace APIs/).waitFor();
    // How long each kind of data is kept, as the retention chore deletes it by default.
    await page.getByRole('heading', { name: 'How long we keep your data' }).waitFor();
    await page.getByText(/proposals sent, with their outcomes, 2 years after sending/).waitFor();

    // The app's own navigation to the terms shows them too.
    await page.getByRole('link', { name: 'Terms of service' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByText(`These terms are governed by the laws of ${OPERATOR.OPERATOR_JURISDICTION}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
