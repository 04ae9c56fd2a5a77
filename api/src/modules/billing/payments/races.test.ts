import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signPaystackBody } from '../paystack/signature';
import { tablesOf } from '../../../store/schema/index';
import { SandboxPaystackStore } from '../paystack/sandbox/store';
import { makeBillingTestApp, type BillingTestApp } from '../../../testing/billing-harness';
import { subscriptionEventsOf } from '../subscriptions';

/*
 * Billing awaits its store: between a check and its write a request now yields to others, which the
 * synchronous code never did. These tests send what Paystack and a payer really send at the same
 * time (a charge's webhook and return, checkouts, cancels, downgrades) and look for one effect only:
 * each check is read in the transaction that writes.
 */

let t: BillingTestApp;
afterEach(() => t?.close());

const sandbox = () => new SandboxPaystackStore(t.sandboxStore, () => t.clock.now());
const count = <T>(list: T[], wanted: T) => list.filter((item) => item === wanted).length;

/** Marks the checkout paid at the sandbox Paystack, without its webhook: answers the charge.success it would send. */
async function paidWithoutWebhook(reference: string): Promise<string> {
  const held = (await sandbox().get('transaction', reference))!;
  const paid: Record<string, unknown> = {
    ...held,
    status: 'success',
    channel: 'card',
    paid_at: t.clock.now().toISOString(),
    authorization: { authorization_code: 'AUTH_race', channel: 'card', brand: 'visa', last4: '4081', reusable: true },
  };
  await sandbox().update('transaction', reference, paid);
  const { callback_url: _cb, channels: _ch, access_code: _ac, ...data } = paid;
  return JSON.stringify({ event: 'charge.success', data });
}

describe('one charge seen by several at once', () => {
  it('two deliveries of its webhook and the payer coming back at the same time: applied once, one renewal started at Paystack', async () => {
    t = makeBillingTestApp();
    const { payments, webhookEvents } = tablesOf(t.db);
    const { token, user } = await t.signup('race@gmail.com');
    const init = await t.call('POST', '/api/payments/initialize', { email: user.email, planCode: 'pro' }, t.auth(token));
    expect(init.status).toBe(200);
    const reference = init.json.data.reference as string;
    const raw = await paidWithoutWebhook(reference);
    const deliver = () => t.call('POST', '/api/payments/webhook', raw, { 'x-paystack-signature': signPaystackBody(t.secretKey, raw) });

    const [first, second, verified] = await Promise.all([
      deliver(),
      deliver(),
      t.call('GET', `/api/payments/verify/${reference}`, undefined, t.auth(token)),
    ]);

    expect([first.status, second.status, verified.status]).toEqual([200, 200, 200]);
    expect(verified.json).toMatchObject({ status: true, data: { reference, status: 'success', plan: 'pro' } });
    const mine = await t.store.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, 'success')));
    expect(mine.map((p) => p.reference)).toEqual([reference]);
    const reasons = (await subscriptionEventsOf(t.store.db, user.id)).map((e) => e.reason);
    expect(count(reasons, 'trial_converted')).toBe(1);
    expect(count(reasons, 'auto_renew_on')).toBe(1);
    // Paystack was asked to start the renewal once: one subscription on the customer's card.
    expect(await sandbox().all('subscription')).toHaveLength(1);
    expect(await t.store.db.select().from(webhookEvents).where(eq(webhookEvents.event, 'charge.success'))).toHaveLength(1);
    const sub = await t.call('GET', '/api/plans/subscription', undefined, t.auth(token));
    expect(sub.json.data).toMatchObject({ plan: 'pro', status: 'active', autoRenew: true });
  });

  it('two checkouts for one change opened at the same time: one payment is started at Paystack', async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const { token, user } = await t.signup('twice@gmail.com');
    const open = () => t.call('POST', '/api/payments/initialize', { email: user.email, planCode: 'basic' }, t.auth(token));

    const answers = await Promise.all([open(), open(), open()]);

    // Each is the one checkout or, while it is still being opened, told to wait (409): never a second charge.
    const references = new Set(answers.filter((a) => a.status === 200).map((a) => a.json.data.reference as string));
    expect(references.size).toBe(1);
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.json.code === 'conflict'))).toBe(true);
    const rows = await t.store.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((p) => [p.reference, p.status])).toEqual([[[...references][0], 'pending']]);
    expect(await sandbox().all('transaction')).toHaveLength(1);
  });
});

describe('one plan change asked twice at once', () => {
  it('two cancels: recorded once, Paystack told once', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('cancel2@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const cancel = () => t.call('POST', '/api/plans/cancel', undefined, t.auth(token));

    const answers = await Promise.all([cancel(), cancel()]);

    expect(answers.map((a) => [a.status, a.json.data.status])).toEqual([
      [200, 'non_renewing'],
      [200, 'non_renewing'],
    ]);
    const reasons = (await subscriptionEventsOf(t.store.db, user.id)).map((e) => e.reason);
    expect(count(reasons, 'canceled_by_user')).toBe(1);
    expect(reasons).not.toContain('cancel_failed');
    const disables = (await sandbox().all('event')).filter((e) => e.event === 'subscription.disable');
    expect(disables).toHaveLength(1);
  });

  it('two downgrades: scheduled once, the renewal moved at Paystack once, the other told there is nothing to change', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('down2@gmail.com');
    await t.checkout(token, user.email, 'premium');
    const before = (await sandbox().all('subscription')).length;
    const downgrade = () => t.call('POST', '/api/plans/change', { planCode: 'basic' }, t.auth(token));

    const answers = await Promise.all([downgrade(), downgrade()]);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 200)!.json.data).toMatchObject({ plan: 'premium', scheduledPlan: 'basic', autoRenew: true });
    const reasons = (await subscriptionEventsOf(t.store.db, user.id)).map((e) => e.reason);
    expect(count(reasons, 'downgrade_scheduled')).toBe(1);
    expect(reasons).not.toContain('plan_change_failed');
    // The renewal switched to the basic price once: one new Paystack subscription, the old one disabled.
    expect((await sandbox().all('subscription')).length - before).toBe(1);
  });
});
