import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signPaystackBody } from './paystack/signature';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { makeBillingTestApp, type BillingTestApp } from '../../testing/billing-harness';
import { subscriptionEventsOf } from './subscriptions';
import { SandboxPaystackStore } from './paystack/sandbox/store';

const DAY = 24 * 60 * 60 * 1000;
let t: BillingTestApp;
afterEach(() => t?.close());

const post = (raw: string, signature?: string) =>
  t.call('POST', '/api/payments/webhook', raw, signature === undefined ? {} : { 'x-paystack-signature': signature });
const signed = (raw: string) => post(raw, signPaystackBody(t.secretKey, raw));
const subRow = async (userId: string) => {
  const { subscriptions } = tablesOf(t.db);
  return (await first(t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))))!;
};
/** Makes the sandbox Paystack hold a transaction, so its verify endpoint confirms the event about it. */
const paystackHolds = async <E extends { data: Record<string, unknown> }>(event: E): Promise<E> => {
  const store = new SandboxPaystackStore(t.sandboxStore, () => t.clock.now());
  const reference = String(event.data.reference);
  const held = await store.get('transaction', reference);
  if (held) await store.update('transaction', reference, { ...held, ...event.data });
  else await store.insert('transaction', reference, { ...event.data });
  return event;
};

/** A user with an initialized (unpaid) pro checkout, and the charge.success Paystack would send for it. */
async function pendingCheckout(email = 'hook@gmail.com') {
  const { token, user } = await t.signup(email);
  const init = await t.call('POST', '/api/payments/initialize', { email, planCode: 'pro' }, t.auth(token));
  const reference = init.json.data.reference as string;
  const charge = (paidAt: Date, extra: Record<string, unknown> = {}) => ({
    event: 'charge.success',
    data: {
      id: 1234567,
      status: 'success',
      reference,
      amount: 2500,
      currency: 'USD',
      channel: 'card',
      paid_at: paidAt.toISOString(),
      metadata: JSON.stringify({ userId: user.id, plan: 'pro' }),
      authorization: { authorization_code: 'AUTH_x', channel: 'card', brand: 'mastercard', last4: '5555', reusable: false },
      customer: { email, customer_code: 'CUS_hooktest' },
      plan: null,
      ...extra,
    },
  });
  return { token, user, reference, charge };
}

describe('POST /api/payments/webhook', () => {
  it('applies a valid charge.success once; a replay answers 200 and changes nothing', async () => {
    t = makeBillingTestApp();
    const { payments, webhookEvents } = tablesOf(t.db);
    const { user, reference, charge } = await pendingCheckout();
    const raw = JSON.stringify(await paystackHolds(charge(t.clock.now())));
    const applied = await signed(raw);
    expect(applied.status).toBe(200);
    expect(applied.json).toEqual({ received: true });
    const after = await subRow(user.id);
    expect(after).toMatchObject({
      plan: 'pro',
      status: 'active',
      cardBrand: 'mastercard',
      cardLast4: '5555',
      providerCustomerCode: 'CUS_hooktest',
    });
    expect(await first(t.db.select().from(payments).where(eq(payments.reference, reference)))).toMatchObject({
      status: 'success',
      channel: 'card',
    });

    t.clock.advance(60_000);
    const replay = await signed(raw);
    expect(replay.status).toBe(200);
    expect(await subRow(user.id)).toEqual(after);
    expect((await subscriptionEventsOf(t.db, user.id)).map((e) => e.reason)).toEqual(['trial_started', 'trial_converted']);
    expect(await t.db.select().from(webhookEvents)).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 401 and changes nothing', async () => {
    t = makeBillingTestApp();
    const { payments, webhookEvents } = tablesOf(t.db);
    const { user, reference, charge } = await pendingCheckout();
    const raw = JSON.stringify(charge(t.clock.now()));
    expect((await post(raw)).status).toBe(401);
    expect((await post(raw, 'ab'.repeat(64))).status).toBe(401);
    expect((await post(raw, signPaystackBody('sk_test_someone_else', raw))).status).toBe(401);
    const tampered = raw.replace('"amount":2500', '"amount":2501');
    expect((await post(tampered, signPaystackBody(t.secretKey, raw))).status).toBe(401);
    expect((await subRow(user.id)).status).toBe('trialing');
    expect((await first(t.db.select().from(payments).where(eq(payments.reference, reference))))!.status).toBe('pending');
    expect(await t.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it('checks the raw bytes: the same event re-serialised is a different signature', async () => {
    t = makeBillingTestApp();
    const { user, charge } = await pendingCheckout();
    const event = await paystackHolds(charge(t.clock.now()));
    const pretty = JSON.stringify(event, null, 2);
    // Signed over the compact form but sent pretty-printed: refused.
    expect((await post(pretty, signPaystackBody(t.secretKey, JSON.stringify(event)))).status).toBe(401);
    // Signed over exactly the bytes sent: accepted, whatever the formatting.
    expect((await signed(pretty)).status).toBe(200);
    expect((await subRow(user.id)).status).toBe('active');
  });

  it('refuses a charge whose amount or currency differs from the checkout, even as Paystack reports it', async () => {
    t = makeBillingTestApp();
    const { user, charge } = await pendingCheckout();
    expect((await signed(JSON.stringify(await paystackHolds(charge(t.clock.now(), { amount: 100 }))))).status).toBe(200);
    expect((await signed(JSON.stringify(charge(t.clock.now(), { currency: 'NGN', id: 99 })))).status).toBe(200);
    expect((await subRow(user.id)).status).toBe('trialing');
  });

  it('answers 200 to an unknown event and records it, changing nothing; 400 to a signed non-event', async () => {
    t = makeBillingTestApp();
    const { webhookEvents } = tablesOf(t.db);
    const { user } = await pendingCheckout();
    const raw = JSON.stringify({ event: 'transfer.success', data: { reference: 'TRF_1', amount: 10 } });
    expect((await signed(raw)).status).toBe(200);
    expect((await t.db.select().from(webhookEvents)).map((e) => [e.event, e.outcome])).toEqual([['transfer.success', 'unhandled_event']]);
    expect((await subRow(user.id)).status).toBe('trialing');
    expect((await signed('not json')).status).toBe(400);
    expect((await signed('{"data":{}}')).status).toBe(400);
  });

  it('out of order: a failed renewal older than the last payment is stale; an older renewal does not move the period', async () => {
    t = makeBillingTestApp();
    const { providerPlans, webhookEvents } = tablesOf(t.db);
    const { token, user } = await t.signup('order@gmail.com');
    await t.checkout(token, user.email, 'basic');
    const start = await subRow(user.id);
    const plan = (await first(t.db.select().from(providerPlans)))!;
    const end = start.currentPeriodEnd!;
    const renewal = async (ref: string, paidAt: Date) =>
      JSON.stringify(
        await paystackHolds({
          event: 'charge.success',
          data: {
            id: ref,
            status: 'success',
            reference: ref,
            amount: 1200,
            currency: 'USD',
            channel: 'card',
            paid_at: paidAt.toISOString(),
            metadata: '',
            authorization: { authorization_code: 'AUTH_1', channel: 'card', brand: 'visa', last4: '4081', reusable: true },
            customer: { email: user.email, customer_code: start.providerCustomerCode },
            plan: { plan_code: plan.planCode, interval: 'monthly' },
          },
        }),
      );
    const failure = JSON.stringify({
      event: 'invoice.payment_failed',
      data: {
        invoice_code: 'INV_1',
        paid: false,
        created_at: new Date(end.getTime() - 60_000).toISOString(),
        subscription: { subscription_code: start.providerSubscriptionCode, status: 'attention' },
        customer: { email: user.email, customer_code: start.providerCustomerCode },
      },
    });
    t.clock.set(new Date(end.getTime() + 31 * DAY));
    // The second renewal arrives first, then the first, then a failure from before both.
    expect((await signed(await renewal('R2', new Date(end.getTime() + 30 * DAY)))).status).toBe(200);
    expect((await signed(await renewal('R1', end))).status).toBe(200);
    expect((await signed(failure)).status).toBe(200);
    const final = await subRow(user.id);
    expect(final.status).toBe('active');
    expect(final.currentPeriodStart!.getTime()).toBe(end.getTime() + 30 * DAY);
    expect(final.currentPeriodEnd!.getTime()).toBe(end.getTime() + 60 * DAY);
    expect((await t.db.select().from(webhookEvents)).map((e) => e.outcome).slice(-3)).toEqual(['applied', 'applied', 'stale']);
    const history = (await t.call('GET', '/api/payments/history', undefined, t.auth(token))).json.data;
    expect(history.filter((p: any) => p.kind === 'renewal')).toHaveLength(2);
  });

  it('out of order: a subscription disabled before its create arrives never renews, and the plan runs to its end', async () => {
    t = makeBillingTestApp();
    const { providerPlans } = tablesOf(t.db);
    const { token, user } = await t.signup('disable@gmail.com');
    await t.checkout(token, user.email, 'basic', { channel: 'bank' });
    const row = await subRow(user.id);
    expect(row.providerSubscriptionCode).toBeNull();
    await t.db
      .insert(providerPlans)
      .values({ plan: 'basic', currency: 'USD', amount: 1200, planCode: 'PLN_test', createdAt: t.clock.now() });
    const sub = {
      subscription_code: 'SUB_late',
      email_token: 'tok',
      plan: { plan_code: 'PLN_test' },
      customer: { email: user.email, customer_code: row.providerCustomerCode },
    };
    expect((await signed(JSON.stringify({ event: 'subscription.disable', data: { ...sub, status: 'complete' } }))).status).toBe(200);
    expect((await signed(JSON.stringify({ event: 'subscription.create', data: { ...sub, status: 'active' } }))).status).toBe(200);
    expect(await subRow(user.id)).toMatchObject({ status: 'non_renewing', cancelAtPeriodEnd: true, providerSubscriptionCode: 'SUB_late' });
    t.clock.advance(30 * DAY);
    expect((await t.call('GET', '/api/plans/subscription', undefined, t.auth(token))).json.data).toMatchObject({
      status: 'free',
      plan: 'free',
    });
  });

  it('in order: create adopts the renewing subscription and disable ends renewal at the period end', async () => {
    t = makeBillingTestApp();
    const { providerPlans } = tablesOf(t.db);
    const { token, user } = await t.signup('inorder@gmail.com');
    await t.checkout(token, user.email, 'basic', { channel: 'bank' });
    const row = await subRow(user.id);
    await t.db
      .insert(providerPlans)
      .values({ plan: 'basic', currency: 'USD', amount: 1200, planCode: 'PLN_test', createdAt: t.clock.now() });
    const sub = {
      subscription_code: 'SUB_ok',
      email_token: 'tok',
      plan: { plan_code: 'PLN_test' },
      customer: { email: user.email, customer_code: row.providerCustomerCode },
    };
    await signed(JSON.stringify({ event: 'subscription.create', data: { ...sub, status: 'active' } }));
    expect(await subRow(user.id)).toMatchObject({ status: 'active', providerSubscriptionCode: 'SUB_ok' });
    expect((await subRow(user.id)).providerEmailToken).not.toContain('tok');
    await signed(JSON.stringify({ event: 'subscription.disable', data: { ...sub, status: 'complete' } }));
    expect(await subRow(user.id)).toMatchObject({ status: 'non_renewing', cancelAtPeriodEnd: true });
  });
});
