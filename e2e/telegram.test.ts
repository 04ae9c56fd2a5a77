import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from './support/server';
import { seriousViolations } from './support/axe';
import { createAccount, signedInContext } from './support/session';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

/** Widget fields signed by this product's sandbox bot, as Telegram signs them after a login. */
async function signedLogin(product: Product, id: number, username: string): Promise<Record<string, string | number>> {
  const res = await fetch(`${product.url}/sandbox/telegram/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, first_name: username, username }),
  });
  return (await res.json()) as Record<string, string | number>;
}

/** The link an attacker sends: the old widget redirect, their own Telegram login in the address. */
const linkOf = (product: Product, fields: Record<string, string | number>) =>
  `${product.url}/auth/telegram-callback?${new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]))}`;

/** Links a Telegram account to an account through the API, as its owner's own browser would. */
async function linkThroughApi(product: Product, token: string, fields: Record<string, string | number>) {
  const auth = { authorization: `Bearer ${token}` };
  const start = await fetch(`${product.url}/api/telegram/link/start`, { method: 'POST', headers: auth });
  const { data } = (await start.json()) as { data: { state: string } };
  const cookie = start.headers
    .getSetCookie()
    .find((line) => line.startsWith('bidpilot_telegram='))!
    .split(';')[0]!;
  const res = await fetch(`${product.url}/api/auth/telegram-callback`, {
    method: 'POST',
    headers: { ...auth, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ state: data.state, fields }),
  });
  if (res.status !== 200) throw new Error(`link failed: ${res.status} ${await res.text()}`);
}

async function telegramStatus(product: Product, token: string) {
  const res = await fetch(`${product.url}/api/telegram/status`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { linked: boolean; username: string | null } }).data;
}

/**
 * A server with a real bot (its config answer), and Telegram's widget script replaced by one whose
 * `Telegram.Login.auth` answers, as Telegram's window does, with a login signed by the sandbox bot
 * (which this server checks logins against, from this machine).
 */
async function withTelegram(context: BrowserContext, login: { id: number; username: string }) {
  await context.route('**/api/telegram/config', (route) => route.fulfill({ json: { botUsername: 'bidpilot_bot', sandbox: false } }));
  const script = `window.Telegram = { Login: { auth: function (options, callback) {
    window.__telegramAsked = options;
    fetch('/sandbox/telegram/login', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: ${login.id}, first_name: 'Tg', username: '${login.username}' }) })
      .then(function (r) { return r.json(); }).then(callback);
  } } };`;
  await context.route('https://telegram.org/**', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
}

describe('Telegram: linking and signing in only from a login this browser started', () => {
  it("never links or signs in through a link carrying someone else's Telegram login", async () => {
    const product = env.product();
    const victim = await createAccount(product, 'tg.victim@gmail.com');
    const attacker = await createAccount(product, 'tg.attacker@gmail.com');
    await linkThroughApi(product, attacker.token, await signedLogin(product, 66001, 'attacker_tg'));

    // A signed-in victim opens the attacker's link with a fresh login of another Telegram account.
    const signedIn = await signedInContext(env.browser(), product, victim.token);
    const page = await signedIn.newPage();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/telegram-callback')) posted.push(request.url());
    });
    await page.goto(linkOf(product, await signedLogin(product, 66002, 'attacker_second')));
    await page.waitForURL('**/settings');
    await page.getByText('Nothing was changed.', { exact: false }).first().waitFor();
    expect(posted).toEqual([]);
    expect(await telegramStatus(product, victim.token)).toMatchObject({ linked: false });
    await signedIn.close();

    // A signed-out visitor opens a link with the attacker's linked Telegram account: not signed in.
    const visitor = await env.browser().newContext({ locale: 'en-US' });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(linkOf(product, await signedLogin(product, 66001, 'attacker_tg')));
    await visitorPage.waitForURL('**/login');
    expect((await visitor.cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(false);
    const me = await visitorPage.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(me).toBe(401);
    await visitor.close();
  });

  it('links from Settings only after "Link Telegram @x to this account?"', async () => {
    const product = env.product();
    const account = await createAccount(product, 'tg.owner@gmail.com');
    // bypassCSP: axe-core is added to the page as a script tag.
    const context = await signedInContext(env.browser(), product, account.token, { bypassCSP: true });
    await withTelegram(context, { id: 77001, username: 'owner_tg' });
    const page = await context.newPage();
    await page.goto(`${product.url}/settings`);
    const telegram = page.getByRole('region', { name: 'Telegram' });
    await telegram.getByRole('button', { name: 'Connect Telegram' }).click();
    await telegram.getByRole('button', { name: 'Open Telegram' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Link Telegram @owner_tg to this account?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Cancelling links nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await telegramStatus(product, account.token)).toMatchObject({ linked: false });
    await telegram.getByRole('button', { name: 'Connect Telegram' }).click();
    await telegram.getByRole('button', { name: 'Open Telegram' }).click();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await telegram.getByText('Linked as @owner_tg').waitFor();
    expect(await telegramStatus(product, account.token)).toMatchObject({ linked: true, username: 'owner_tg' });
    // The widget was asked about the server's bot (its numeric id), through its JS call.
    expect(await page.evaluate(() => (window as unknown as { __telegramAsked: { bot_id: string } }).__telegramAsked.bot_id)).toMatch(
      /^\d+$/,
    );
    await context.close();
  });

  it('signs in with Telegram from the sign-in screen opened in this browser', async () => {
    const product = env.product();
    const account = await createAccount(product, 'tg.signin@gmail.com');
    await linkThroughApi(product, account.token, await signedLogin(product, 88001, 'signin_tg'));
    const context = await env.browser().newContext({ locale: 'en-US' });
    await withTelegram(context, { id: 88001, username: 'signin_tg' });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Telegram' }).click();
    await page.getByRole('button', { name: 'Open Telegram' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { data: { email: string } }).data.email);
    expect(me).toBe('tg.signin@gmail.com');
    await context.close();
  });
});
