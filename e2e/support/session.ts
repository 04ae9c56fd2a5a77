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

/**
 * A browser context already signed in as the account, as after a sign-in: the server's HttpOnly
 * session cookie, and the page's hint that a session was started in this browser (never the token).
 */
export async function signedInContext(browser: Browser, product: Product, token: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', ...options });
  await context.addCookies([{ name: 'auth_token', value: token, url: product.url, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(() => {
    if (!localStorage.getItem('bidpilot_session')) localStorage.setItem('bidpilot_session', '1');
  });
  return context;
}
