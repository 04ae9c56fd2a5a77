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

describe('a mail server that is down', () => {
  const codeIn = (mail: { data: string }) => mail.data.match(/\b(\d{6})\b/)?.[1];

  it('loses no code: sign-up and reset codes wait in the outbox and go out once it is back', async () => {
    smtp = await startFakeSmtp();
    t = makeTestApp({ SMTP_URL: smtp.url });
    await t.signup('bob@gmail.com');
    await expect.poll(() => smtp!.received.length).toBe(1);
    smtp.setDown(true);
    const { token } = await t.signup('ada@gmail.com');
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/auth/reset-password-request', { email: 'bob@gmail.com' })).status).toBe(200);
    // Both were tried (after their answers) and refused.
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
    expect(smtp.received).toHaveLength(1);

    // Still down a minute later: the runner's chore tries again and they keep waiting.
    t.clock.advance(60_000);
    await t.app.runner.tick();
    expect(smtp.received).toHaveLength(1);

    smtp.setDown(false);
    t.clock.advance(2 * 60_000);
    await t.app.runner.tick();
    const verify = smtp.received.find((mail) => mail.to.includes('ada@gmail.com'));
    const reset = smtp.received.find((mail) => mail.to.includes('bob@gmail.com') && mail !== smtp!.received[0]);
    expect(verify && reset).toBeTruthy();
    // The codes work: the mail said what the account holds.
    expect((await t.call('POST', '/api/auth/verify-email', { email: 'ada@gmail.com', code: codeIn(verify!) }, t.auth(token))).status).toBe(
      200,
    );
    const reset200 = await t.call('POST', '/api/auth/reset-password', {
      email: 'bob@gmail.com',
      code: codeIn(reset!),
      password: 'New-Sturdy-Pass2',
    });
    expect(reset200.status).toBe(200);
    // Each went out once: a later tick sends nothing again.
    t.clock.advance(10 * 60_000);
    await t.app.runner.tick();
    expect(smtp.received).toHaveLength(3);
  });

  it('gives a code up once it has expired instead of mailing it late; a new code goes out', async () => {
    smtp = await startFakeSmtp();
    t = makeTestApp({ SMTP_URL: smtp.url });
    smtp.setDown(true);
    await t.signup('ada@gmail.com');
    t.clock.advance(16 * 60_000);
    smtp.setDown(false);
    await t.app.runner.tick();
    expect(smtp.received).toHaveLength(0);
    expect((await t.call('POST', '/api/auth/resend-verification', { email: 'ada@gmail.com' })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ada@gmail.com']);
  });
});
