import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../../store/schema/index';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import { googleCallback, googleRoundTrip, linkCookieOf } from '../../../testing/google';
import { sandboxSubject } from './sandbox/provider';

let t: TestApp;
afterEach(() => t?.close());

const identitiesOf = async (userId: string) => {
  const { userIdentities } = tablesOf(t.db);
  return t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
};

describe('Sign in with Google through the sandbox provider', () => {
  it('makes a verified account for a new address, then signs the same Google account into it again', async () => {
    t = makeTestApp();
    const trip = await googleRoundTrip(
      t,
      { email: 'grace.hopper@gmail.com', name: 'Grace Hopper' },
      { intent: 'signup', platformType: 'freelancer' },
    );
    expect(trip.authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(trip.authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(trip.authorizeUrl.searchParams.get('nonce')).toBeTruthy();

    const first = await googleCallback(t, trip, { language: 'fr', timeZone: 'Europe/Paris' });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ status: 'signedIn', created: true });
    expect(first.headers.get('set-cookie')).toContain('auth_token=');
    const me = await t.call('GET', '/api/auth/user', undefined, t.auth(first.json.data.token));
    expect(me.json.data).toMatchObject({
      email: 'grace.hopper@gmail.com',
      emailVerified: true,
      firstName: 'Grace',
      lastName: 'Hopper',
      platformType: 'freelancer',
      language: 'fr',
    });
    expect(await identitiesOf(me.json.data.id)).toEqual([
      expect.objectContaining({ provider: 'google', subject: sandboxSubject('grace.hopper@gmail.com'), email: 'grace.hopper@gmail.com' }),
    ]);
    // No password: signing in with one is refused like any wrong password.
    expect((await t.call('POST', '/api/auth/signin', { email: 'grace.hopper@gmail.com', password: 'Anything-1' })).status).toBe(401);

    const again = await googleCallback(t, await googleRoundTrip(t, { email: 'grace.hopper@gmail.com' }));
    expect(again.json.data).toMatchObject({ status: 'signedIn', created: false, user: { id: me.json.data.id } });
  });

  it('never signs into an existing account without its password: the identity waits for the proof', async () => {
    t = makeTestApp();
    const { user } = await t.signup('ada@gmail.com', 'Sturdy-Pass1');
    const answer = await googleCallback(t, await googleRoundTrip(t, { email: 'ada@gmail.com' }));
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ status: 'linkRequired', email: 'ada@gmail.com', hasPassword: true });
    expect(answer.headers.get('set-cookie') ?? '').not.toContain('auth_token=');
    expect(await identitiesOf(user.id)).toEqual([]);
    const link = linkCookieOf(answer.headers)!;
    expect(link).toBeTruthy();

    // Another browser (no pending link) cannot use it, and a wrong password links nothing.
    expect((await t.call('POST', '/api/auth/google/link', { password: 'Sturdy-Pass1' })).json.code).toBe('google_failed');
    const wrong = await t.call('POST', '/api/auth/google/link', { password: 'Wrong-Pass1' }, { cookie: link });
    expect(wrong.json.code).toBe('wrong_password');
    expect(await identitiesOf(user.id)).toEqual([]);

    const right = await t.call('POST', '/api/auth/google/link', { password: 'Sturdy-Pass1' }, { cookie: link });
    expect(right.status).toBe(200);
    expect(right.json.data.user.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toHaveLength(1);
    // From now on Google signs this account in directly.
    const direct = await googleCallback(t, await googleRoundTrip(t, { email: 'ada@gmail.com' }));
    expect(direct.json.data).toMatchObject({ status: 'signedIn', created: false, user: { id: user.id } });
  });

  it('links with a code mailed to the account instead of the password', async () => {
    t = makeTestApp();
    const { user } = await t.signup('lin@gmail.com', 'Sturdy-Pass1');
    const answer = await googleCallback(t, await googleRoundTrip(t, { email: 'lin@gmail.com' }));
    const link = linkCookieOf(answer.headers)!;
    expect((await t.call('POST', '/api/auth/google/link', { code: '000000' }, { cookie: link })).json.code).toBe('invalid_code');
    expect((await t.call('POST', '/api/auth/google/link/code', undefined, { cookie: link })).status).toBe(200);
    const code = await t.lastCode('lin@gmail.com');
    const linked = await t.call('POST', '/api/auth/google/link', { code }, { cookie: link });
    expect(linked.status).toBe(200);
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it('refuses a round trip this browser did not start, a tampered state, and a cancelled one', async () => {
    t = makeTestApp();
    const trip = await googleRoundTrip(t, { email: 'eve@gmail.com' });
    expect((await googleCallback(t, { query: trip.query })).json.code).toBe('google_failed');
    const tampered = trip.query.replace(/state=[^&]+/, 'state=forged');
    expect((await googleCallback(t, { query: tampered, cookie: trip.cookie })).json.code).toBe('google_failed');
    const other = await googleRoundTrip(t, { email: 'eve@gmail.com' });
    // The cookie of one round trip does not complete another.
    expect((await googleCallback(t, { query: other.query, cookie: trip.cookie })).json.code).toBe('google_failed');
    const cancelled = await googleRoundTrip(t, { email: 'eve@gmail.com', deny: true });
    expect((await googleCallback(t, cancelled)).json.code).toBe('google_failed');
    const { users } = tablesOf(t.db);
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('keeps the account rules: a verified address at an allowed provider only', async () => {
    t = makeTestApp();
    const unverified = await googleCallback(t, await googleRoundTrip(t, { email: 'nova@gmail.com', verified: false }));
    expect(unverified.json.code).toBe('google_email_unverified');
    const elsewhere = await googleCallback(t, await googleRoundTrip(t, { email: 'nova@example.org' }));
    expect(elsewhere.json.code).toBe('google_email_not_allowed');
    const { users } = tablesOf(t.db);
    expect(await t.db.select().from(users)).toEqual([]);

    const t2 = makeTestApp({ EMAIL_DOMAINS: 'example.org' });
    try {
      const allowed = await googleCallback(t2, await googleRoundTrip(t2, { email: 'nova@example.org' }));
      expect(allowed.json.data).toMatchObject({ status: 'signedIn', created: true });
    } finally {
      t2.close();
    }
  });
});
