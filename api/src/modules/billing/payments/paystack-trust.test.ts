import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import crypto from 'node:crypto';
import { signPaystackBody } from '../paystack/signature';
import { PaystackClient } from '../paystack/client';
import { tablesOf } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { createLogger } from '../../../kernel/logger';
import { ensureSecrets } from '../../../kernel/secrets';
import { CryptoBox } from '../../../kernel/crypto-box';
import { PaystackWebhooks } from '../payment-webhooks';
import { BillingService } from './index';
import { SandboxPaystackStore } from '../paystack/sandbox/store';
import { makeBillingTestApp, type BillingTestApp } from '../../../testing/billing-harness';

/*
 * What the billing trusts from Paystack (security assessment finding 3): the payer's email is the
 * account's own, a charge counts only once Paystack's verify endpoint confirms it, renewals are
 * matched by subscription code, and a customer code is never shared between two users.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: BillingTestApp;
afterEach(() => t?.close());

const subRow = async (userId: string) => {
  const { subscriptions } = tablesOf(t.db);
  return (await first(t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))))!;
};
const sandboxStore = () => new SandboxPaystackStore(t.sandboxStore, () => t.clock.now());
const customerCodeOf = (email: string) => `CUS_${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 15)}`;
const signed = (body: unknown) => {
  const raw = JSON.stringify(body);
  return t.call('POST', '/api/payments/webhook', raw, { 'x-paystack-signature': signPaystackBody(t.secretKey, raw) });
};

describe('POST /api/payments/initialize', () => {
  it("pays with the account's own email: another address is refused and nothing is started", async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const carol = await t.signup('carol@gmail.com');
    await t.signup('dave@gmail.com');
    const foreign = await t.call('POST', '/api/payments/initialize', { email: 'dave@gmail.com', planCode: 'pro' }, t.auth(carol.token));
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toMatch(/your account's email/);
    expect(await t.db.select().from(payments)).toHaveLength(0);
    const own = await t.call('POST', '/api/payments/initialize', { email: 'Carol@gmail.com', planCode: 'pro' }, t.auth(carol.token));
    expect(own.status).toBe(200);
    const transaction = (await sandboxStore().get('transaction', own.json.data.reference))!;
    expect((transaction.customer as { email: string }).email).toBe('carol@gmail.com');
  });
});

describe('charge.success', () => {
  it('is applied only once Paystack confirms it: a signed event for an unpaid checkout changes nothing', async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const { token, user } = await t.signup('hook@gmail.com');
    const init = await t.call('POST', '/api/payments/initialize', { email: user.email, planCode: 'pro' }, t.auth(token));
    const reference = init.json.data.reference as string;
    // Correctly signed (the key leaked, or a replayed body edited by someone who has it), but never paid.
    const event = {
      event: 'charge.success',
      data: {
        status: 'success',
        reference,
        amount: 2500,
        currency: 'USD',
        channel: 'card',
        paid_at: t.clock.now().toISOString(),
        customer: { email: user.email, customer_code: 'CUS_x' },
      },
    };
    expect((await signed(event)).status).toBe(200);
    expect((await subRow(user.id)).status).toBe('trialing');
    expect((await first(t.db.select().from(payments).where(eq(payments.reference, reference))))!.status).toBe('pending');
    // Paid for real: the same event now applies what Paystack says.
    const form = new URLSearchParams({ outcome: 'pay', channel: 'card' }).toString();
    await t.call('POST', init.json.data.url as string, form, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await subRow(user.id)).toMatchObject({ status: 'active', plan: 'pro' });
  });

  it("renews the subscription Paystack charged, even when another user's row holds the same customer code", async () => {
    t = makeBillingTestApp();
    const { payments, subscriptions } = tablesOf(t.db);
    // Carol's account predates the fix: her row holds Dave's customer code (she paid with his email).
    const carol = await t.signup('carol@gmail.com');
    const dave = await t.signup('dave@gmail.com');
    await t.checkout(carol.token, carol.user.email, 'basic');
    await t.checkout(dave.token, dave.user.email, 'basic');
    const daveCode = (await subRow(dave.user.id)).providerSubscriptionCode!;
    await t.db
      .update(subscriptions)
      .set({ providerCustomerCode: (await subRow(dave.user.id)).providerCustomerCode })
      .where(eq(subscriptions.userId, carol.user.id));
    const carolBefore = await subRow(carol.user.id);
    const daveBefore = await subRow(dave.user.id);
    t.clock.advance(30 * DAY);
    expect((await t.call('POST', `/sandbox/paystack/subscriptions/${daveCode}/charge?outcome=success`)).status).toBe(200);
    expect((await subRow(dave.user.id)).currentPeriodEnd!.getTime()).toBe(daveBefore.currentPeriodEnd!.getTime() + 30 * DAY);
    expect((await subRow(carol.user.id)).currentPeriodEnd).toEqual(carolBefore.currentPeriodEnd);
    expect(await t.db.select().from(payments).where(eq(payments.userId, carol.user.id))).toHaveLength(1);
  });

  it('never records a customer code another user already holds (and starts no renewal on it)', async () => {
    t = makeBillingTestApp();
    const { subscriptions } = tablesOf(t.db);
    const erin = await t.signup('erin@gmail.com');
    const frank = await t.signup('frank@gmail.com');
    // Erin's row already holds the customer Paystack will answer for Frank's email.
    await t.call('GET', '/api/plans/subscription', undefined, t.auth(erin.token));
    await t.db
      .update(subscriptions)
      .set({ providerCustomerCode: customerCodeOf('frank@gmail.com') })
      .where(eq(subscriptions.userId, erin.user.id));
    await t.checkout(frank.token, frank.user.email, 'pro');
    expect(await subRow(frank.user.id)).toMatchObject({
      status: 'active',
      plan: 'pro',
      providerCustomerCode: null,
      providerSubscriptionCode: null,
    });
    expect(await subRow(erin.user.id)).toMatchObject({ status: 'trialing', providerCustomerCode: customerCodeOf('frank@gmail.com') });
  });
});

describe('when Paystack cannot confirm a charge', () => {
  it('records nothing and answers 500, so the retried event is applied', async () => {
    t = makeBillingTestApp();
    const { webhookEvents } = tablesOf(t.db);
    const { token, user } = await t.signup('retry@gmail.com');
    const init = await t.call('POST', '/api/payments/initialize', { email: user.email, planCode: 'basic' }, t.auth(token));
    const reference = init.json.data.reference as string;
    // The payer pays while our server cannot reach Paystack's verify endpoint.
    let reachable = false;
    const secrets = ensureSecrets(t.dataDir);
    const paystack = new PaystackClient({
      secretKey: t.secretKey,
      baseUrl: 'http://localhost/sandbox/paystack',
      retries: 0,
      fetch: async (input, requestInit) => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return t.app.request(input, requestInit);
      },
    });
    const billing = new BillingService({
      store: t.store,
      clock: t.clock,
      paystack,
      box: new CryptoBox(secrets.encryptionKey),
      log: createLogger('silent'),
      publicUrl: t.config.publicUrl,
    });
    const webhooks = new PaystackWebhooks(billing, t.secretKey);
    const store = new SandboxPaystackStore(t.sandboxStore, () => t.clock.now());
    await store.update('transaction', reference, {
      ...(await store.get('transaction', reference))!,
      status: 'success',
      paid_at: t.clock.now().toISOString(),
      channel: 'bank',
    });
    const raw = JSON.stringify({ event: 'charge.success', data: { ...(await store.get('transaction', reference))! } });
    const signature = signPaystackBody(t.secretKey, raw);
    expect(await webhooks.handle(raw, signature)).toMatchObject({ status: 500, outcome: 'unverified' });
    expect(await t.db.select().from(webhookEvents)).toHaveLength(0);
    expect((await subRow(user.id)).status).toBe('trialing');
    reachable = true;
    expect(await webhooks.handle(raw, signature)).toMatchObject({ status: 200, outcome: 'applied' });
    expect(await subRow(user.id)).toMatchObject({ status: 'active', plan: 'basic' });
  });
});
