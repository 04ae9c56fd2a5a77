import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeFromMail } from './support/server';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

const email = 'e2e.freelancer@gmail.com';

async function fillCode(page: Page, label: string, code: string) {
  await page.getByLabel(label).first().fill(code);
}

describe('accounts in the browser', () => {
  it('registers, reads the code from the sandbox mailbox, verifies and lands on /subscribe', async () => {
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/register?plan=pro`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByLabel('Freelance platform').selectOption('freelancer');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/onboarding');
    await page
      .getByRole('link', { name: 'Enter verification code' })
      .or(page.getByRole('button', { name: 'Enter verification code' }))
      .click();
    await page.waitForURL('**/verify-email');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const code = await codeFromMail(env.product(), email, 1);
    await fillCode(page, 'Verification code', code);
    await page.getByRole('button', { name: 'Verify email' }).click();

    await page.waitForURL('**/subscribe?plan=pro');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    // The session is the server's HttpOnly cookie: no script on the page can read the token, and the
    // page keeps none in local storage or IndexedDB.
    const cookie = (await context.cookies()).find((c) => c.name === 'auth_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('auth_token');
    const stored = await page.evaluate(async () => {
      const local = JSON.stringify({ ...localStorage });
      const rows = await new Promise<string>((resolve) => {
        const open = indexedDB.open('bidpilot');
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readonly');
          const all = tx.objectStore('session').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
        };
        open.onerror = () => resolve('');
      });
      return local + rows;
    });
    expect(stored).not.toContain(cookie!.value);
    const me = await fetch(`${env.product().url}/api/auth/user`, { headers: { authorization: `Bearer ${cookie!.value}` } });
    expect((await me.json()).data).toMatchObject({ email, emailVerified: true, platformType: 'freelancer' });
    await context.close();
  });

  it('resets a forgotten password with the mailed code and signs in with the new one', async () => {
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/login`);
    await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/verify-reset-code');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

    const code = await codeFromMail(env.product(), email, 2);
    await fillCode(page, 'Reset code', code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('New password', { exact: true }).fill('Second-Pass2');
    await page.getByLabel('Confirm password', { exact: true }).fill('Second-Pass2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').first().waitFor();
    expect(page.url()).toContain('/login');

    await page.getByLabel('Password', { exact: true }).fill('Second-Pass2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${email}` }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
    await page.goto(`${env.product().url}/dashboard`);
    await page.waitForURL('**/login');
    await context.close();
  });
});
