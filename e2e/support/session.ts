import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
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

/**
 * Connects a marketplace as the user does: the connection is started by the app's page in this
 * browser (its session, and the nonce cookie the start sets there, which the marketplace's return
 * must bring back), then allowed on the sandbox's consent page as `sandboxUsername`.
 */
export async function connectMarketplace(
  page: Page,
  product: Product,
  userId: string,
  sandboxUsername: string,
  platform: 'freelancer' | 'upwork' = 'freelancer',
) {
  // Any address of the product serves to call the API from its origin; the health answer is the lightest.
  if (new URL(page.url()).origin !== new URL(product.url).origin) await page.goto(`${product.url}/api/health`);
  const url = await page.evaluate(
    async ([id, market]) => {
      const res = await fetch(`/api/jobs/${market}-oauth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: id, returnTo: 'login' }),
      });
      if (res.status !== 200) throw new Error(`the connection start answered ${res.status}`);
      return ((await res.json()) as { url: string }).url;
    },
    [userId, platform] as const,
  );
  await page.goto(url);
  await page.getByLabel('Sandbox username').fill(sandboxUsername);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((address) => address.origin === new URL(product.url).origin && !address.pathname.startsWith('/sandbox'));
}

/** Connects Freelancer.com as the user does (`connectMarketplace`). */
export function connectFreelancer(page: Page, product: Product, userId: string, sandboxUsername: string) {
  return connectMarketplace(page, product, userId, sandboxUsername, 'freelancer');
}

/**
 * Run now as the agent page presses it: answered at once (202) while the run goes on, then waited
 * for until the agent says that run ended (its drafts are in by then).
 */
export async function runNowAndWait(api: (path: string, init?: RequestInit) => Promise<Response>, agentId: string): Promise<void> {
  const started = await api(`/automations/${agentId}/run`, { method: 'POST' });
  if (started.status !== 202) throw new Error(`Run now answered ${started.status}: ${await started.text()}`);
  const { startedAt } = ((await started.json()) as { data: { startedAt: string } }).data;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const agent = (
      (await (await api(`/automations/detail/${agentId}`)).json()) as {
        data: { run?: { running: unknown; last: { endedAt: string } | null } | null };
      }
    ).data;
    const last = agent.run?.last;
    if (!agent.run?.running && last && last.endedAt >= startedAt) return;
    if (Date.now() > deadline) throw new Error('Run now did not end within 90 seconds');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
