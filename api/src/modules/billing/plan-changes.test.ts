import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signPaystackBody } from './paystack/signature';
import { tablesOf } from '../../store/schema/index';
import { makeBillingTestApp, type BillingTestApp } from '../../testing/billing-harness';
import { subscriptionEventsOf } from './subscriptions';

const DAY = 24 * 60 * 60 * 1000;
let t: BillingTestApp;
afterEach(() => t?.close());

const bearer = () => ({ authorization: `Bearer ${t.secretKey}` });
const sub = async (token: string) => (await t.call('GET', '/api/plans/subscription', undefined, t.auth(token))).json.data;
const quotes = async (token: string) => (await t.call('GET', '/api/plans/quotes', undefined, t.auth(token))).json.data as any[];
const quoteFor = async (token: string, plan: string) => (await quotes(token)).find((q) => q.plan === plan);
const history = async (token: string) => (await t.call('GET', '/api/payments/history', undefined, t.auth(token))).json.data as any[];
const remoteSub = async (code: string) => (await t.call('GET', `/sandbox/paystack/subscription/${code}`, undefined, bearer())).json.data;
const change = (token: string, planCode: string) => t.call('POST', '/api/plans/change', { planCode }, t.auth(token));
const initialize = (token: string, email: string, planCode: string) =>
  t.call('POST', '/api/payments/initialize', { email, planCode }, t.auth(token));
const verify = async (token: string, reference: string) =>
  (await t.call('GET', `/api/payments/verify/${reference}`, undefined, t.auth(token))).json;
const renew = (code: string) => t.call('POST', `/sandbox/paystack/subscriptions/${code}/charge?outcome=success`);
const pay = (url: string) => t.call('POST', url, 'outcome=pay&channel=card', { 'content-type': 'application/x-www-form-urlencoded' });
const limits = async (token: string, id: string) =>
  (await t.call('GET', `/api/users/${id}/plan-limits`, undefined, t.auth(token))).json.planLimits;

describe('upgrades: the difference for the rest of the period', () => {
  it('quotes the credit for unused days before paying, charges exactly that, keeps the period and renews at the new price', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('upgrader@gmail.com');
    await t.checkout(token, user.email, 'basic');
    const basic = await sub(token);
    const basicCode = basic.providerSubscriptionCode as string;

    t.clock.advance(10 * DAY);
    const quote = await quoteFor(token, 'pro');
    expect(quote).toMatchObject({
      kind: 'upgrade',
      currency: 'USD',
      price: 2500,
      total: 1667 - 800,
      periodEnds: basic.currentPeriodEnds,
      next: { plan: 'pro', at: basic.currentPeriodEnds, amount: 2500 },
    });
    expect(quote.lines).toEqual([
      { type: 'plan', plan: 'pro', days: 20, percent: null, amount: 1667 },
      { type: 'credit', plan: 'basic', days: 20, percent: null, amount: 800 },
    ]);

    const up = await t.checkout(token, user.email, 'pro');
    expect(up.init.data).toMatchObject({ amount: 867, currency: 'USD', discountApplied: false });
    expect(await verify(token, up.reference)).toMatchObject({ status: true, data: { amount: 867, plan: 'pro' } });
    const pro = await sub(token);
    expect(pro).toMatchObject({
      plan: 'pro',
      status: 'active',
      amount: 2500,
      currentPeriodStart: basic.currentPeriodStart,
      currentPeriodEnds: basic.currentPeriodEnds,
      daysRemaining: 20,
    });
    expect(await limits(token, user.id)).toMatchObject({ plan: 'pro', agents: 8 });

    // The renewal moved to Pro's price from the period end; the Basic subscription no longer charges.
    const proCode = pro.providerSubscriptionCode as string;
    expect(proCode).not.toBe(basicCode);
    expect((await remoteSub(basicCode)).status).toBe('complete');
    expect(await remoteSub(proCode)).toMatchObject({ status: 'active', amount: 2500, next_payment_date: basic.currentPeriodEnds });

    t.clock.advance(20 * DAY);
    const renewal = await renew(proCode);
    expect(renewal.json.data.amount).toBe(2500);
    expect(await sub(token)).toMatchObject({
      plan: 'pro',
      status: 'active',
      currentPeriodStart: basic.currentPeriodEnds,
      daysRemaining: 30,
    });
    expect((await history(token)).map((p) => [p.kind, p.plan, p.amount, p.planChange])).toEqual([
      ['renewal', 'pro', 2500, false],
      ['checkout', 'pro', 867, true],
      ['checkout', 'basic', 1200, false],
    ]);
  });

  it('hands back the open checkout when the same upgrade is asked for twice, and refunds a second paid change', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('doubleclick@gmail.com');
    await t.checkout(token, user.email, 'basic');
    t.clock.advance(5 * DAY);
    const a = (await initialize(token, user.email, 'premium')).json.data;
    const b = (await initialize(token, user.email, 'premium')).json.data;
    expect(b).toEqual(a);
    // Another tab asks for Pro meanwhile: a checkout of its own.
    const other = (await initialize(token, user.email, 'pro')).json.data;
    expect(other.reference).not.toBe(a.reference);

    await pay(a.url);
    expect(await sub(token)).toMatchObject({ plan: 'premium' });
    // Paying the Pro checkout after Premium is in force would change a plan that moved on: refunded.
    await pay(other.url);
    expect(await verify(token, other.reference)).toMatchObject({ status: false, data: { status: 'refunded', amount: other.amount } });
    expect(await sub(token)).toMatchObject({ plan: 'premium' });
    const remote = await t.call('GET', `/sandbox/paystack/transaction/verify/${other.reference}`, undefined, bearer());
    expect(remote.json.data.status).toBe('reversed');
    // The refunded payment did not count: the history says so.
    expect((await history(token)).find((p) => p.reference === other.reference)).toMatchObject({ status: 'refunded' });
  });
});

describe('downgrades: from the period end', () => {
  it('costs nothing now, keeps the current plan until the end, moves the renewal, then switches and pauses agents', async () => {
    t = makeBillingTestApp();
    const { agents } = tablesOf(t.db);
    const { token, user } = await t.signup('downer@gmail.com');
    await t.checkout(token, user.email, 'premium');
    const premium = await sub(token);
    const premiumCode = premium.providerSubscriptionCode as string;
    const ids = await t.addActiveAgents(user.id, 6);

    t.clock.advance(4 * DAY);
    expect(await quoteFor(token, 'basic')).toMatchObject({
      kind: 'downgrade',
      total: 0,
      lines: [],
      startsAt: premium.currentPeriodEnds,
      next: { plan: 'basic', amount: 1200 },
    });
    expect((await initialize(token, user.email, 'basic')).status).toBe(409);
    const res = await change(token, 'basic');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      kind: 'downgrade',
      data: { plan: 'premium', status: 'active', scheduledPlan: 'basic', scheduledAt: premium.currentPeriodEnds, autoRenew: true },
    });
    expect(await limits(token, user.id)).toMatchObject({ plan: 'premium', agents: 15 });
    expect(await history(token)).toHaveLength(1);
    const basicCode = (await sub(token)).providerSubscriptionCode as string;
    expect(basicCode).not.toBe(premiumCode);
    expect((await remoteSub(premiumCode)).status).toBe('complete');
    expect(await remoteSub(basicCode)).toMatchObject({ status: 'active', amount: 1200, next_payment_date: premium.currentPeriodEnds });
    // Chosen again, the lower plan is already scheduled.
    expect((await quoteFor(token, 'basic')).kind).toBe('scheduled');
    expect((await change(token, 'basic')).status).toBe(409);

    t.clock.advance(26 * DAY);
    expect(await sub(token)).toMatchObject({ plan: 'basic', scheduledPlan: null });
    const statuses = await t.db
      .select({ id: agents.id, status: agents.status })
      .from(agents)
      .where(eq(agents.userId, user.id))
      .orderBy(agents.createdAt);
    expect(statuses.filter((a) => a.status === 'active').map((a) => a.id)).toEqual(ids.slice(0, 4));
    const renewal = await renew(basicCode);
    expect(renewal.json.data.amount).toBe(1200);
    expect(await sub(token)).toMatchObject({
      plan: 'basic',
      status: 'active',
      currentPeriodStart: premium.currentPeriodEnds,
      daysRemaining: 30,
      amount: 1200,
    });
    expect((await subscriptionEventsOf(t.db, user.id)).map((e) => e.reason)).toEqual(
      expect.arrayContaining(['downgrade_scheduled', 'renewal_plan_changed', 'scheduled_plan_started', 'renewed']),
    );
  });

  it('choosing the current plan again undoes a scheduled downgrade', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('regretter@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const start = await sub(token);
    await change(token, 'basic');
    expect((await quoteFor(token, 'pro')).kind).toBe('keep');
    const kept = await change(token, 'pro');
    expect(kept.json).toMatchObject({ kind: 'keep', data: { plan: 'pro', scheduledPlan: null } });
    expect(await remoteSub(kept.json.data.providerSubscriptionCode)).toMatchObject({
      status: 'active',
      amount: 2500,
      next_payment_date: start.currentPeriodEnds,
    });
    expect((await quoteFor(token, 'pro')).kind).toBe('current');
  });
});

describe('resume: undoing a cancellation while the period lasts', () => {
  it('re-enables the Paystack subscription without a charge; a late disable event does not cancel it again', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('resumer@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const code = (await sub(token)).providerSubscriptionCode as string;
    t.clock.advance(12 * DAY);
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    expect(await sub(token)).toMatchObject({ status: 'non_renewing', canResume: true });
    expect(await quoteFor(token, 'pro')).toMatchObject({ kind: 'resume', total: 0 });

    const resumed = await t.call('POST', '/api/plans/resume', undefined, t.auth(token));
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({
      message: 'Your subscription is active again.',
      data: {
        status: 'active',
        cancelAtPeriodEnd: false,
        autoRenew: true,
        canResume: false,
        providerSubscriptionCode: code,
        daysRemaining: 18,
      },
    });
    expect((await remoteSub(code)).status).toBe('active');
    expect(await history(token)).toHaveLength(1);

    // Paystack's disable event for the cancellation delivered again, late: Paystack says the subscription is active.
    const events = (await t.call('GET', '/sandbox/paystack/events')).json.data as any[];
    const disable = events.find((e) => e.event === 'subscription.disable' && e.data.data.subscription_code === code);
    const late = JSON.stringify({ event: 'subscription.disable', data: { ...disable.data.data, status: 'complete', delivered: 'late' } });
    const webhook = await t.call('POST', '/api/payments/webhook', late, {
      'content-type': 'application/json',
      'x-paystack-signature': signPaystackBody(t.secretKey, late),
    });
    expect(webhook.status).toBe(200);
    expect(await sub(token)).toMatchObject({ status: 'active' });

    t.clock.advance(18 * DAY);
    expect((await renew(code)).json.data.amount).toBe(2500);
    expect(await sub(token)).toMatchObject({ status: 'active', plan: 'pro', daysRemaining: 30 });
    expect((await t.call('POST', '/api/plans/resume', undefined, t.auth(token))).status).toBe(409);
  });

  it('a downgrade scheduled before a cancellation survives the resume: the renewal charges the lower plan, and Billing says so', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('keepsswitch@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const pro = await sub(token);
    expect(pro.nextCharge).toEqual({ plan: 'pro', amount: 2500, currency: 'USD', at: pro.currentPeriodEnds });
    t.clock.advance(5 * DAY);
    expect((await change(token, 'basic')).status).toBe(200);
    const scheduled = await sub(token);
    // The next charge is the lower plan's, from the period end.
    expect(scheduled).toMatchObject({ plan: 'pro', scheduledPlan: 'basic', amount: 2500 });
    expect(scheduled.nextCharge).toEqual({ plan: 'basic', amount: 1200, currency: 'USD', at: pro.currentPeriodEnds });
    const code = scheduled.providerSubscriptionCode as string;

    // Cancelled: the plan simply ends, nothing is charged next.
    expect((await t.call('POST', '/api/plans/cancel', undefined, t.auth(token))).status).toBe(200);
    expect(await sub(token)).toMatchObject({ status: 'non_renewing', scheduledPlan: null, nextCharge: null });

    // Resumed: the switch to Basic is back, and so is Basic's renewal.
    const resumed = await t.call('POST', '/api/plans/resume', undefined, t.auth(token));
    expect(resumed.status).toBe(200);
    expect(resumed.json.data).toMatchObject({ status: 'active', plan: 'pro', scheduledPlan: 'basic', scheduledAt: pro.currentPeriodEnds });
    expect((await sub(token)).nextCharge).toEqual({ plan: 'basic', amount: 1200, currency: 'USD', at: pro.currentPeriodEnds });
    expect(await remoteSub(code)).toMatchObject({ status: 'active', amount: 1200, next_payment_date: pro.currentPeriodEnds });

    t.clock.advance(25 * DAY);
    expect((await renew(code)).json.data.amount).toBe(1200);
    expect(await sub(token)).toMatchObject({ plan: 'basic', status: 'active', amount: 1200, scheduledPlan: null, daysRemaining: 30 });
  });

  it('a cancelled plan with a downgrade scheduled ends at its period end, into the free tier, never into the lower plan', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('endsanyway@gmail.com');
    await t.checkout(token, user.email, 'pro');
    await change(token, 'basic');
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    t.clock.advance(31 * DAY);
    expect(await sub(token)).toMatchObject({ plan: 'free', status: 'free', scheduledPlan: null, nextCharge: null });
    expect((await subscriptionEventsOf(t.db, user.id)).map((e) => e.reason)).not.toContain('scheduled_plan_started');
  });

  it('a cancelled plan can renew at a lower plan instead; after the period it can no longer be resumed', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('lowerafter@gmail.com');
    await t.checkout(token, user.email, 'premium');
    const first = await sub(token);
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    expect((await quoteFor(token, 'basic')).kind).toBe('downgrade');
    const res = await change(token, 'basic');
    expect(res.json.data).toMatchObject({ status: 'active', plan: 'premium', scheduledPlan: 'basic', autoRenew: true });
    expect(await remoteSub(res.json.data.providerSubscriptionCode)).toMatchObject({
      status: 'active',
      amount: 1200,
      next_payment_date: first.currentPeriodEnds,
    });

    const other = await t.signup('toolate@gmail.com');
    await t.checkout(other.token, other.user.email, 'pro');
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(other.token));
    t.clock.advance(31 * DAY);
    expect((await t.call('POST', '/api/plans/resume', undefined, t.auth(other.token))).json.message).toBe(
      'There is no cancelled plan to resume.',
    );
  });
});

describe('every renewal shown is one Paystack will charge', () => {
  it('pay Pro, change to Basic, cancel, choose Basic again: the Basic subscription renews at Paystack, and is charged', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('roundtrip@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const first = await sub(token);
    expect((await change(token, 'basic')).status).toBe(200);
    const basicCode = (await sub(token)).providerSubscriptionCode as string;
    expect((await t.call('POST', '/api/plans/cancel', undefined, t.auth(token))).status).toBe(200);
    expect((await remoteSub(basicCode)).status).toBe('complete');

    const again = await change(token, 'basic');
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ status: 'active', autoRenew: true, scheduledPlan: 'basic' });
    // What the product says is what Paystack will do: the renewing subscription is live, at Basic's price, from the period end.
    const renewing = await remoteSub(again.json.data.providerSubscriptionCode);
    expect(renewing).toMatchObject({ status: 'active', amount: 1200 });
    expect(new Date(renewing.next_payment_date).getTime()).toBe(new Date(first.currentPeriodEnds).getTime());
    t.clock.advance(30 * DAY);
    expect((await renew(again.json.data.providerSubscriptionCode)).json.data.amount).toBe(1200);
    expect(await sub(token)).toMatchObject({ plan: 'basic', status: 'active', daysRemaining: 30 });
  });

  it('replaces a renewal Paystack will not enable again with a new one from the period end', async () => {
    // This Paystack refuses to enable a disabled subscription, as it may once one has ended.
    t = makeBillingTestApp(
      {},
      {
        wrapPaystackFetch: (forward) => async (input, init) =>
          String(input).endsWith('/subscription/enable')
            ? new Response(JSON.stringify({ status: false, message: 'This subscription cannot be enabled' }), { status: 400 })
            : forward(input, init),
      },
    );
    const { token, user } = await t.signup('ended@gmail.com');
    await t.checkout(token, user.email, 'pro');
    const first = await sub(token);
    await change(token, 'basic');
    const basicCode = (await sub(token)).providerSubscriptionCode as string;
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    const again = await change(token, 'basic');
    expect(again.status).toBe(200);
    const code = again.json.data.providerSubscriptionCode as string;
    expect(code).not.toBe(basicCode);
    expect((await remoteSub(basicCode)).status).toBe('complete');
    const renewing = await remoteSub(code);
    expect(renewing).toMatchObject({ status: 'active', amount: 1200 });
    expect(new Date(renewing.next_payment_date).getTime()).toBe(new Date(first.currentPeriodEnds).getTime());
  });

  it('choosing the plan in force again after cancelling (a resume) also renews at Paystack', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('roundtrip2@gmail.com');
    await t.checkout(token, user.email, 'pro');
    await change(token, 'basic');
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    // The cancelled Basic renewal went with the cancel; Pro chosen again resumes it at Pro's price.
    const again = await change(token, 'pro');
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ status: 'active', autoRenew: true, plan: 'pro' });
    expect(await remoteSub(again.json.data.providerSubscriptionCode)).toMatchObject({ status: 'active', amount: 2500 });
  });
});

describe('receipts and confirmations by mail', () => {
  it('mails the receipt of a payment and confirms a scheduled downgrade, a cancellation and a resume, in the user’s language, once each', async () => {
    t = makeBillingTestApp();
    const { mailOutbox } = tablesOf(t.db);
    const { token, user } = await t.signup('recu@gmail.com');
    await t.call('PUT', `/api/users/${user.id}`, { language: 'fr' }, t.auth(token));
    const mails = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(mailOutbox.id)).filter(
        (mail) => !/\d{6}/.test(mail.subject),
      );

    const paid = await t.checkout(token, user.email, 'pro');
    await verify(token, paid.reference);
    let sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Votre reçu Bidpilot : Freelance Pro, /);
    expect(sent[0]!.text).toContain(`Référence du paiement : ${paid.reference}`);
    expect(sent[0]!.html).toContain('lang="fr"');

    await change(token, 'basic');
    await t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    await t.call('POST', '/api/plans/resume', undefined, t.auth(token));
    sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Votre reçu Bidpilot/),
      expect.stringMatching(/^Votre formule passe à Freelance Basic le /),
      'Votre formule Freelance Pro est résiliée',
      'Votre formule Freelance Pro est de nouveau active',
    ]);
    // The resume's confirmation names the renewal as it is: Basic, at Basic's price.
    expect(sent[3]!.text).toMatch(/se renouvelle en Freelance Basic, à 12/);
    // A verification delivered again sends no second receipt.
    await verify(token, paid.reference);
    expect(await mails()).toHaveLength(4);
  });
});

describe('paying ahead without automatic renewal', () => {
  it('a bank payer pays the next period (or a lower plan for it) from the current end; the dates are told as they are', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('bankahead@gmail.com');
    await t.checkout(token, user.email, 'pro', { channel: 'bank' });
    const first = await sub(token);
    t.clock.advance(25 * DAY);
    const quote = await quoteFor(token, 'basic');
    expect(quote).toMatchObject({ kind: 'prepay', total: 1200, startsAt: first.currentPeriodEnds });
    await t.checkout(token, user.email, 'basic', { channel: 'bank' });
    const ahead = await sub(token);
    // The running period is still the one that started 25 days ago; the paid one follows it.
    expect(ahead).toMatchObject({
      plan: 'pro',
      currentPeriodStart: first.currentPeriodStart,
      paidAheadFrom: first.currentPeriodEnds,
      currentPeriodEnds: new Date(Date.parse(first.currentPeriodEnds) + 30 * DAY).toISOString(),
      scheduledPlan: 'basic',
      scheduledAt: first.currentPeriodEnds,
      daysRemaining: 35,
      periodDays: 60,
    });
    expect((await quoteFor(token, 'basic')).kind).toBe('scheduled');
    expect((await quoteFor(token, 'pro')).kind).toBe('paid_ahead');
    t.clock.advance(5 * DAY);
    expect(await sub(token)).toMatchObject({
      plan: 'basic',
      status: 'active',
      currentPeriodStart: first.currentPeriodEnds,
      paidAheadFrom: null,
      daysRemaining: 30,
      periodDays: 30,
    });
  });
});

describe('the plan change API', () => {
  it('answers 409 for a change of the wrong kind and 400 for a bad plan, changing nothing', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('wrongkind@gmail.com');
    expect((await change(token, 'pro')).json).toMatchObject({ code: 'conflict', message: 'This plan change is paid at checkout.' });
    await t.checkout(token, user.email, 'pro');
    expect((await change(token, 'pro')).json).toMatchObject({ code: 'conflict', message: 'You are already on this plan.' });
    expect((await initialize(token, user.email, 'pro')).json).toMatchObject({ code: 'conflict', message: 'You are already on this plan.' });
    expect((await change(token, 'gold')).status).toBe(400);
    expect((await t.call('POST', '/api/plans/change', { planCode: 'basic' })).status).toBe(401);
    expect(await sub(token)).toMatchObject({ plan: 'pro', scheduledPlan: null });
  });
});
