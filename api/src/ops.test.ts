import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './kernel/logger';
import { listSandboxMail } from './modules/mail/sandbox/mailbox';
import { runOps } from './ops';
import { makeTestApp, type TestApp } from './testing/harness';
import { startFakeSmtp } from './testing/fake-smtp';
import { MAIL_MAX_ATTEMPTS, queueMail } from './modules/mail/outbox';

let t: TestApp | undefined;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;
afterEach(async () => {
  t?.close();
  await smtp?.close();
  smtp = undefined;
});

const ops = (app: TestApp, ...args: string[]) =>
  runOps(args, { config: app.config, store: app.store, clock: app.clock, log: createLogger('silent') });

/** What reached the operator's mailbox (the mail outbox drained after each alert). */
async function operatorMail(app: TestApp) {
  await app.app.alerts.idle();
  await expect.poll(async () => (await listSandboxMail(app.sandboxStore, 'ops@bidpilot.example')).length).toBeGreaterThan(0);
  return listSandboxMail(app.sandboxStore, 'ops@bidpilot.example');
}

describe('operator alerts', () => {
  it('keeps what a person must act on once per subject, mails it to OPERATOR_EMAIL once, and lists and resolves it on the command line', async () => {
    t = makeTestApp({ OPERATOR_EMAIL: 'ops@bidpilot.example' });
    const app = t;
    const refund = 'paystack: a refund failed; a person must give this payment back';
    app.app.alerts.raise(refund, { reference: 'ref_1', status: 'failed' });
    app.app.alerts.raise(refund, { reference: 'ref_1', status: 'failed' });
    app.app.alerts.raise(refund, { reference: 'ref_2', status: 'failed' });
    const mails = await operatorMail(app);
    await expect.poll(async () => (await listSandboxMail(app.sandboxStore, 'ops@bidpilot.example')).length).toBe(2);
    expect(mails[0]!.subject).toMatch(/^\[Bidpilot alert \d+\] paystack: a refund failed/);
    expect(mails[0]!.text).toContain('npm run ops -- resolve');

    const listed = await ops(app, 'alerts');
    expect(listed.code).toBe(0);
    expect(listed.out.match(/^#\d+ {2}OPEN/gm)).toHaveLength(2);
    expect(listed.out).toMatch(/seen 2×/);
    expect(listed.out).toContain('"reference":"ref_1"');

    const [first] = await app.app.alerts.list();
    expect(await ops(app, 'resolve', String(first!.id))).toEqual({ out: `Alert #${first!.id} resolved.`, code: 0 });
    expect(await ops(app, 'resolve', String(first!.id))).toMatchObject({ code: 1 });
    expect((await ops(app, 'alerts')).out.match(/^#\d+ {2}OPEN/gm)).toHaveLength(1);
    expect((await ops(app, 'alerts', '--all')).out).toMatch(/resolved \d{4}-/);
    expect(await ops(app, 'nonsense')).toMatchObject({ code: 2, out: expect.stringContaining('npm run ops -- <command>') });
  });

  it('raises one from the product’s own paths: a mail the server keeps refusing is given up and listed (no OPERATOR_EMAIL needed)', async () => {
    smtp = await startFakeSmtp();
    smtp.setDown(true);
    t = makeTestApp({ SMTP_URL: smtp.url });
    const app = t;
    await app.store.tx((tx) =>
      queueMail(
        tx,
        { to: 'ada@gmail.com', subject: 'Your request', text: 'We read it.', html: '<p>We read it.</p>' },
        'support-1',
        app.clock.now(),
      ),
    );
    for (let attempt = 0; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      app.clock.advance(31 * 60_000);
      await app.app.runner.tick();
    }
    await app.app.alerts.idle();
    const listed = await ops(app, 'alerts');
    expect(listed.out).toContain('mail given up after repeated failures; a person must check the mail server (SMTP_URL)');
    expect(listed.out.match(/^#\d+ {2}OPEN/gm)).toHaveLength(1);
  });

  it('runs the retention sweep on demand', async () => {
    t = makeTestApp();
    const swept = await ops(t, 'sweep');
    expect(swept.code).toBe(0);
    expect(swept.out).toMatch(/^sessions: 0$/m);
    expect(swept.out).toMatch(/^tombstones: 0$/m);
  });
});
