import type { Browser, BrowserContextOptions } from 'playwright-core';
import { codeFromMail, type Product } from './server';

/** Creates a verified account through the API and answers its token and user. */
export async function createAccount(product: Product, email: string, password = 'Sturdy-Pass1') {
  const signup = await fetch(`${product.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, platformType: 'upwork' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const { data } = (await signup.json()) as { data: { token: string; user: { id: string; email: string } } };
  const code = await codeFromMail(product, email, 1);
  await fetch(`${product.url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  return { token: data.token, user: data.user, password };
}

/** A browser context already signed in as the account (token in the cookie and localStorage). */
export async function signedInContext(browser: Browser, product: Product, token: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', ...options });
  await context.addCookies([{ name: 'auth_token', value: token, url: product.url }]);
  await context.addInitScript((value) => {
    if (!localStorage.getItem('auth_token')) localStorage.setItem('auth_token', value);
  }, token);
  return context;
}
