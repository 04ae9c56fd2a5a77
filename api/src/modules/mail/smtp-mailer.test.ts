import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { startFakeSmtp } from '../../testing/fake-smtp';

let t: TestApp | undefined;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
afterEach(async () => {
  t?.close();
  await smtp?.close();
});

describe('SMTP mail', () => {
  it('sends the verification code through the configured SMTP server, text and HTML', async () => {
    smtp = await startFakeSmtp();
    t = makeTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Bidpilot <hello@bidpilot.example>' });
    await t.signup('ada@gmail.com');
    await expect.poll(() => smtp!.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('hello@bidpilot.example');
    expect(mail.to).toEqual(['ada@gmail.com']);
    expect(mail.data).toMatch(/Subject: .*\d{6}/);
    expect(mail.data).toContain('text/plain');
    expect(mail.data).toContain('text/html');
  });

  it('keeps the account when the mail server is down; a resend answers like any other and the failure stays on the server', async () => {
    t = makeTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const { token } = await t.signup('ada@gmail.com');
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).status).toBe(200);
    t.clock.advance(61_000);
    // Answered before the mail is tried (the same answer, as fast, for any address).
    const resend = await t.call('POST', '/api/auth/resend-verification', { email: 'ada@gmail.com' });
    const unknown = await t.call('POST', '/api/auth/resend-verification', { email: 'ghost@gmail.com' });
    expect(resend.status).toBe(200);
    expect(resend.json).toEqual(unknown.json);
    expect((await t.call('GET', '/api/auth/user', undefined, t.auth(token))).status).toBe(200);
  });
});
