import { afterEach, describe, expect, it } from 'vitest';
import { telegramLogin } from '../../testing/browser-flows';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { jsonDepthExceeds } from './json-depth';

let t: TestApp | undefined;
afterEach(() => t?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(jsonDepthExceeds(bytes('{"a":[1,{"b":[]}]}'), 4)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":[1,{"b":[[]]}]}'), 4)).toBe(true);
    expect(jsonDepthExceeds(bytes(`{"a":"${'['.repeat(100)}"}`), 2)).toBe(false);
    expect(jsonDepthExceeds(bytes('{"a":"\\"[[[[[["}'), 2)).toBe(false);
  });
});

describe('deeply nested JSON bodies', () => {
  it('are refused with 400 on every JSON route, never a 500', async () => {
    t = makeTestApp();
    const { token } = await t.signup();
    const deep = `{"state":"${'s'.repeat(32)}","fields":{"id":1,"first_name":"Ada","auth_date":1,"hash":"x","extra":${nested(10_000)}}}`;
    const telegram = await t.call('POST', '/api/auth/telegram-callback', deep);
    expect(telegram.status).toBe(400);
    expect(telegram.json).toMatchObject({ code: 'malformed_body', message: expect.stringMatching(/nested/) });
    const agent = await t.call('POST', '/api/automations', `{"title":"x","platform":"upwork","skills":${nested(200)}}`, t.auth(token));
    expect(agent.status).toBe(400);
    const webhook = await t.call('POST', '/api/payments/webhook', `{"event":"charge.success","data":${nested(5000)}}`, {
      'x-paystack-signature': 'ab',
    });
    expect(webhook.status).toBe(400);
  });

  it('refuses Telegram widget fields beyond the known ones unless they are short strings or numbers', async () => {
    t = makeTestApp();
    const base = { id: 1, first_name: 'Ada', auth_date: 1, hash: 'x' };
    for (const extra of [[1], { a: 1 }, 'x'.repeat(2000), true, null]) {
      const res = await t.call('POST', '/api/auth/telegram-callback', { state: 's'.repeat(32), fields: { ...base, extra } });
      expect(res.status, JSON.stringify(extra).slice(0, 20)).toBe(400);
      expect(res.json.code).toBe('validation_error');
    }
    // A short extra string still reaches the hash check (401: not signed).
    expect((await telegramLogin(t.call, 'signin', { ...base, allows_write_to_pm: 'true' })).status).toBe(401);
  });
});
