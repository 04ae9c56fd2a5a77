import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../testing/fake-smtp';
import { makeTestApp, type TestApp } from '../../../testing/harness';

/** Every outside service configured: nothing is the sandbox. */
const realServices = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  FREELANCER_API_URL: 'https://www.freelancer.com/api',
  FREELANCER_CLIENT_ID: 'id',
  FREELANCER_CLIENT_SECRET: 'secret',
  UPWORK_GRAPHQL_URL: 'https://api.upwork.com/graphql',
  UPWORK_CLIENT_ID: 'id',
  UPWORK_CLIENT_SECRET: 'secret',
  PAYSTACK_SECRET_KEY: 'sk_test_example',
  OPENAI_API_KEY: 'sk-example',
  TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  TELEGRAM_BOT_USERNAME: 'bidpilot_bot',
});

const subscription = (endpoint: string) => {
  const ecdh = crypto.createECDH('prime256v1');
  return { endpoint, keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') } };
};

let t: TestApp | undefined;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
afterEach(async () => {
  t?.close();
  t = undefined;
  await smtp?.close();
});

describe('push endpoints on this machine or a private network', () => {
  // NODE_ENV decides nothing: a deployment that never set it is as strict as one that did.
  it.each<Record<string, string>>([{}, { NODE_ENV: 'development' }, { NODE_ENV: 'production' }])(
    'are refused at registration with every service real (%o)',
    async (extra) => {
      smtp = await startFakeSmtp();
      t = makeTestApp({ ...realServices(smtp.url), ...extra });
      expect(t.config.sandbox).toBe(false);
      const { token } = await t.signup();
      for (const endpoint of ['http://127.0.0.1:9/internal', 'https://10.0.0.5/push', 'https://[::1]/p', 'https://192.168.1.20/x']) {
        const res = await t.call('POST', '/api/push/subscribe', subscription(endpoint), t.auth(token));
        expect(res.status, endpoint).toBe(400);
        expect(res.json.message).toMatch(/public push service/);
      }
      expect(
        (await t.call('POST', '/api/push/subscribe', subscription('https://fcm.googleapis.com/fcm/send/abc'), t.auth(token))).status,
      ).toBe(201);
    },
  );

  it('are accepted while the sandbox is on (tests and a machine of one’s own)', async () => {
    t = makeTestApp({ NODE_ENV: 'production' });
    expect(t.config.sandbox).toBe(true);
    const { token } = await t.signup();
    expect((await t.call('POST', '/api/push/subscribe', subscription('http://127.0.0.1:9/p'), t.auth(token))).status).toBe(201);
  });
});
