import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeFromMail } from './support/server';
import { createAccount } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitHydrated } from './support/wait';

const env = useProductAndBrowser();

/** The field's input, its "Show password" toggle, and what the toggle does. */
async function checkShowPassword(page: Page, label: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill('Secret-Pass1');
  expect(await input.getAttribute('type')).toBe('password');
  const toggle = page.getByRole('button', { name: 'Show password' }).first();
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  await toggle.click();
  expect(await input.getAttribute('type')).toBe('text');
  expect(await input.inputValue()).toBe('Secret-Pass1');
  await page.getByRole('button', { name: 'Hide password' }).first().click();
  expect(await input.getAttribute('type')).toBe('password');
}

/** An empty submit: each field's message is shown under it and tied to it for screen readers. */
async function checkErrorsTied(page: Page, submit: string, fields: string[]) {
  await page.getByRole('button', { name: submit, exact: true }).click();
  for (const label of fields) {
    const input = page.getByLabel(label, { exact: true });
    await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await input.elementHandle());
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const message = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(message.trim().length).toBeGreaterThan(0);
  }
}

describe('the account screens share one form family', () => {
  it('sign-in, sign-up and reset each offer "Show password", and tie each field to its message', async () => {
    const context = await env.browser().newContext();
    const page = await context.newPage();
    const url = env.product().url;

    await page.goto(`${url}/login`);
    await waitHydrated(page);
    await checkErrorsTied(page, 'Sign in', ['Email', 'Password']);
    await checkShowPassword(page, 'Password');

    await page.goto(`${url}/register`);
    await waitHydrated(page);
    await checkErrorsTied(page, 'Create account', ['Email', 'Password']);
    await checkShowPassword(page, 'Password');

    await page.goto(`${url}/forgot-password`);
    await waitHydrated(page);
    await checkErrorsTied(page, 'Send reset code', ['Email']);

    await page.goto(`${url}/reset-password?email=ada%40gmail.com&code=123456`);
    await waitHydrated(page);
    await checkErrorsTied(page, 'Reset password', ['New password']);
    await checkShowPassword(page, 'New password');

    await page.goto(`${url}/verify-email`);
    await waitHydrated(page);
    await checkErrorsTied(page, 'Verify email', ['Email', 'Verification code']);
    await context.close();
  });
});

/**
 * Opens an account page, then refuses every script from there on (the form's rules come with its
 * first focus or submit), fills the fields and submits: the page must say the connection failed.
 */
async function submitWithoutScripts(page: Page, path: string, fields: Record<string, string>, submit: string) {
  await page.goto(`${env.product().url}${path}`);
  await waitHydrated(page);
  await page.route('**/*.js', (route) => route.abort('internetdisconnected'));
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: submit, exact: true }).click();
  await page.getByText('You appear to be offline').first().waitFor();
  for (const label of Object.keys(fields))
    expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).not.toBe('true');
  await page.unroute('**/*.js');
}

describe('an account form whose rules cannot be downloaded', () => {
  it('says the connection failed, in a notice, and marks no field as wrong', async () => {
    // No service worker: the page's own requests are the ones refused.
    const context = await env.browser().newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await submitWithoutScripts(page, '/verify-email', { Email: 'ada@gmail.com', 'Verification code': '123456' }, 'Verify email');
    await submitWithoutScripts(page, '/login', { Email: 'ada@gmail.com', Password: 'Secret-Pass1' }, 'Sign in');
    await context.close();
  });
});

describe('the verify screen', () => {
  it("puts only the server's refusal of a code under the code field, not a fault of the server", async () => {
    const context = await env.browser().newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${env.product().url}/verify-email`);
    await waitHydrated(page);
    const code = page.getByLabel('Verification code', { exact: true });
    await page.route('**/api/auth/verify-email', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' }),
      }),
    );
    await page.getByLabel('Email', { exact: true }).fill('ada@gmail.com');
    await code.fill('123456');
    await page.getByRole('button', { name: 'Verify email', exact: true }).click();
    await page.getByText('Something went wrong on our side. Please try again.').first().waitFor();
    expect(await code.getAttribute('aria-invalid')).not.toBe('true');

    // The real server's refusal of a wrong code is shown under the field.
    await page.unroute('**/api/auth/verify-email');
    await page.getByRole('button', { name: 'Verify email', exact: true }).click();
    await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await code.elementHandle());
    await context.close();
  });
});

describe('a sign-in that needs a mailed code', () => {
  it('asks for the code once the server says so, mails it on request, and signs in with the password and the code', async () => {
    const product = env.product();
    const account = await createAccount(product, 'guarded.login@gmail.com');
    // Service workers blocked: the page's own call is the one this test answers.
    const context = await env.browser().newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    // The account's guessing budget is spent: the server's answer to a password alone (made here, so
    // the test need not spend ten wrong passwords and their waits).
    const bodies: Array<Record<string, unknown>> = [];
    await page.route('**/api/auth/signin', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      bodies.push(body);
      if (body.code === undefined)
        return route.fulfill({
          status: 403,
          json: { code: 'signin_code_required', message: 'Too many wrong passwords were tried on this account.' },
        });
      return route.continue();
    });
    await page.goto(`${product.url}/login`);
    await waitHydrated(page);
    await page.getByLabel('Email', { exact: true }).fill('guarded.login@gmail.com');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('so for now it also needs a sign-in code', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Mail me a sign-in code' }).click();
    // The second mail to the address: the first was its verification code.
    const code = await codeFromMail(product, 'guarded.login@gmail.com', 2);
    await page.getByLabel('Sign-in code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(bodies.map((body) => body.code)).toEqual([undefined, code]);
    await context.close();
  });
});
