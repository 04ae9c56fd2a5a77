import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { createWebPushSender, type ResolveHost } from './web-push-sender';
import { tablesOf } from '../../../store/schema/index';
import { AppError } from '../../../kernel/errors';
import { requireAuth } from '../../accounts/auth-middleware';
import type { AppEnv } from '../../../kernel/http/context';
import { loadTranslations, LOCALES_DIR } from '../../../kernel/i18n';
import { createLogger } from '../../../kernel/logger';
import { pushRoutes } from './routes';
import { IdempotencyStore } from '../../../store/idempotency';
import { ensureSecrets } from '../../../kernel/secrets';
import { makeTestApp, type TestApp } from '../../../testing/harness';
import type { NotifierPort } from '../../runner/ports';
import { isLocalEndpoint, PushService, pushNotifier } from './push-service';
import { isLocalAddress } from './local-address';

let t: TestApp | undefined;
let fake: FakePushService | undefined;
const dirs: string[] = [];
afterEach(async () => {
  t?.close();
  t = undefined;
  await fake?.close();
  fake = undefined;
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

/** The translator over the locale files, with locales/_pending/push.json merged in while it exists. */
function translatorWithPendingKeys() {
  const pendingFile = path.join(LOCALES_DIR, '_pending', 'push.json');
  if (!fs.existsSync(pendingFile)) return loadTranslations();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-locales-'));
  dirs.push(dir);
  const pending = JSON.parse(fs.readFileSync(pendingFile, 'utf8')) as Record<string, object>;
  for (const language of LANGUAGES) {
    const base = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(dir, `${language}.json`), JSON.stringify({ ...base, ...pending[language] }));
  }
  return loadTranslations(dir);
}

async function setup(
  options: { translate?: ReturnType<typeof loadTranslations>; allowLocalAddresses?: boolean; resolve?: ResolveHost } = {},
) {
  t = makeTestApp();
  fake = await startFakePushService();
  const vapid = { subject: 'mailto:ops@bidpilot.example', ...webpush.generateVAPIDKeys() };
  const logs: string[] = [];
  const push = new PushService({
    store: t.store,
    clock: t.clock,
    t: options.translate ?? loadTranslations(),
    log: createLogger('info', {}, (line) => void logs.push(line)),
    sender: createWebPushSender({
      vapid,
      tls: { rejectUnauthorized: false },
      timeoutMs: 5000,
      allowLocalAddresses: options.allowLocalAddresses ?? true,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    }),
    vapidPublicKey: vapid.publicKey,
    allowLocalEndpoints: true,
  });
  return { t, fake, push, vapid, logs };
}

const json = (text: string) => JSON.parse(text) as Record<string, any>;

describe('push notices through a local HTTPS push service', () => {
  it('sends an encrypted aes128gcm notice with a valid VAPID JWT, TTL, urgency and topic, and decrypts it', async () => {
    const { t, fake, push, vapid } = await setup();
    const { user } = await t.signup();
    const phone = fake.subscriber('phone');
    await push.subscribe(user.id, phone.subscription, 'Mozilla/5.0 (Android)');

    const result = await push.notify(user.id, 'draftWaiting', {
      jobItemId: 'job-1',
      agentId: 'agent-9',
      jobTitle: 'React dashboard',
      platform: 'upwork',
    });
    expect(result).toEqual({ kind: 'draftWaiting', sent: 1, removed: 0, failed: 0 });
    expect(fake.received).toHaveLength(1);
    const [received] = fake.received;
    expect(received!.path).toBe('/push/phone');
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers['content-type']).toBe('application/octet-stream');
    expect(received!.headers.ttl).toBe(String(24 * 3600));
    expect(received!.headers.urgency).toBe('high');
    expect(received!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(received!.body.length).toBeLessThanOrEqual(4096);

    const claims = fake.verifyVapid(received!, vapid.publicKey);
    expect(claims).toMatchObject({ aud: fake.origin, sub: 'mailto:ops@bidpilot.example' });

    expect(json(fake.decrypt(received!, phone))).toEqual({
      kind: 'draftWaiting',
      title: 'Proposal ready for review',
      body: 'A proposal for “React dashboard” is waiting for your approval.',
      url: '/dashboard/automations/agent-9?item=job-1',
      jobItemId: 'job-1',
      actions: [
        { action: 'approve', title: 'Approve and send' },
        { action: 'open', title: 'Open' },
      ],
    });
    const [stored] = await push.subscriptionsOf(user.id);
    expect(stored!.lastSuccessAt?.getTime()).toBe(t.clock.now().getTime());
    expect(stored!.userAgent).toBe('Mozilla/5.0 (Android)');
  });

  it('says "Client replied" with the job and the first line of the message, opening the proposal; its switch turns it off', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    const phone = fake.subscriber('phone');
    await push.subscribe(user.id, phone.subscription);
    const notifier = pushNotifier(push);
    await notifier.notify(user.id, 'client_replied', {
      title: 'React dashboard',
      body: 'Could you share a similar project?',
      url: '/dashboard/automations/a1?item=j1',
      jobItemId: 'j1',
    });
    expect(json(fake.decrypt(fake.received[0]!, phone))).toEqual({
      kind: 'clientReplied',
      title: 'Client replied',
      body: '“React dashboard”: Could you share a similar project?',
      url: '/dashboard/automations/a1?item=j1',
      jobItemId: 'j1',
    });
    expect(fake.received[0]!.headers.urgency).toBe('high');
    await push.updateSettings(user.id, { clientReplied: false });
    expect(await notifier.notify(user.id, 'client_replied', { title: 'x', body: 'y', url: '/', jobItemId: 'j2' })).toMatchObject({
      skipped: 'disabled',
    });
    expect(fake.received).toHaveLength(1);
  });

  it("writes the title in the user's language", async () => {
    const { t, fake, push } = await setup({ translate: translatorWithPendingKeys() });
    const { users } = tablesOf(t.db);
    const { user } = await t.signup();
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id));
    const laptop = fake.subscriber();
    await push.subscribe(user.id, laptop.subscription);
    await push.notify(user.id, 'proposalFailed', { jobItemId: 'j', jobTitle: 'Logo', reason: 'Bid amount below the minimum' });
    await push.notify(user.id, 'proposalSent', { jobTitle: 'Logo', platform: 'freelancer' });
    const [failed, sent] = fake.received.map((r) => json(fake!.decrypt(r, laptop)));
    expect(failed).toMatchObject({
      kind: 'proposalFailed',
      title: 'Proposition non envoyée',
      body: 'La proposition pour « Logo » n’a pas pu être envoyée : Bid amount below the minimum',
    });
    expect(failed!.actions).toBeUndefined();
    expect(sent).toMatchObject({
      title: 'Proposition envoyée',
      body: 'Votre proposition pour « Logo » a été envoyée sur Freelancer.com.',
      url: '/dashboard',
    });
    expect(fake.received[1]!.headers.urgency).toBe('normal');
  });

  it('removes a subscription the push service answers 410 (or 404) for, and keeps going on errors', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    const gone = fake.subscriber('gone');
    const missing = fake.subscriber('missing');
    const broken = fake.subscriber('broken');
    const fine = fake.subscriber('fine');
    for (const device of [gone, missing, broken, fine]) await push.subscribe(user.id, device.subscription);
    fake.respond('/push/gone', 410);
    fake.respond('/push/missing', 404);
    fake.respond('/push/broken', 500);

    const result = await push.notify(user.id, 'proposalSent', { jobTitle: 'API', platform: 'upwork' });
    // A 500 may pass: the outbox tries push again for this notice.
    expect(result).toMatchObject({ sent: 1, removed: 2, failed: 1, retry: true });
    expect(result.errors?.[0]).toMatch(/500/);
    expect((await push.subscriptionsOf(user.id)).map((s) => s.endpoint).sort()).toEqual(
      [broken.subscription.endpoint, fine.subscription.endpoint].sort(),
    );
  });

  it('owes a notice again only to the device whose push service failed in a way that may pass', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    const phone = fake.subscriber('phone');
    const tablet = fake.subscriber('tablet');
    for (const device of [phone, tablet]) await push.subscribe(user.id, device.subscription);
    const ids = new Map((await push.subscriptionsOf(user.id)).map((s) => [s.endpoint, s.id]));
    fake.respond('/push/tablet', 503);
    const first = await push.notify(user.id, 'draftWaiting', { jobItemId: 'j1', jobTitle: 'Menu' });
    expect(first).toMatchObject({ sent: 1, failed: 1, retry: true, retryOnly: [ids.get(tablet.subscription.endpoint)] });
    fake.respond('/push/tablet', 201);
    const again = await push.notify(user.id, 'draftWaiting', { jobItemId: 'j1', jobTitle: 'Menu' }, first.retryOnly);
    expect(again).toMatchObject({ sent: 1, failed: 0 });
    expect(again.retry).toBeUndefined();
    // The phone took it once; the tablet's service had it twice (refused, then taken).
    expect(fake.received.filter((r) => r.path === '/push/phone')).toHaveLength(1);
    expect(fake.received.filter((r) => r.path === '/push/tablet')).toHaveLength(2);
  });

  it('keeps a device subscribed again while its notice was out: the 410 was for its old keys', async () => {
    const { t, fake } = await setup();
    const { user } = await t.signup();
    const phone = fake.subscriber('phone');
    const renewed = fake.subscriber('renewed');
    // The push service forgets the old subscription; while it says so, the browser subscribes again
    // to the same endpoint with new keys (the same row, updated).
    const sender = {
      send: async () => {
        await push.subscribe(user.id, { ...phone.subscription, keys: renewed.subscription.keys });
        return { ok: false as const, gone: true, transient: false, statusCode: 410, message: 'Gone' };
      },
    };
    const push = new PushService({
      store: t.store,
      clock: t.clock,
      t: loadTranslations(),
      log: createLogger('silent'),
      sender,
      vapidPublicKey: 'k',
      allowLocalEndpoints: true,
    });
    await push.subscribe(user.id, phone.subscription);
    expect(await push.notify(user.id, 'proposalSent', { jobTitle: 'x' })).toMatchObject({ sent: 0, removed: 0 });
    expect((await push.subscriptionsOf(user.id)).map((s) => [s.endpoint, s.auth])).toEqual([
      [phone.subscription.endpoint, renewed.subscription.keys.auth],
    ]);
  });

  it('sends nothing when the setting for the kind is off, or when there is no device', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    expect(await push.notify(user.id, 'proposalSent', { jobTitle: 'x' })).toMatchObject({ sent: 0, skipped: 'no_subscriptions' });
    await push.subscribe(user.id, fake.subscriber().subscription);
    await push.updateSettings(user.id, { proposalSent: false });
    expect(await push.notify(user.id, 'proposalSent', { jobTitle: 'x' })).toEqual({
      kind: 'proposalSent',
      sent: 0,
      removed: 0,
      failed: 0,
      skipped: 'disabled',
    });
    expect(fake.received).toHaveLength(0);
    expect(await push.notify(user.id, 'draftWaiting', { jobTitle: 'x' })).toMatchObject({ sent: 1 });
    expect(fake.received).toHaveLength(1);
  });

  it('never throws: an unreachable push service and a broken database are counted and logged', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    const device = fake.subscriber();
    await push.subscribe(user.id, { ...device.subscription, endpoint: 'https://127.0.0.1:1/push/nowhere' });
    const unreachable = await push.notify(user.id, 'proposalSent', { jobTitle: 'x' });
    expect(unreachable).toMatchObject({ sent: 0, failed: 1, removed: 0, retry: true });
    expect(await push.subscriptionsOf(user.id)).toHaveLength(1);
    // The store closed under the service: every query it makes now fails, on either engine.
    await t.store.close();
    expect(await push.notify(user.id, 'proposalSent', { jobTitle: 'x' })).toMatchObject({ sent: 0, skipped: 'error', retry: true });
  });

  it('keeps the payload small: long titles and reasons are shortened', async () => {
    const { t, push } = await setup();
    const { user } = await t.signup();
    const payload = push.payload('en', 'proposalFailed', { jobTitle: 'T'.repeat(5000), reason: 'R'.repeat(5000), jobItemId: user.id });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(3500);
    expect(payload.body.length).toBeLessThan(300);
  });
});

describe('the push endpoint checked by what its host resolves to when a notice is sent', () => {
  /** A resolver that answers `addresses` for push.example.com and counts how often it is asked. */
  const resolver = (addresses: string[]) => {
    const asked: string[] = [];
    const resolve: ResolveHost = (host) => {
      asked.push(host);
      if (host !== 'push.example.com') return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
      return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };
    return { resolve, asked };
  };
  /** A subscription at the fake push service, under a public-looking name instead of 127.0.0.1. */
  const named = (fake: FakePushService, id: string) => {
    const device = fake.subscriber(id);
    device.subscription.endpoint = device.subscription.endpoint.replace('https://127.0.0.1:', 'https://push.example.com:');
    return device;
  };

  it.each([['127.0.0.1'], ['10.1.2.3'], ['::1'], ['0.0.0.0'], ['fd00::7'], ['169.254.169.254']])(
    'sends nothing to a name that resolves to %s, removes the subscription and warns without the secret path',
    async (address) => {
      const { resolve } = resolver(['93.184.216.34', address]);
      const { t, fake, push, logs } = await setup({ allowLocalAddresses: false, resolve });
      const { user } = await t.signup();
      const phone = named(fake, 'rebound-secret-path');
      await push.subscribe(user.id, phone.subscription, 'Mozilla/5.0 (Android)');
      const result = await push.notify(user.id, 'proposalSent', { jobTitle: 'Build a React dashboard', url: '/' });
      expect(result).toMatchObject({ sent: 0, removed: 1, failed: 0 });
      expect(fake.received).toHaveLength(0);
      const { pushSubscriptions } = tablesOf(t.db);
      expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(0);
      const warning = logs.find((line) => line.includes('private network'));
      expect(warning).toContain('push.example.com');
      expect(logs.join('\n')).not.toContain('rebound-secret-path');
      expect(logs.join('\n')).not.toContain(phone.auth);
    },
  );

  it('sends where the sandbox serves this machine alone, over the connection pinned to the address it checked', async () => {
    const { resolve, asked } = resolver(['127.0.0.1']);
    const { t, fake, push } = await setup({ allowLocalAddresses: true, resolve });
    const { user } = await t.signup();
    const phone = named(fake, 'phone');
    await push.subscribe(user.id, phone.subscription, 'Mozilla/5.0 (Android)');
    const result = await push.notify(user.id, 'proposalSent', { jobTitle: 'Build a React dashboard', url: '/' });
    expect(result).toMatchObject({ sent: 1, removed: 0 });
    expect(fake.received).toHaveLength(1);
    // push.example.com reached the fake service on 127.0.0.1: the connection asked nobody else,
    // and the resolver was asked once, for the check.
    expect(asked).toEqual(['push.example.com']);
  });

  it('counts a name that does not resolve as a failure to try again, keeping the subscription', async () => {
    const { t, fake, push } = await setup({ allowLocalAddresses: false, resolve: resolver([]).resolve });
    const { user } = await t.signup();
    const phone = fake.subscriber('phone');
    phone.subscription.endpoint = phone.subscription.endpoint.replace('https://127.0.0.1:', 'https://nowhere.example.com:');
    await push.subscribe(user.id, phone.subscription, 'Mozilla/5.0 (Android)');
    const result = await push.notify(user.id, 'proposalSent', { jobTitle: 'Build a React dashboard', url: '/' });
    expect(result).toMatchObject({ sent: 0, removed: 0, failed: 1, retry: true });
    expect(fake.received).toHaveLength(0);
  });
});

describe('isLocalAddress', () => {
  it('refuses loopback, private, link-local, unique-local and unspecified addresses, and passes public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isLocalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isLocalAddress(address), address).toBe(false);
  });
});

describe("the runner's NotifierPort", () => {
  it('maps the runner kinds and payload onto the notices', async () => {
    const { t, fake, push } = await setup();
    const { user } = await t.signup();
    const device = fake.subscriber();
    await push.subscribe(user.id, device.subscription);
    const notifier: NotifierPort = pushNotifier(push);
    await notifier.notify(user.id, 'proposal_failed', {
      title: 'Logo',
      body: 'Bid refused',
      url: '/dashboard/automations/a1',
      jobItemId: 'i1',
    });
    await notifier.notify(user.id, 'proposal_sent', {
      title: 'Logo',
      body: 'Dear client…',
      url: '/dashboard/automations/a1',
      jobItemId: 'i1',
    });
    await notifier.notify(user.id, 'draft_waiting', {
      title: 'Logo',
      body: 'Dear client…',
      url: '/dashboard/automations/a1?item=i1',
      jobItemId: 'i1',
    });
    const [failed, sent, draft] = fake.received.map((r) => json(fake!.decrypt(r, device)));
    expect(failed).toMatchObject({
      kind: 'proposalFailed',
      body: 'The proposal for “Logo” could not be sent: Bid refused',
      url: '/dashboard/automations/a1',
      jobItemId: 'i1',
    });
    expect(sent).toMatchObject({ kind: 'proposalSent', title: 'Proposal sent', body: 'Your proposal for “Logo” was sent.' });
    expect(draft).toMatchObject({
      kind: 'draftWaiting',
      url: '/dashboard/automations/a1?item=i1',
      actions: [{ action: 'approve' }, { action: 'open' }],
    });
  });
});

describe('push routes', () => {
  function routeApp(t: TestApp, push: PushService) {
    const app = new OpenAPIHono<AppEnv>();
    const pepper = ensureSecrets(t.dataDir).sessionPepper;
    app.route(
      '/api',
      pushRoutes({
        push,
        idempotency: new IdempotencyStore(t.store, t.clock),
        requireAuth: requireAuth({ store: t.store, clock: t.clock, pepper }, () => false),
      }),
    );
    app.onError((error, c) => (error instanceof AppError ? c.json(error.toBody(), error.status) : c.json({ message: String(error) }, 500)));
    return async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await app.request(url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as any };
    };
  }

  it('public key, subscribe (validated, upsert by endpoint), unsubscribe (own only) and settings', async () => {
    const { t, fake, push, vapid } = await setup();
    const { pushSubscriptions } = tablesOf(t.db);
    const call = routeApp(t, push);
    const ada = await t.signup('ada@gmail.com');
    const bob = await t.signup('bob@gmail.com');

    expect(await call('GET', '/api/push/public-key')).toEqual({ status: 200, json: { publicKey: vapid.publicKey } });

    const device = fake.subscriber();
    expect((await call('POST', '/api/push/subscribe', undefined, device.subscription)).status).toBe(401);
    const first = await call('POST', '/api/push/subscribe', ada.token, device.subscription);
    expect(first.status).toBe(201);
    const again = await call('POST', '/api/push/subscribe', ada.token, { ...device.subscription, keys: { ...device.subscription.keys } });
    expect(again.json.id).toBe(first.json.id);
    expect(await push.subscriptionsOf(ada.user.id)).toHaveLength(1);

    const bad = [
      { ...device.subscription, endpoint: 'http://push.example.com/x' },
      { ...device.subscription, endpoint: 'not a url' },
      { ...device.subscription, keys: { p256dh: 'abc', auth: device.auth } },
      { ...device.subscription, keys: { p256dh: device.subscription.keys.p256dh, auth: 'short' } },
      { endpoint: device.subscription.endpoint },
    ];
    for (const body of bad) expect((await call('POST', '/api/push/subscribe', ada.token, body)).status).toBe(400);
    // http is accepted on this machine only (tests).
    expect(
      (await call('POST', '/api/push/subscribe', ada.token, { ...device.subscription, endpoint: 'http://127.0.0.1:9/p' })).status,
    ).toBe(201);

    expect(await call('POST', '/api/push/unsubscribe', bob.token, { endpoint: device.subscription.endpoint })).toEqual({
      status: 200,
      json: { success: true, removed: false },
    });
    expect(await push.subscriptionsOf(ada.user.id)).toHaveLength(2);
    expect(await call('POST', '/api/push/unsubscribe', ada.token, { endpoint: device.subscription.endpoint })).toEqual({
      status: 200,
      json: { success: true, removed: true },
    });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))).toEqual([]);

    expect(await call('GET', '/api/push/settings', ada.token)).toEqual({
      status: 200,
      json: { data: { proposalSent: true, draftWaiting: true, proposalFailed: true, clientReplied: true }, version: 0 },
    });
    expect(await call('PUT', '/api/push/settings', ada.token, { draftWaiting: false, baseVersion: 0 })).toEqual({
      status: 200,
      json: { data: { proposalSent: true, draftWaiting: false, proposalFailed: true, clientReplied: true }, version: 1 },
    });
    // Another device, still on version 0: its other setting merges, the one changed since conflicts.
    expect(await call('PUT', '/api/push/settings', ada.token, { proposalSent: false, baseVersion: 0 })).toMatchObject({
      status: 200,
      json: { version: 2 },
    });
    const conflict = await call('PUT', '/api/push/settings', ada.token, { draftWaiting: true, proposalFailed: false, baseVersion: 0 });
    expect(conflict).toMatchObject({
      status: 409,
      json: {
        code: 'conflict',
        details: {
          conflictFields: ['draftWaiting'],
          current: { data: { proposalSent: false, draftWaiting: false, proposalFailed: true, clientReplied: true }, version: 2 },
        },
      },
    });
    // The same value as the server's is no conflict; nothing changed is no new version.
    expect(await call('PUT', '/api/push/settings', ada.token, { draftWaiting: false, baseVersion: 0 })).toMatchObject({
      status: 200,
      json: { version: 2 },
    });
    expect((await call('PUT', '/api/push/settings', ada.token, { draftWaiting: 'no' })).status).toBe(400);
    expect((await call('PUT', '/api/push/settings', ada.token, { marketing: true })).status).toBe(400);
    expect((await call('GET', '/api/push/settings', bob.token)).json).toEqual({
      data: { proposalSent: true, draftWaiting: true, proposalFailed: true, clientReplied: true },
      version: 0,
    });
  });

  it("never moves another user's endpoint without its auth secret; a device that signs in as someone else moves", async () => {
    const { t, fake, push } = await setup();
    const call = routeApp(t, push);
    const ada = await t.signup('ada@gmail.com');
    const eve = await t.signup('eve@gmail.com');
    const phone = fake.subscriber();
    await call('POST', '/api/push/subscribe', ada.token, phone.subscription);
    // Eve learned Ada's endpoint (not the browser's secret): subscribing with it takes nothing.
    const forged = { ...phone.subscription, keys: { ...phone.subscription.keys, auth: fake.subscriber().subscription.keys.auth } };
    expect((await call('POST', '/api/push/subscribe', eve.token, forged)).status).toBe(201);
    expect((await push.subscriptionsOf(ada.user.id)).map((s) => [s.endpoint, s.auth])).toEqual([
      [phone.subscription.endpoint, phone.subscription.keys.auth],
    ]);
    // Eve's unsubscribe removes her own row only.
    expect((await call('POST', '/api/push/unsubscribe', eve.token, { endpoint: phone.subscription.endpoint })).json).toEqual({
      success: true,
      removed: true,
    });
    expect(await push.subscriptionsOf(ada.user.id)).toHaveLength(1);
    expect((await push.notify(ada.user.id, 'proposalSent', { jobTitle: 'Logo' })).sent).toBe(1);
    // The same browser (same keys) signing in as Eve moves the subscription: notices follow the person signed in.
    expect((await call('POST', '/api/push/subscribe', eve.token, phone.subscription)).status).toBe(201);
    expect(await push.subscriptionsOf(ada.user.id)).toHaveLength(0);
    expect((await push.subscriptionsOf(eve.user.id)).map((s) => s.endpoint)).toEqual([phone.subscription.endpoint]);
  });

  it('refuses endpoints on private networks unless allowed', async () => {
    const { t, fake } = await setup();
    const { user } = await t.signup();
    const strict = new PushService({
      store: t.store,
      clock: t.clock,
      t: loadTranslations(),
      log: createLogger('silent'),
      sender: { send: async () => ({ ok: true, statusCode: 201 }) },
      vapidPublicKey: 'k',
    });
    await expect(strict.subscribe(user.id, fake.subscriber().subscription)).rejects.toThrow(/public push service/);
    expect(
      (await strict.subscribe(user.id, { ...fake.subscriber().subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).id,
    ).toBeTruthy();
    expect(
      ['https://10.0.0.2/x', 'https://192.168.1.1/x', 'https://[::1]:3/x', 'https://printer.local/x', 'https://172.20.0.1/x'].every(
        isLocalEndpoint,
      ),
    ).toBe(true);
    expect(
      ['https://updates.push.services.mozilla.com/wpush/v2/x', 'https://web.push.apple.com/x', 'https://172.32.0.1/x'].some(
        isLocalEndpoint,
      ),
    ).toBe(false);
  });
});
