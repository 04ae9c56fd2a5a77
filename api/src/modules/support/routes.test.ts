import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { tablesOf } from '../../store/schema/index';
import { listSandboxMail } from '../mail/sandbox/mailbox';
import { dispatchMail } from '../mail/outbox';
import { createLogger } from '../../kernel/logger';
import { makeTestApp, type TestApp } from '../../testing/harness';

let t: TestApp;
beforeEach(() => {
  t = makeTestApp({ SUPPORT_EMAIL: 'help@bidpilot.example' });
});
afterEach(() => t.close());

/** A user whose address is verified (a support request needs a proven address). */
async function user(email: string) {
  const { token, user } = await t.signup(email, 'Sturdy-Pass1', { language: 'fr' });
  const verified = await t.call('POST', '/api/auth/verify-email', { email, code: await t.lastCode(email) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  return { token, id: user.id, email, auth: t.auth(token) };
}

describe('support requests', () => {
  it('stores the request with a ticket number, mails support (Reply-To the user) and acknowledges in the user\u2019s language', async () => {
    const ada = await user('support.ada@gmail.com');
    const sent = await t.call(
      'POST',
      '/api/support/requests',
      { topic: 'billing', message: 'My card was charged twice for the Pro plan this morning.' },
      ada.auth,
    );
    expect(sent.status).toBe(201);
    expect(sent.json.data).toMatchObject({
      ticket: expect.stringMatching(/^SUP-\d{6}$/),
      topic: 'billing',
      status: 'open',
      reference: null,
    });
    const ticket = sent.json.data.ticket as string;

    await new Promise((resolve) => setTimeout(resolve, 50));
    const staff = await listSandboxMail(t.sandboxStore, 'help@bidpilot.example');
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ subject: expect.stringContaining(`[${ticket}] billing`) });
    expect(staff[0]!.text).toContain('support.ada@gmail.com');
    expect(staff[0]!.text).toContain('charged twice');
    const ack = (await listSandboxMail(t.sandboxStore, 'support.ada@gmail.com')).filter((m) => m.subject.includes(ticket));
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe(`Nous avons bien reçu votre demande ${ticket}`);
    // The acknowledgement names the ticket and never repeats what the sender wrote.
    expect(ack[0]!.text).toContain(ticket);
    expect(ack[0]!.text).not.toContain('charged twice');
    expect(ack[0]!.html).not.toContain('charged twice');

    const list = await t.call('GET', '/api/support/requests', undefined, ada.auth);
    expect(list.json.data.map((r: { ticket: string }) => r.ticket)).toEqual([ticket]);
  });

  it('refers to a payment or a proposal of the user only; another user\u2019s reference is refused and nothing is stored or mailed', async () => {
    const { jobItems, mailOutbox, payments, supportRequests } = tablesOf(t.db);
    const ada = await user('ref.ada@gmail.com');
    const bob = await user('ref.bob@gmail.com');
    const now = t.clock.now();
    await t.db.insert(payments).values({
      id: 'p1',
      userId: bob.id,
      reference: 'bob-ref-1',
      plan: 'pro',
      currency: 'USD',
      amount: 2500,
      status: 'success',
      kind: 'checkout',
      createdAt: now,
      updatedAt: now,
    });
    await t.db.insert(jobItems).values({
      id: 'item-ada',
      userId: ada.id,
      platform: 'freelancer',
      externalId: '1',
      title: 'Fix my React app',
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    });

    const refs = await t.call('GET', '/api/support/references', undefined, ada.auth);
    expect(refs.json).toEqual({ payments: [], proposals: [{ id: 'item-ada', label: 'Fix my React app', at: now.toISOString() }] });

    const foreign = await t.call(
      'POST',
      '/api/support/requests',
      { topic: 'billing', message: 'About this payment, please have a look.', reference: { kind: 'payment', id: 'bob-ref-1' } },
      ada.auth,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toMatch(/not one of yours/);
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
    // Only the sign-ups' verification codes (mail that expires) are in the outbox: nothing about support.
    expect((await t.db.select().from(mailOutbox)).filter((mail) => mail.expiresAt === null)).toHaveLength(0);

    const mine = await t.call(
      'POST',
      '/api/support/requests',
      { topic: 'agents', message: 'This draft was never sent, why?', reference: { kind: 'proposal', id: 'item-ada' } },
      ada.auth,
    );
    expect(mine.json.data).toMatchObject({ reference: { kind: 'proposal', id: 'item-ada' }, referenceLabel: 'Fix my React app' });

    // A payment is named in words, with the fields the form shows in the user's language.
    const bobs = await t.call('GET', '/api/support/references', undefined, bob.auth);
    expect(bobs.json.payments).toEqual([
      {
        id: 'bob-ref-1',
        label: 'Pro plan · 25.00 USD · paid',
        at: now.toISOString(),
        plan: 'pro',
        amount: 2500,
        currency: 'USD',
        status: 'success',
      },
    ]);
    const aboutPayment = await t.call(
      'POST',
      '/api/support/requests',
      { topic: 'billing', message: 'About this payment, please have a look.', reference: { kind: 'payment', id: 'bob-ref-1' } },
      bob.auth,
    );
    expect(aboutPayment.json.data.referenceLabel).toBe('Pro plan · 25.00 USD · paid');
  });

  it('gives the support address to a visitor who cannot sign in, without a session', async () => {
    const contact = await t.call('GET', '/api/support/contact');
    expect(contact.status).toBe(200);
    expect(contact.json).toEqual({ email: 'help@bidpilot.example' });
  });

  it('refuses a short or unknown-topic request with a clear message, and a replay with the same key stores one request', async () => {
    const { supportRequests } = tablesOf(t.db);
    const ada = await user('bad.ada@gmail.com');
    const short = await t.call('POST', '/api/support/requests', { topic: 'billing', message: 'help' }, ada.auth);
    expect(short.status).toBe(400);
    expect(short.json.message).toMatch(/at least 10 characters/);
    expect(
      (await t.call('POST', '/api/support/requests', { topic: 'refunds', message: 'Please refund my last payment.' }, ada.auth)).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/support/requests', { topic: 'other', message: 'No token here, who am I?' })).status).toBe(401);

    const body = { topic: 'account', message: 'Please delete my account and my data.' };
    const key = { ...ada.auth, 'idempotency-key': 'support-1' };
    const first = await t.call('POST', '/api/support/requests', body, key);
    const replay = await t.call('POST', '/api/support/requests', body, key);
    expect(replay.json.data.ticket).toBe(first.json.data.ticket);
    expect(await t.db.select().from(supportRequests).where(eq(supportRequests.userId, ada.id))).toHaveLength(1);
  });

  it('is no mail relay: an unverified address sends nothing, and a sender chose none of the words Bidpilot mails', async () => {
    const { mailOutbox, supportRequests } = tablesOf(t.db);
    const { token } = await t.signup('not.mine@gmail.com');
    const lure = 'Your account is locked: log in at https://bidpilot-login.example to keep it.';
    const unverified = await t.call('POST', '/api/support/requests', { topic: 'account', message: lure }, t.auth(token));
    expect(unverified.status).toBe(403);
    expect(unverified.json).toMatchObject({ code: 'email_not_verified', message: expect.stringMatching(/verify your email/) });
    expect(await t.db.select().from(supportRequests)).toHaveLength(0);
    expect(
      (await t.db.select().from(mailOutbox)).filter((mail) => mail.to === 'not.mine@gmail.com' && /request/i.test(mail.subject)),
    ).toHaveLength(0);

    const ada = await user('relay.ada@gmail.com');
    expect((await t.call('POST', '/api/support/requests', { topic: 'account', message: lure }, ada.auth)).status).toBe(201);
    const toSender = (await t.db.select().from(mailOutbox)).filter((mail) => mail.to === 'relay.ada@gmail.com');
    expect(toSender.some((mail) => mail.subject.includes('SUP-'))).toBe(true);
    for (const mail of toSender) {
      expect(mail.text).not.toContain('bidpilot-login.example');
      expect(mail.html).not.toContain('bidpilot-login.example');
    }
  });

  it('limits requests per account (5 an hour, 20 a day) and per client address (20 an hour), refusing with 429 and storing nothing more', async () => {
    const { supportRequests } = tablesOf(t.db);
    const ada = await user('burst.ada@gmail.com');
    // A burst of requests from one account: five go through, the rest are refused at once.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call('POST', '/api/support/requests', { topic: 'other', message: `Message number ${i} of a burst.` }, ada.auth),
      ),
    );
    expect(burst.filter((res) => res.status === 201)).toHaveLength(5);
    const refused = burst.filter((res) => res.status === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await t.db.select().from(supportRequests).where(eq(supportRequests.userId, ada.id))).toHaveLength(5);
    // After the hour, five more; the day's twenty are the most.
    for (let hour = 0; hour < 5; hour++) {
      t.clock.advance(60 * 60_000 + 1000);
      for (let i = 0; i < 5; i++)
        await t.call('POST', '/api/support/requests', { topic: 'other', message: `Hour ${hour}, message ${i} here.` }, ada.auth);
    }
    expect(await t.db.select().from(supportRequests).where(eq(supportRequests.userId, ada.id))).toHaveLength(20);

    // Many accounts from one address: twenty an hour in all.
    t.clock.advance(25 * 60 * 60_000);
    const senders = await Promise.all(Array.from({ length: 5 }, (_, i) => user(`many.${i}@gmail.com`)));
    const statuses: number[] = [];
    for (const sender of senders)
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await t.call('POST', '/api/support/requests', { topic: 'other', message: `From one address, ${i}.` }, sender.auth)).status,
        );
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('sends each queued mail once, also when two dispatchers run at once, and retries one the mail server refused', async () => {
    const { mailOutbox } = tablesOf(t.db);
    const ada = await user('once.ada@gmail.com');
    let failures = 1;
    const sent: string[] = [];
    const mailer = {
      kind: 'smtp' as const,
      async send(message: { to: string; messageId?: string }) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (failures-- > 0) throw new Error('451 try again later');
        sent.push(`${message.to} ${message.messageId}`);
      },
    };
    // No dispatch on commit here: the test drives the outbox.
    await t.call('POST', '/api/support/requests', { topic: 'other', message: 'Just saying hello to the team.' }, ada.auth);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The support mail alone is sent again (the sign-up's code, which expires, stays sent).
    await t.db
      .update(mailOutbox)
      .set({ sentAt: null, claimToken: null, claimUntil: null, attempts: 0 })
      .where(isNull(mailOutbox.expiresAt));
    const deps = { store: t.store, clock: t.clock, mailer, log: createLogger('silent') };
    await Promise.all([dispatchMail(deps), dispatchMail(deps)]);
    expect(sent).toHaveLength(1);
    t.clock.advance(10 * 60_000);
    await dispatchMail(deps);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    await dispatchMail(deps);
    expect(sent).toHaveLength(2);
  });
});
