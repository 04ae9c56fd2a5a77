import type { TestApp } from './harness';

export interface GoogleAccount {
  email: string;
  name?: string;
  /** Whether the provider vouches for the address (default true). */
  verified?: boolean;
  /** Press Cancel on the provider's page instead. */
  deny?: boolean;
}

/** The flow cookie a `Set-Cookie` header set (name=value), for the browser's next request. */
function cookieOf(setCookie: string | null, name: string): string | undefined {
  const match = setCookie?.match(new RegExp(`(?:^|[\\s,])${name}=([^;]*)`));
  return match?.[1] ? `${name}=${match[1]}` : undefined;
}

/**
 * A browser's round trip through the sandbox Google: `start` (the flow cookie set), the provider's
 * page answered for `account`, and the redirect back. Answers the query string the provider sent
 * the browser back with and the cookie the browser holds, ready for `POST /api/auth/google/callback`.
 */
export async function googleRoundTrip(
  t: TestApp,
  account: GoogleAccount,
  start: Record<string, string> = {},
): Promise<{ query: string; cookie: string; authorizeUrl: URL }> {
  const started = await t.app.request(`/api/auth/google/start?${new URLSearchParams(start)}`);
  if (started.status !== 302) throw new Error(`google start answered ${started.status}: ${await started.text()}`);
  const cookie = cookieOf(started.headers.get('set-cookie'), 'bp_google_flow');
  if (!cookie) throw new Error('google start set no flow cookie');
  const authorizeUrl = new URL(started.headers.get('location')!);
  const page = await t.app.request(`${authorizeUrl.pathname}${authorizeUrl.search}`);
  if (page.status !== 200) throw new Error(`sandbox authorize answered ${page.status}: ${await page.text()}`);
  const form = new URLSearchParams();
  for (const [name, value] of authorizeUrl.searchParams) {
    if (['client_id', 'redirect_uri', 'scope', 'code_challenge', 'state', 'nonce'].includes(name)) form.set(name, value);
  }
  form.set('email', account.email);
  if (account.name) form.set('name', account.name);
  if (account.verified !== false) form.set('email_verified', 'true');
  form.set('decision', account.deny ? 'deny' : 'allow');
  const answered = await t.app.request('/sandbox/google/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (answered.status !== 302) throw new Error(`sandbox authorize POST answered ${answered.status}: ${await answered.text()}`);
  const back = new URL(answered.headers.get('location')!);
  return { query: back.search.slice(1), cookie, authorizeUrl };
}

/** `POST /api/auth/google/callback` as the PWA's callback page sends it, with the browser's cookie. */
export function googleCallback(t: TestApp, trip: { query: string; cookie?: string }, extra: Record<string, unknown> = {}) {
  return t.call('POST', '/api/auth/google/callback', { query: trip.query, ...extra }, trip.cookie ? { cookie: trip.cookie } : {});
}

/** The pending-link cookie a callback answer set. */
export const linkCookieOf = (headers: Headers) => cookieOf(headers.get('set-cookie'), 'bp_google_link');
