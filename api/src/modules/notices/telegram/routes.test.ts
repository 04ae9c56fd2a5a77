import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../../store/schema/index';
import { AppError } from '../../../kernel/errors';
import { optionalAuth, requireAuth } from '../../accounts/auth-middleware';
import { createSession } from '../../accounts/sessions';
import type { AppEnv } from '../../../kernel/http/context';
import { ensureSecrets } from '../../../kernel/secrets';
import { TelegramService, telegramLoginHash } from './telegram-service';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import { telegramRoutes } from './routes';
import { sessionCookies } from '../../../kernel/http/session-cookie';
import { browserBinding } from '../../../kernel/http/browser-binding';
import { RateLimiter } from '../../../store/rate-limiter';
import { setCookieOf, startTelegramLogin, telegramCallback, telegramLogin } from '../../../testing/browser-flows';

/** A sandbox bot token as secrets.json holds one (generated per install). */
const SANDBOX_TELEGRAM_TOKEN = '100000001:test-sandbox-bot-token-aaaaaaaaaaaaaaa';

/** The product's app plus the Telegram routes mounted as app.ts will mount them (same db, clock, sessions). */
function setup(
  bot: { token: string; botUsername: string; sandbox: boolean } | null = {
    token: SANDBOX_TELEGRAM_TOKEN,
    botUsername: 'bidpilot_sandbox_bot',
    sandbox: true,
  },
) {
  const t = makeTestApp();
  const pepper = ensureSecrets(t.dataDir).sessionPepper;
  const sessions = { store: t.store, clock: t.clock, pepper };
  const allowed = (origin: string, self: string) => origin === self;
  const telegram = new TelegramService({ store: t.store, clock: t.clock, sessions, bot: bot ?? undefined });
  const api = new OpenAPIHono<AppEnv>();
  api.route(
    '/api',
    telegramRoutes({
      telegram,
      requireAuth: requireAuth(sessions, allowed),
      optionalAuth: optionalAuth(sessions, allowed),
      cookies: sessionCookies(() => false),
      binding: browserBinding({
        name: 'bidpilot_telegram',
        path: '/api/auth/telegram-callback',
        sameSite: 'Strict',
        maxAgeSeconds: 600,
        pepper,
        secure: () => false,
      }),
      limiter: new RateLimiter(t.store, t.clock, 'telegram'),
    }),
  );
  api.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    throw error;
  });
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, env?: AppEnv['Bindings']) => {
    const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await api.request(url, init, env);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  /** A call from another machine (the sandbox bot's logins are refused from there). */
  const remote =
    (env: AppEnv['Bindings']) =>
    (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(method, url, body, headers, env);
  return { ...t, telegram, sessions, call, remote };
}

type Clocked = Pick<TestApp, 'clock'>;
const nowSeconds = (t: Clocked) => Math.floor(t.clock.now().getTime() / 1000);

/** Widget fields as Telegram would sign them for the sandbox bot. */
function widget(t: Clocked, extra: Record<string, string | number> = {}, token = SANDBOX_TELEGRAM_TOKEN) {
  const fields: Record<string, string | number> = {
    id: 777000111,
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: 'ada_l',
    auth_date: nowSeconds(t),
    ...extra,
  };
  return { ...fields, hash: telegramLoginHash(token, fields) };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(() => {
  current?.close();
  current = undefined;
});

type Setup = ReturnType<typeof setup>;
/** Links `fields` to the user of `token` as Settings does: started in this browser and session, then sent back. */
const link = (t: Setup, fields: unknown, token: string) => telegramLogin(t.call, 'link', fields, t.auth(token));
/** Signs in with `fields` as the sign-in screen does. */
const signin = (t: Setup, fields: unknown) => telegramLogin(t.call, 'signin', fields);

describe('POST /api/auth/telegram-callback', () => {
  it('links a valid login to the signed-in user, fills empty names, then signs in with Telegram', async () => {
    const t = (current = setup());
    const { token, user } = await t.signup('ada@gmail.com');
    const start = await t.call('POST', '/api/telegram/link/start', undefined, t.auth(token));
    expect(start.status).toBe(200);
    expect(start.json.data).toMatchObject({ state: expect.any(String), botId: '100000001' });
    // The browser's cookie: HttpOnly, never sent to another site, only to the callback, for ten minutes.
    const setCookie = start.headers.getSetCookie().find((line) => line.startsWith('bidpilot_telegram='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/telegram-callback/);
    expect(setCookie).toMatch(/Max-Age=600/);
    const linked = await telegramCallback(
      t.call,
      { state: start.json.data.state, fields: widget(t) },
      t.auth(token),
      setCookieOf(start.headers, 'bidpilot_telegram'),
    );
    expect(linked.status).toBe(200);
    expect(linked.json.linked).toBe(true);
    // Linked for its notices: they start on.
    expect(linked.json.telegram).toMatchObject({ telegramId: '777000111', username: 'ada_l', notify: true });
    expect(linked.json.data.user).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace' });

    t.clock.advance(60_000);
    // Values as text sign the same as numbers.
    const fields = { id: '777000111', first_name: 'Ada', auth_date: String(nowSeconds(t)) };
    const signedIn = await signin(t, { ...fields, hash: telegramLoginHash(SANDBOX_TELEGRAM_TOKEN, fields) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.user.id).toBe(user.id);
    const me = await t.call('GET', '/api/telegram/status', undefined, t.auth(signedIn.json.data.token));
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ linked: true, notify: true });
  });

  it("never applies a widget answer a link carries: without this browser's state nothing is linked and no one is signed in", async () => {
    const t = (current = setup());
    const { telegramAccounts, sessions } = tablesOf(t.db);
    const victim = await t.signup('victim@gmail.com');
    const attacker = await t.signup('attacker@gmail.com');
    const attackerLogin = widget(t, { id: 999000111, username: 'attacker_tg' });
    // The answer alone, as a link would carry it (the old body): refused as malformed, for a session and without.
    expect((await t.call('POST', '/api/auth/telegram-callback', attackerLogin, t.auth(victim.token))).status).toBe(400);
    expect((await t.call('POST', '/api/auth/telegram-callback', attackerLogin)).status).toBe(400);
    // A state the attacker started in their own browser and session, replayed by the victim's browser.
    const theirs = await startTelegramLogin(t.call, 'link', t.auth(attacker.token));
    const withVictimSession = await telegramCallback(t.call, { state: theirs.state, fields: attackerLogin }, t.auth(victim.token));
    expect(withVictimSession.status).toBe(403);
    expect(withVictimSession.json.code).toBe('telegram_state_invalid');
    // Even with the attacker's cookie copied into the victim's browser, the session is not the one that started it.
    const copiedCookie = await telegramCallback(
      t.call,
      { state: theirs.state, fields: attackerLogin },
      t.auth(victim.token),
      theirs.cookie,
    );
    expect(copiedCookie.status).toBe(403);
    // A sign-in state minted elsewhere, opened by a signed-out visitor: no cookie from that start, no session.
    const signinState = await startTelegramLogin(t.call, 'signin');
    const sessionsBefore = (await t.db.select().from(sessions)).length;
    const visitor = await telegramCallback(t.call, { state: signinState.state, fields: attackerLogin });
    expect(visitor.status).toBe(403);
    expect(visitor.json.code).toBe('telegram_state_invalid');
    expect(visitor.headers.getSetCookie().some((line) => line.startsWith('auth_token='))).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(sessionsBefore);
    // The victim's own browser, with a state of its own but another browser's cookie: refused too.
    const own = await startTelegramLogin(t.call, 'link', t.auth(victim.token));
    expect((await telegramCallback(t.call, { state: own.state, fields: attackerLogin }, t.auth(victim.token), theirs.cookie)).status).toBe(
      403,
    );
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
  });

  it('uses a state once, within ten minutes, for what it was started for, from the session that started it', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const otherSessionToken = await createSession(t.sessions, ada.user.id, null);
    const expired = await startTelegramLogin(t.call, 'link', t.auth(ada.token));
    t.clock.advance(10 * 60_000 + 1);
    expect((await telegramCallback(t.call, { state: expired.state, fields: widget(t) }, t.auth(ada.token), expired.cookie)).status).toBe(
      403,
    );
    // A sign-in state does not link, and a link state does not sign in.
    const signinState = await startTelegramLogin(t.call, 'signin');
    const linkAttempt = await telegramCallback(
      t.call,
      { state: signinState.state, fields: widget(t) },
      t.auth(ada.token),
      signinState.cookie,
    );
    expect(linkAttempt.status).toBe(401);
    expect(linkAttempt.json.code).toBe('telegram_not_linked');
    const linkState = await startTelegramLogin(t.call, 'link', t.auth(ada.token));
    expect((await telegramCallback(t.call, { state: linkState.state, fields: widget(t) }, {}, linkState.cookie)).status).toBe(403);
    // Another session of the same user did not start it.
    expect(
      (await telegramCallback(t.call, { state: linkState.state, fields: widget(t) }, t.auth(otherSessionToken), linkState.cookie)).status,
    ).toBe(403);
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
    // The refusals left it usable by its own session and browser, once.
    const ok = await telegramCallback(t.call, { state: linkState.state, fields: widget(t) }, t.auth(ada.token), linkState.cookie);
    expect(ok.status).toBe(200);
    t.clock.advance(1000);
    const again = await telegramCallback(t.call, { state: linkState.state, fields: widget(t) }, t.auth(ada.token), linkState.cookie);
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('telegram_state_invalid');
  });

  it('never replaces a linked Telegram account: another one is refused until the first is unlinked', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    expect((await link(t, widget(t), ada.token)).status).toBe(200);
    await t.call('PUT', '/api/telegram/settings', { notify: false }, t.auth(ada.token));
    t.clock.advance(1000);
    const other = await link(t, widget(t, { id: 888000111, username: 'someone_else' }), ada.token);
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ code: 'telegram_already_linked', message: expect.stringMatching(/@ada_l/) });
    expect(await t.db.select().from(telegramAccounts)).toMatchObject([{ telegramId: '777000111', notify: false }]);
    // The same account again refreshes its profile and keeps the setting.
    t.clock.advance(1000);
    const same = await link(t, widget(t, { username: 'ada_renamed' }), ada.token);
    expect(same.status).toBe(200);
    expect(same.json.telegram).toMatchObject({ username: 'ada_renamed', notify: false });
    await t.call('DELETE', '/api/telegram/link', undefined, t.auth(ada.token));
    t.clock.advance(1000);
    expect((await link(t, widget(t, { id: 888000111, username: 'someone_else' }), ada.token)).status).toBe(200);
  });

  it('keeps names the user already has', async () => {
    const t = (current = setup());
    const { users } = tablesOf(t.db);
    const { token, user } = await t.signup('bob@gmail.com');
    await t.db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, user.id));
    const linked = await link(t, widget(t, { first_name: 'Bob', last_name: 'Builder' }), token);
    expect(linked.json.data.user).toMatchObject({ firstName: 'Robert', lastName: 'Builder' });
  });

  it('refuses a forged hash, a changed field, a hash made with another token, and an old auth_date', async () => {
    const t = (current = setup());
    const { telegramAccounts, telegramLogins } = tablesOf(t.db);
    const { token } = await t.signup('ada@gmail.com');
    const good = widget(t);
    const forged = await link(t, { ...good, hash: 'a'.repeat(64) }, token);
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe('telegram_invalid');
    const tampered = await link(t, { ...good, id: 1 }, token);
    expect(tampered.status).toBe(401);
    const otherBot = await link(t, widget(t, {}, '999:another-bot-token-xxxxxxxxxxxxxxxx'), token);
    expect(otherBot.status).toBe(401);
    const old = await link(t, widget(t, { auth_date: nowSeconds(t) - 86_401 }), token);
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/expired/) });
    const future = await link(t, widget(t, { auth_date: nowSeconds(t) + 3600 }), token);
    expect(future.status).toBe(401);
    const missing = await link(t, { id: 1, hash: 'x' }, token);
    expect(missing.status).toBe(400);
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
    expect(await t.db.select().from(telegramLogins)).toHaveLength(0);
  });

  it('accepts a login just inside a day and refuses it replayed (401 telegram_invalid)', async () => {
    const t = (current = setup());
    const { token } = await t.signup('ada@gmail.com');
    const fields = widget(t, { auth_date: nowSeconds(t) - 86_000 });
    expect((await link(t, fields, token)).status).toBe(200);
    const replayLink = await link(t, fields, token);
    expect(replayLink.status).toBe(401);
    expect(replayLink.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/already used/) });
    const replaySignin = await signin(t, fields);
    expect(replaySignin.status).toBe(401);
    expect(replaySignin.json.code).toBe('telegram_invalid');
  });

  it('answers 401 telegram_not_linked for an unlinked Telegram account, without using up the login', async () => {
    const t = (current = setup());
    const { telegramLogins } = tablesOf(t.db);
    const res = await signin(t, widget(t));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'telegram_not_linked', message: 'No account is linked to this Telegram account' });
    expect(await t.db.select().from(telegramLogins)).toHaveLength(0);
  });

  it('refuses to link a Telegram account another user holds (409), and moves nothing', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const eve = await t.signup('eve@gmail.com');
    expect((await link(t, widget(t), ada.token)).status).toBe(200);
    t.clock.advance(1000);
    const res = await link(t, widget(t), eve.token);
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('telegram_linked_elsewhere');
    expect((await t.db.select().from(telegramAccounts)).map((row) => row.userId)).toEqual([ada.user.id]);
    // Re-linking by the holder is fine.
    t.clock.advance(1000);
    expect((await link(t, widget(t), ada.token)).status).toBe(200);
  });

  it('links one Telegram account once when two users send logins for it at the same moment', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const eve = await t.signup('eve@gmail.com');
    // The same answer twice, then two answers (a second apart) for the same Telegram account: the
    // requests' awaits interleave, and only one of each pair may link.
    const same = widget(t);
    const sameAnswer = await Promise.all([link(t, same, ada.token), link(t, same, eve.token)]);
    expect(sameAnswer.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(sameAnswer.find((res) => res.status === 401)!.json.code).toBe('telegram_invalid');
    const holders = await t.db.select().from(telegramAccounts);
    expect(holders).toHaveLength(1);

    const other = await t.signup('bob@gmail.com');
    const fields = { id: 555000222, first_name: 'Sam' };
    const signed = (authDate: number) => ({
      ...fields,
      auth_date: authDate,
      hash: telegramLoginHash(SANDBOX_TELEGRAM_TOKEN, { ...fields, auth_date: authDate }),
    });
    const twoAnswers = await Promise.all([
      link(t, signed(nowSeconds(t)), other.token),
      link(t, signed(nowSeconds(t) - 1), holders[0]!.userId === ada.user.id ? eve.token : ada.token),
    ]);
    expect(twoAnswers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(twoAnswers.find((res) => res.status === 409)!.json.code).toBe('telegram_linked_elsewhere');
    expect(await t.db.select().from(telegramAccounts).where(eq(telegramAccounts.telegramId, '555000222'))).toHaveLength(1);
  });

  it('refuses a cross-site request riding the session cookie (403)', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const { token } = await t.signup('ada@gmail.com');
    const started = await startTelegramLogin(t.call, 'link', t.auth(token));
    const res = await telegramCallback(
      t.call,
      { state: started.state, fields: widget(t) },
      { cookie: `auth_token=${token}`, origin: 'https://evil.example' },
      started.cookie,
    );
    expect(res.status).toBe(403);
    expect(
      (await t.call('POST', '/api/telegram/link/start', undefined, { cookie: `auth_token=${token}`, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
  });

  it('answers 404 when no bot is set up, and the config says so', async () => {
    const t = (current = setup(null));
    const { token } = await t.signup('ada@gmail.com');
    expect((await t.call('GET', '/api/telegram/config')).json).toEqual({ botUsername: null, sandbox: false });
    expect((await t.call('POST', '/api/auth/telegram/start')).status).toBe(404);
    expect((await t.call('POST', '/api/telegram/link/start', undefined, t.auth(token))).status).toBe(404);
    expect((await t.call('POST', '/api/auth/telegram-callback', { state: 'x'.repeat(32), fields: widget(t) })).status).toBe(404);
  });
});

describe('the sandbox bot', () => {
  const fromOutside = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };

  it("accepts sandbox-signed logins only from this machine; a real bot's from anywhere", async () => {
    const t = (current = setup());
    const { token } = await t.signup('ada@gmail.com');
    await link(t, widget(t), token);
    t.clock.advance(1000);
    const remote = await telegramLogin(t.remote(fromOutside), 'signin', widget(t));
    expect(remote.status).toBe(401);
    expect(remote.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/this machine/) });
    // Forwarded by a proxy on this machine: still not this machine.
    const proxied = await telegramLogin(t.call, 'signin', widget(t), { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(401);
    expect((await signin(t, widget(t))).status).toBe(200);
    t.close();

    const real = (current = setup({ token: '123456:real-bot-token-bbbbbbbbbbbbbbbbbb', botUsername: 'real_bot', sandbox: false }));
    const ada = await real.signup('ada@gmail.com');
    const linked = await telegramLogin(
      real.remote(fromOutside),
      'link',
      widget(real, {}, '123456:real-bot-token-bbbbbbbbbbbbbbbbbb'),
      real.auth(ada.token),
    );
    expect(linked.status).toBe(200);
  });

  it('signs with a token generated into secrets.json, not a constant anyone can read', async () => {
    const t = (current = setup());
    const app = makeTestApp();
    try {
      const generated = ensureSecrets(app.dataDir).telegramSandboxToken;
      expect(generated).toMatch(/^\d{9}:[A-Za-z0-9_-]{35}$/);
      expect(ensureSecrets(t.dataDir).telegramSandboxToken).not.toBe(generated);
      const { token } = await app.signup('ada@gmail.com');
      // The token the published code used to hard-wire signs nothing any more.
      const constant = widget(app, {}, '100000001:SANDBOX-bidpilot-telegram-bot-token');
      expect((await telegramLogin(app.call, 'link', constant, app.auth(token))).status).toBe(401);
      // The sandbox's own signer (this machine only) uses the generated token.
      const signed = await app.call('POST', '/sandbox/telegram/login', { id: 777000111, first_name: 'Ada' });
      expect(signed.json.hash).toBe(telegramLoginHash(generated, { ...signed.json, hash: undefined }));
      expect((await telegramLogin(app.call, 'link', signed.json, app.auth(token))).status).toBe(200);
    } finally {
      app.close();
    }
  });
});

describe('Telegram status, settings and unlink', () => {
  it('are scoped to the signed-in user', async () => {
    const t = (current = setup());
    expect((await t.call('GET', '/api/telegram/config')).json).toEqual({ botUsername: 'bidpilot_sandbox_bot', sandbox: true });
    const ada = await t.signup('ada@gmail.com');
    const bob = await t.signup('bob@gmail.com');
    await link(t, widget(t), ada.token);

    expect((await t.call('GET', '/api/telegram/status')).status).toBe(401);
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(bob.token))).json.data).toEqual({
      linked: false,
      username: null,
      notify: false,
      account: null,
    });
    expect((await t.call('PUT', '/api/telegram/settings', { notify: true }, t.auth(bob.token))).status).toBe(404);
    expect((await t.call('PUT', '/api/telegram/settings', { notify: 'yes' }, t.auth(ada.token))).status).toBe(400);

    const off = await t.call('PUT', '/api/telegram/settings', { notify: false }, t.auth(ada.token));
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ linked: true, username: 'ada_l', notify: false });
    const on = await t.call('PUT', '/api/telegram/settings', { notify: true }, t.auth(ada.token));
    expect(on.json.data).toMatchObject({ linked: true, username: 'ada_l', notify: true });

    expect((await t.call('DELETE', '/api/telegram/link', undefined, t.auth(bob.token))).json).toEqual({ success: true, removed: false });
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(ada.token))).json.data.linked).toBe(true);
    expect((await t.call('DELETE', '/api/telegram/link', undefined, t.auth(ada.token))).json).toEqual({ success: true, removed: true });
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(ada.token))).json.data.linked).toBe(false);
    // Unlinked: that Telegram account no longer signs in.
    t.clock.advance(1000);
    expect((await signin(t, widget(t))).json.code).toBe('telegram_not_linked');
  });
});
