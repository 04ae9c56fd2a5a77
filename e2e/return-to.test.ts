import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeFromMail } from './support/server';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';
import { waitHydrated } from './support/wait';

const env = useProductAndBrowser();

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();
  await waitHydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The path and query the page shows now. */
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('where the user meant to go, through sign-in, sign-up and verification', () => {
  it('signed out on /subscribe?plan=premium: signing in lands on /subscribe?plan=premium', async () => {
    const account = await createAccount(env.product(), 'return.signin@gmail.com');
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/subscribe?plan=premium`);
    await page.waitForURL('**/login?next=**');
    await signIn(page, 'return.signin@gmail.com', account.password);
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(where(page)).toBe('/subscribe?plan=premium');
    await page.getByRole('heading', { name: 'Premium Freelancer', level: 2 }).waitFor();
    await context.close();
  });

  it('from /register?plan=pro, "Sign in" keeps the plan: signing in lands on /subscribe?plan=pro', async () => {
    const account = await createAccount(env.product(), 'return.register@gmail.com');
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/register?plan=pro`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await waitHydrated(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, 'return.register@gmail.com', account.password);
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(where(page)).toBe('/subscribe?plan=pro');
    await context.close();
  });

  it('signed out on /subscribe?plan=premium, then sign-up and email verification land on /subscribe?plan=premium', async () => {
    const email = 'return.signup@gmail.com';
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/subscribe?plan=premium`);
    await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();
    await waitHydrated(page);
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('First-Pass1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Enter verification code' }).click();
    await page.waitForURL((url) => url.pathname === '/verify-email');
    await page.getByLabel('Verification code').fill(await codeFromMail(env.product(), email, 1));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(where(page)).toBe('/subscribe?plan=premium');
    await context.close();
  });

  it('never follows a destination to another site', async () => {
    const account = await createAccount(env.product(), 'return.evil@gmail.com');
    const context = await env.browser().newContext();
    const page = await context.newPage();
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example/', 'javascript:alert(1)']) {
      await page.goto(`${env.product().url}/login?${new URLSearchParams({ next })}`);
      await signIn(page, 'return.evil@gmail.com', account.password);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(new URL(page.url()).origin).toBe(env.product().url);
      await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor();
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
    await context.close();
  });

  it('signed in, /login and /register send the user on instead of showing the forms', async () => {
    const account = await createAccount(env.product(), 'return.signedin@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token);
    const page = await context.newPage();
    await page.goto(`${env.product().url}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${env.product().url}/register`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${env.product().url}/login?next=${encodeURIComponent('/subscribe?plan=basic')}`);
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(where(page)).toBe('/subscribe?plan=basic');
    await page.goto(`${env.product().url}/register?plan=pro`);
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(where(page)).toBe('/subscribe?plan=pro');
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    await context.close();
  });

  it('a verified user on /verify-email is told so, with a way on, and not asked for a code', async () => {
    const account = await createAccount(env.product(), 'return.verified@gmail.com');
    const context = await signedInContext(env.browser(), env.product(), account.token);
    const page = await context.newPage();
    await page.goto(`${env.product().url}/verify-email`);
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
    await page.getByText('return.verified@gmail.com is verified', { exact: false }).first().waitFor();
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    await page.getByRole('link', { name: 'Continue to your dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});
