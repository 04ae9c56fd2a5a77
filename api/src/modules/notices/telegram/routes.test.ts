import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../../store/schema/index';
import { AppError } from '../../../kernel/errors';
import { optionalAuth, requireAuth } from '../../accounts/auth-middleware';
import type { AppEnv } from '../../../kernel/http/context';
import { ensureSecrets } from '../../../kernel/secrets';
import { TelegramService, telegramLoginHash } from './telegram-service';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import { telegramRoutes } from './routes';
import { sessionCookies } from '../../../kernel/http/session-cookie';

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
  const sessions = { store: t.store, clock: t.clock, pepper: ensureSecrets(t.dataDir).sessionPepper };
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
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  return { ...t, telegram, call };
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

describe('POST /api/auth/telegram-callback', () => {
  it('links a valid login to the signed-in user, fills empty names, then signs in with Telegram', async () => {
    const t = (current = setup());
    const { token, user } = await t.signup('ada@gmail.com');
    const linked = await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(token));
    expect(linked.status).toBe(200);
    expect(linked.json.linked).toBe(true);
    expect(linked.json.telegram).toMatchObject({ telegramId: '777000111', username: 'ada_l', notify: false });
    expect(linked.json.data.user).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'Lovelace' });

    t.clock.advance(60_000);
    // The widget's redirect gives text: the same values as strings sign the same.
    const fields = { id: '777000111', first_name: 'Ada', auth_date: String(nowSeconds(t)) };
    const signin = await t.call('POST', '/api/auth/telegram-callback', {
      ...fields,
      hash: telegramLoginHash(SANDBOX_TELEGRAM_TOKEN, fields),
    });
    expect(signin.status).toBe(200);
    expect(signin.json.data.user.id).toBe(user.id);
    const me = await t.call('GET', '/api/telegram/status', undefined, t.auth(signin.json.data.token));
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ linked: true, notify: false });
  });

  it('keeps names the user already has', async () => {
    const t = (current = setup());
    const { users } = tablesOf(t.db);
    const { token, user } = await t.signup('bob@gmail.com');
    await t.db.update(users).set({ firstName: 'Robert' }).where(eq(users.id, user.id));
    const linked = await t.call(
      'POST',
      '/api/auth/telegram-callback',
      widget(t, { first_name: 'Bob', last_name: 'Builder' }),
      t.auth(token),
    );
    expect(linked.json.data.user).toMatchObject({ firstName: 'Robert', lastName: 'Builder' });
  });

  it('refuses a forged hash, a changed field, a hash made with another token, and an old auth_date', async () => {
    const t = (current = setup());
    const { telegramAccounts, telegramLogins } = tablesOf(t.db);
    const { token } = await t.signup('ada@gmail.com');
    const good = widget(t);
    const forged = await t.call('POST', '/api/auth/telegram-callback', { ...good, hash: 'a'.repeat(64) }, t.auth(token));
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe('telegram_invalid');
    const tampered = await t.call('POST', '/api/auth/telegram-callback', { ...good, id: 1 }, t.auth(token));
    expect(tampered.status).toBe(401);
    const otherBot = await t.call(
      'POST',
      '/api/auth/telegram-callback',
      widget(t, {}, '999:another-bot-token-xxxxxxxxxxxxxxxx'),
      t.auth(token),
    );
    expect(otherBot.status).toBe(401);
    const old = await t.call('POST', '/api/auth/telegram-callback', widget(t, { auth_date: nowSeconds(t) - 86_401 }), t.auth(token));
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/expired/) });
    const future = await t.call('POST', '/api/auth/telegram-callback', widget(t, { auth_date: nowSeconds(t) + 3600 }), t.auth(token));
    expect(future.status).toBe(401);
    const missing = await t.call('POST', '/api/auth/telegram-callback', { id: 1, hash: 'x' }, t.auth(token));
    expect(missing.status).toBe(400);
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
    expect(await t.db.select().from(telegramLogins)).toHaveLength(0);
  });

  it('accepts a login just inside a day and refuses it replayed (401 telegram_invalid)', async () => {
    const t = (current = setup());
    const { token } = await t.signup('ada@gmail.com');
    const fields = widget(t, { auth_date: nowSeconds(t) - 86_000 });
    expect((await t.call('POST', '/api/auth/telegram-callback', fields, t.auth(token))).status).toBe(200);
    const replayLink = await t.call('POST', '/api/auth/telegram-callback', fields, t.auth(token));
    expect(replayLink.status).toBe(401);
    expect(replayLink.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/already used/) });
    const replaySignin = await t.call('POST', '/api/auth/telegram-callback', fields);
    expect(replaySignin.status).toBe(401);
    expect(replaySignin.json.code).toBe('telegram_invalid');
  });

  it('answers 401 telegram_not_linked for an unlinked Telegram account, without using up the login', async () => {
    const t = (current = setup());
    const { telegramLogins } = tablesOf(t.db);
    const fields = widget(t);
    const res = await t.call('POST', '/api/auth/telegram-callback', fields);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'telegram_not_linked', message: 'No account is linked to this Telegram account' });
    expect(await t.db.select().from(telegramLogins)).toHaveLength(0);
  });

  it('refuses to link a Telegram account another user holds (409), and moves nothing', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const eve = await t.signup('eve@gmail.com');
    expect((await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(ada.token))).status).toBe(200);
    t.clock.advance(1000);
    const res = await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(eve.token));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('telegram_linked_elsewhere');
    expect((await t.db.select().from(telegramAccounts)).map((row) => row.userId)).toEqual([ada.user.id]);
    // Re-linking by the holder is fine.
    t.clock.advance(1000);
    expect((await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(ada.token))).status).toBe(200);
  });

  it('links one Telegram account once when two users send logins for it at the same moment', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const ada = await t.signup('ada@gmail.com');
    const eve = await t.signup('eve@gmail.com');
    // The same answer twice, then two answers (a second apart) for the same Telegram account: the
    // requests' awaits interleave, and only one of each pair may link.
    const same = widget(t);
    const sameAnswer = await Promise.all([
      t.call('POST', '/api/auth/telegram-callback', same, t.auth(ada.token)),
      t.call('POST', '/api/auth/telegram-callback', same, t.auth(eve.token)),
    ]);
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
      t.call('POST', '/api/auth/telegram-callback', signed(nowSeconds(t)), t.auth(other.token)),
      t.call(
        'POST',
        '/api/auth/telegram-callback',
        signed(nowSeconds(t) - 1),
        t.auth(holders[0]!.userId === ada.user.id ? eve.token : ada.token),
      ),
    ]);
    expect(twoAnswers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(twoAnswers.find((res) => res.status === 409)!.json.code).toBe('telegram_linked_elsewhere');
    expect(await t.db.select().from(telegramAccounts).where(eq(telegramAccounts.telegramId, '555000222'))).toHaveLength(1);
  });

  it('refuses a cross-site request riding the session cookie (403)', async () => {
    const t = (current = setup());
    const { telegramAccounts } = tablesOf(t.db);
    const { token } = await t.signup('ada@gmail.com');
    const res = await t.call('POST', '/api/auth/telegram-callback', widget(t), {
      cookie: `auth_token=${token}`,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await t.db.select().from(telegramAccounts)).toHaveLength(0);
  });

  it('answers 404 when no bot is set up, and the config says so', async () => {
    const t = (current = setup(null));
    expect((await t.call('GET', '/api/telegram/config')).json).toEqual({ botUsername: null, sandbox: false });
    expect((await t.call('POST', '/api/auth/telegram-callback', widget(t))).status).toBe(404);
  });
});

describe('the sandbox bot', () => {
  const fromOutside = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };

  it("accepts sandbox-signed logins only from this machine; a real bot's from anywhere", async () => {
    const t = (current = setup());
    const { token } = await t.signup('ada@gmail.com');
    await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(token));
    t.clock.advance(1000);
    const remote = await t.call('POST', '/api/auth/telegram-callback', widget(t), {}, fromOutside);
    expect(remote.status).toBe(401);
    expect(remote.json).toMatchObject({ code: 'telegram_invalid', message: expect.stringMatching(/this machine/) });
    // Forwarded by a proxy on this machine: still not this machine.
    const proxied = await t.call('POST', '/api/auth/telegram-callback', widget(t), { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(401);
    expect((await t.call('POST', '/api/auth/telegram-callback', widget(t))).status).toBe(200);
    t.close();

    const real = (current = setup({ token: '123456:real-bot-token-bbbbbbbbbbbbbbbbbb', botUsername: 'real_bot', sandbox: false }));
    const ada = await real.signup('ada@gmail.com');
    const linked = await real.call(
      'POST',
      '/api/auth/telegram-callback',
      widget(real, {}, '123456:real-bot-token-bbbbbbbbbbbbbbbbbb'),
      real.auth(ada.token),
      fromOutside,
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
      expect((await app.call('POST', '/api/auth/telegram-callback', constant, app.auth(token))).status).toBe(401);
      // The sandbox's own signer (this machine only) uses the generated token.
      const signed = await app.call('POST', '/sandbox/telegram/login', { id: 777000111, first_name: 'Ada' });
      expect(signed.json.hash).toBe(telegramLoginHash(generated, { ...signed.json, hash: undefined }));
      expect((await app.call('POST', '/api/auth/telegram-callback', signed.json, app.auth(token))).status).toBe(200);
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
    await t.call('POST', '/api/auth/telegram-callback', widget(t), t.auth(ada.token));

    expect((await t.call('GET', '/api/telegram/status')).status).toBe(401);
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(bob.token))).json.data).toEqual({
      linked: false,
      username: null,
      notify: false,
      account: null,
    });
    expect((await t.call('PUT', '/api/telegram/settings', { notify: true }, t.auth(bob.token))).status).toBe(404);
    expect((await t.call('PUT', '/api/telegram/settings', { notify: 'yes' }, t.auth(ada.token))).status).toBe(400);

    const on = await t.call('PUT', '/api/telegram/settings', { notify: true }, t.auth(ada.token));
    expect(on.status).toBe(200);
    expect(on.json.data).toMatchObject({ linked: true, username: 'ada_l', notify: true });

    expect((await t.call('DELETE', '/api/telegram/link', undefined, t.auth(bob.token))).json).toEqual({ success: true, removed: false });
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(ada.token))).json.data.linked).toBe(true);
    expect((await t.call('DELETE', '/api/telegram/link', undefined, t.auth(ada.token))).json).toEqual({ success: true, removed: true });
    expect((await t.call('GET', '/api/telegram/status', undefined, t.auth(ada.token))).json.data.linked).toBe(false);
    // Unlinked: that Telegram account no longer signs in.
    t.clock.advance(1000);
    expect((await t.call('POST', '/api/auth/telegram-callback', widget(t))).json.code).toBe('telegram_not_linked');
  });
});
