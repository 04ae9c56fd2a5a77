import { afterEach, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { PaystackClient } from '../paystack/client';
import { priceMinor } from '@shared/plans';
import { tablesOf } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { createLogger } from '../../../kernel/logger';
import { SandboxPaystackStore } from '../paystack/sandbox/store';
import { sandboxPaystackRoutes } from '../paystack/sandbox';
import { createRouter } from '../../../kernel/http/router';
import { ensureSecrets } from '../../../kernel/secrets';
import { makeBillingTestApp, type BillingTestApp } from '../../../testing/billing-harness';
import type { PaystackFetch } from '../../../testing/harness';
import { CryptoBox } from '../../../kernel/crypto-box';
import { BILLING_CLAIM_LEASE_MS, BillingClaims } from './billing-claims';
import { BillingService } from './index';
import { PENDING_CHECK_AFTER_MS } from './pending-checks';
import { REFUND_ALERT_AFTER, REFUND_LEASE_MS } from './refunds';

/*
 * A Paystack subscription is an effect outside the database: creating one is claimed first, and a
 * process killed around the call leaves a claim that another process takes over once its lease has
 * lapsed, looking at Paystack before creating again. Here the first process is "killed" by holding
 * its POST /subscription forever (before it goes out, or after Paystack answered); a second billing
 * service on the same database plays the process that starts afterwards.
 */

let t: BillingTestApp;
afterEach(() => t?.close());

/** Waits until `done` holds (work a request left running in the background). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

type Json = Record<string, unknown>;

/**
 * Holds the app's next call to Paystack that matches (`POST …/subscription` unless told) forever:
 * before it reaches Paystack, or after; or lets it through and loses Paystack's answer ('lost': the
 * caller sees a network error); or answers it with Paystack down ('down': a 503, nothing made) or
 * refusing it ('refused': a 400, nothing made).
 */
function killSwitch() {
  type When = 'before' | 'after' | 'lost' | 'down' | 'refused';
  let armed: When | null = null;
  let target = /^POST \S*\/subscription$/;
  let hit: () => void = () => undefined;
  let reached = Promise.resolve();
  const wrap =
    (forward: PaystackFetch): PaystackFetch =>
    async (input, init) => {
      const hits = target.test(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
      if (!hits || !armed) return forward(input, init);
      const when = armed;
      armed = null;
      if (when === 'down' || when === 'refused') {
        hit();
        return when === 'down'
          ? Response.json({ status: false, message: 'Service unavailable' }, { status: 503 })
          : Response.json({ status: false, message: 'Authorization is not reusable' }, { status: 400 });
      }
      if (when !== 'before') await forward(input, init);
      hit();
      if (when === 'lost') throw new Error('socket hang up');
      return new Promise<Response>(() => undefined);
    };
  return {
    wrap,
    arm(when: When, at = /^POST \S*\/subscription$/) {
      armed = when;
      target = at;
      reached = new Promise<void>((resolve) => (hit = resolve));
    },
    get reached() {
      return reached;
    },
  };
}

const subRow = async (userId: string) => {
  const { subscriptions } = tablesOf(t.db);
  return (await first(t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))))!;
};
const unfinishedClaims = () => {
  const { billingClaims } = tablesOf(t.db);
  return t.db.select().from(billingClaims).where(isNull(billingClaims.doneAt));
};
/** The customer's subscriptions that Paystack would charge. */
const chargingAtPaystack = async (email: string) =>
  (await new SandboxPaystackStore(t.sandboxStore, () => t.clock.now()).all('subscription')).filter(
    (s) => (s.customer as Json).email === email && s.status === 'active',
  );

/** The process started after the crash: its own Paystack client and billing service, the same database. */
function restartedBilling() {
  const paystack = new PaystackClient({
    secretKey: t.secretKey,
    baseUrl: 'http://localhost/sandbox/paystack',
    retries: 0,
    fetch: async (input, init) => t.app.request(input, init),
  });
  const box = new CryptoBox(ensureSecrets(t.dataDir).encryptionKey);
  return new BillingService({ store: t.store, clock: t.clock, paystack, box, log: createLogger('silent'), publicUrl: t.config.publicUrl });
}

/** A product whose Paystack calls can be held, with a signed-up user. */
async function appWithKillSwitch(email: string) {
  const kill = killSwitch();
  t = makeBillingTestApp({}, { wrapPaystackFetch: kill.wrap });
  return { kill, ...(await t.signup(email)) };
}

/** The same, the user subscribed to `plan` with a card (so a Paystack subscription renews it). */
async function subscribedWithKillSwitch(email: string, plan: 'basic' | 'pro' | 'premium') {
  const app = await appWithKillSwitch(email);
  await t.checkout(app.token, app.user.email, plan);
  return { ...app, subscribed: await subRow(app.user.id) };
}

/**
 * The process started after the kill, once the claims' lease has lapsed: takes them over, then
 * (when `retries`) runs again after the minute a follow-up waits for a switch under way.
 */
async function afterRestart(retries = false): Promise<number> {
  const next = restartedBilling();
  t.clock.advance(BILLING_CLAIM_LEASE_MS + 1000);
  const taken = await next.resumeClaims();
  if (!retries) return taken;
  t.clock.advance(2 * 60 * 1000);
  return taken + (await next.resumeClaims());
}

describe('auto-renewal after a checkout, when the process dies around creating it', () => {
  it('killed after the charge committed and before Paystack was asked: the next process turns auto-renewal on, once', async () => {
    const { kill, token, user } = await appWithKillSwitch('renew@gmail.com');
    kill.arm('before');
    void t.checkout(token, user.email, 'basic');
    await kill.reached;
    expect(await subRow(user.id)).toMatchObject({ status: 'active', plan: 'basic', providerSubscriptionCode: null });
    expect(await chargingAtPaystack(user.email)).toHaveLength(0);

    const next = restartedBilling();
    // The claimant may still be alive: nothing is taken over before its lease lapses.
    expect(await next.resumeClaims()).toBe(0);
    t.clock.advance(BILLING_CLAIM_LEASE_MS + 1000);
    expect(await next.resumeClaims()).toBe(1);
    const charging = await chargingAtPaystack(user.email);
    expect(charging).toHaveLength(1);
    expect(await subRow(user.id)).toMatchObject({ status: 'active', providerSubscriptionCode: charging[0]!.subscription_code });
    expect(await unfinishedClaims()).toHaveLength(0);
  });

  it('killed after Paystack created it: the next process finds it there and creates no second one', async () => {
    const { kill, token, user } = await appWithKillSwitch('created@gmail.com');
    kill.arm('after');
    void t.checkout(token, user.email, 'pro');
    await kill.reached;
    expect(await chargingAtPaystack(user.email)).toHaveLength(1);

    expect(await afterRestart()).toBe(1);
    const charging = await chargingAtPaystack(user.email);
    expect(charging).toHaveLength(1);
    expect((await subRow(user.id)).providerSubscriptionCode).toBe(charging[0]!.subscription_code);
    expect(await unfinishedClaims()).toHaveLength(0);
  });
});

describe('auto-renewal after a checkout, when Paystack is down at that moment', () => {
  it('is tried again later under its claim, and turned on once Paystack answers', async () => {
    const { kill, token, user } = await appWithKillSwitch('outage@gmail.com');
    kill.arm('down');
    await t.checkout(token, user.email, 'basic');
    await kill.reached;
    expect(await subRow(user.id)).toMatchObject({ status: 'active', providerSubscriptionCode: null });
    expect(await unfinishedClaims()).toHaveLength(1);

    // Not before its retry time; then by whichever process's chore comes first.
    expect(await restartedBilling().resumeClaims()).toBe(0);
    t.clock.advance(5 * 60 * 1000 + 1000);
    expect(await restartedBilling().resumeClaims()).toBe(1);
    const charging = await chargingAtPaystack(user.email);
    expect(charging).toHaveLength(1);
    expect((await subRow(user.id)).providerSubscriptionCode).toBe(charging[0]!.subscription_code);
    expect(await unfinishedClaims()).toHaveLength(0);
  });
});

/** A refund arises: Basic paid, then two checkouts for other plans both paid; the second no longer applies and is given back. */
async function secondChangePaid(token: string, email: string, pay: (url: string) => Promise<unknown>) {
  await t.checkout(token, email, 'basic');
  const init = async (planCode: string) =>
    (await t.call('POST', '/api/payments/initialize', { email, planCode }, t.auth(token))).json.data as { url: string; reference: string };
  const premium = await init('premium');
  const pro = await init('pro');
  await t.call('POST', premium.url, 'outcome=pay&channel=card', { 'content-type': 'application/x-www-form-urlencoded' });
  void pay(pro.url);
  return pro.reference;
}

const paymentStatus = async (reference: string) => {
  const { payments } = tablesOf(t.db);
  return (await first(t.db.select().from(payments).where(eq(payments.reference, reference))))!.status;
};
const payAt = (url: string) => t.call('POST', url, 'outcome=pay&channel=card', { 'content-type': 'application/x-www-form-urlencoded' });

describe('a refund cut off by a crash or an unreachable Paystack', () => {
  it('killed before Paystack was asked: the chore gives it back, asking once, without the payer coming back', async () => {
    const { kill, token, user } = await appWithKillSwitch('refund.crash@gmail.com');
    kill.arm('before', /^POST \S*\/refund$/);
    const reference = await secondChangePaid(token, user.email, payAt);
    await kill.reached;
    expect(await paymentStatus(reference)).toBe('refunding');

    const next = restartedBilling();
    // The claimant may still be alive: nothing is taken over before its lease lapses.
    expect(await next.finishRefunds()).toBe(0);
    t.clock.advance(REFUND_LEASE_MS + 1000);
    expect(await next.finishRefunds()).toBe(1);
    expect(await paymentStatus(reference)).toBe('refunded');
    const remote = await t.call('GET', `/sandbox/paystack/transaction/verify/${reference}`, undefined, {
      authorization: `Bearer ${t.secretKey}`,
    });
    expect(remote.json.data.status).toBe('reversed');
    t.clock.advance(REFUND_LEASE_MS + 1000);
    expect(await next.finishRefunds()).toBe(0);
  });

  it('killed after Paystack took the refund: it ends refunded, and Paystack is not asked again', async () => {
    const { kill, token, user } = await appWithKillSwitch('refund.after@gmail.com');
    kill.arm('after', /^POST \S*\/refund$/);
    const reference = await secondChangePaid(token, user.email, payAt);
    await kill.reached;
    const before = (await new SandboxPaystackStore(t.sandboxStore, () => t.clock.now()).all('refund')).length;
    t.clock.advance(REFUND_LEASE_MS + 1000);
    // Paystack's refund.processed webhook may have marked it already; either way nothing is asked twice.
    await restartedBilling().finishRefunds();
    expect(await paymentStatus(reference)).toBe('refunded');
    expect((await new SandboxPaystackStore(t.sandboxStore, () => t.clock.now()).all('refund')).length).toBe(before);
  });

  it('Paystack unreachable: the refund stays claimed, is tried on each lapse, is alerted once stuck, then finishes', async () => {
    let down = false;
    const lines: string[] = [];
    t = makeBillingTestApp(
      {},
      {
        wrapPaystackFetch: (forward) => async (input, init) =>
          down && new URL(input).pathname.includes('/refund')
            ? Response.json({ status: false, message: 'Service unavailable' }, { status: 503 })
            : forward(input, init),
      },
    );
    const { token, user } = await t.signup('refund.down@gmail.com');
    down = true;
    const reference = await secondChangePaid(token, user.email, payAt);
    await until(async () => (await paymentStatus(reference)) === 'refunding');
    const paystack = new PaystackClient({
      secretKey: t.secretKey,
      baseUrl: 'http://localhost/sandbox/paystack',
      retries: 0,
      fetch: async (input, init) =>
        down && new URL(input).pathname.includes('/refund')
          ? Response.json({ status: false }, { status: 503 })
          : t.app.request(input, init),
    });
    const box = new CryptoBox(ensureSecrets(t.dataDir).encryptionKey);
    const log = createLogger('error', {}, (line) => lines.push(line));
    const billing = new BillingService({
      store: t.store,
      clock: t.clock,
      paystack,
      box,
      log,
      publicUrl: t.config.publicUrl,
      operatorEmail: 'ops@example.com',
    });
    for (let i = 0; i < REFUND_ALERT_AFTER; i++) {
      t.clock.advance(REFUND_LEASE_MS + 1000);
      expect(await billing.finishRefunds()).toBe(1);
      expect(await paymentStatus(reference)).toBe('refunding');
    }
    // Stuck: an error for the operator in the log, and a mail to the operator's address, once.
    const stuck = lines
      .map((line) => JSON.parse(line) as { level: string; msg: string; reference?: string })
      .filter((l) => /stuck refunding/.test(l.msg));
    expect(stuck).toEqual([expect.objectContaining({ level: 'error', reference })]);
    const { mailOutbox } = tablesOf(t.db);
    const alerts = (await t.db.select().from(mailOutbox)).filter((mail) => mail.to === 'ops@example.com');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toContain(reference);
    // Paystack answers again: the next lapse finishes it.
    down = false;
    t.clock.advance(REFUND_LEASE_MS + 1000);
    expect(await billing.finishRefunds()).toBe(1);
    expect(await paymentStatus(reference)).toBe('refunded');
  });
});

describe('a checkout whose webhook died with the process', () => {
  it('is verified by the sweep a few minutes later, without the payer coming back, and looked at less often while unpaid', async () => {
    t = makeBillingTestApp();
    const { token, user } = await t.signup('sweep@gmail.com');
    const init = async (planCode: string) =>
      (await t.call('POST', '/api/payments/initialize', { email: user.email, planCode }, t.auth(token))).json.data as {
        url: string;
        reference: string;
      };
    const paidCheckout = await init('pro');
    // Paid on Paystack's page, and its webhook lost (the process that would take it is gone): the
    // sandbox's own records, reached through a router whose webhook deliveries all fail.
    const lost = createRouter();
    lost.route(
      '/sandbox',
      sandboxPaystackRoutes({
        store: t.sandboxStore,
        clock: t.clock,
        secretKey: t.secretKey,
        webhookUrl: `${t.config.publicUrl}/api/payments/webhook`,
        publicUrl: t.config.publicUrl,
        fetch: async () => new Response(null, { status: 503 }),
      }),
    );
    const paidPage = await lost.request(paidCheckout.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay&channel=card',
    });
    expect(paidPage.status).toBeLessThan(400);
    const unpaid = await init('premium');
    expect(await paymentStatus(paidCheckout.reference)).toBe('pending');

    const billing = restartedBilling();
    // Too early: a webhook may still be on its way.
    expect(await billing.verifyPendingPayments()).toBe(0);
    t.clock.advance(PENDING_CHECK_AFTER_MS + 1000);
    expect(await billing.verifyPendingPayments()).toBe(2);
    expect(await paymentStatus(paidCheckout.reference)).toBe('success');
    expect(await subRow(user.id)).toMatchObject({ status: 'active', plan: 'pro' });
    // The unpaid one stays pending, and is not looked at again on every tick.
    expect(await paymentStatus(unpaid.reference)).toBe('pending');
    expect(await billing.verifyPendingPayments()).toBe(0);
    t.clock.advance(11 * 60 * 1000);
    expect(await billing.verifyPendingPayments()).toBe(1);
  });
});

describe('a switch of the renewing subscription, when the process dies after creating the new one', () => {
  it('the next process disables the one it left and moves the renewal once: one subscription charges, at the new price', async () => {
    const { providerPlans } = tablesOf(t.db);
    const { kill, token, user, subscribed: basic } = await subscribedWithKillSwitch('upgrade@gmail.com', 'basic');
    expect(basic.providerSubscriptionCode).not.toBeNull();

    // An upgrade within the period: its follow-up moves the renewal to a subscription on the pro plan.
    t.clock.advance(24 * 60 * 60 * 1000);
    kill.arm('after');
    void t.checkout(token, user.email, 'pro');
    await kill.reached;
    // Killed here: Paystack holds two subscriptions that would both charge, and ours names the old one.
    const left = (await chargingAtPaystack(user.email)).map((s) => String(s.subscription_code));
    expect(left).toHaveLength(2);
    expect(await subRow(user.id)).toMatchObject({ plan: 'pro', providerSubscriptionCode: basic.providerSubscriptionCode });
    const orphan = left.find((code) => code !== basic.providerSubscriptionCode)!;

    // The upgrade's own follow-up waits for the switch; it runs again a minute later and finds it done.
    await afterRestart(true);

    const charging = await chargingAtPaystack(user.email);
    expect(charging).toHaveLength(1);
    // The one the killed process created (recorded nowhere) is off; the renewal was moved again, once.
    expect([basic.providerSubscriptionCode, orphan]).not.toContain(charging[0]!.subscription_code);
    const renewsAt = await first(
      t.db
        .select()
        .from(providerPlans)
        .where(eq(providerPlans.planCode, String((charging[0]!.plan as Json).plan_code))),
    );
    expect(renewsAt).toMatchObject({ plan: 'pro', amount: priceMinor('pro', basic.currency!) });
    expect(await subRow(user.id)).toMatchObject({ plan: 'pro', providerSubscriptionCode: charging[0]!.subscription_code });
    expect(await unfinishedClaims()).toHaveLength(0);
  });

  it("Paystack's answer lost during a downgrade: the change is undone, and the subscription Paystack made meanwhile is disabled", async () => {
    const { kill, token, user, subscribed: pro } = await subscribedWithKillSwitch('downgrade@gmail.com', 'pro');
    kill.arm('lost');
    const refused = await t.call('POST', '/api/plans/change', { planCode: 'basic' }, t.auth(token));
    expect(refused.status).toBe(500);
    expect(refused.json.message).toMatch(/could not be changed/);
    // Paystack did create the basic-plan subscription: until it is found, two would charge.
    expect(await chargingAtPaystack(user.email)).toHaveLength(2);
    expect(await subRow(user.id)).toMatchObject({
      plan: 'pro',
      scheduledPlan: null,
      providerSubscriptionCode: pro.providerSubscriptionCode,
    });

    await afterRestart();
    // What the switch was for was undone: the renewal stays on the pro subscription, the only one charging.
    const charging = await chargingAtPaystack(user.email);
    expect(charging.map((s) => s.subscription_code)).toEqual([pro.providerSubscriptionCode]);
    expect(await subRow(user.id)).toMatchObject({ plan: 'pro', providerSubscriptionCode: pro.providerSubscriptionCode });
    expect(await unfinishedClaims()).toHaveLength(0);
  });
});

describe('a switch Paystack refuses', () => {
  it('ends its claim at once: the change is undone, and the next one is not held up as busy', async () => {
    const { kill, token, user, subscribed: pro } = await subscribedWithKillSwitch('refused@gmail.com', 'pro');
    kill.arm('refused');
    const refused = await t.call('POST', '/api/plans/change', { planCode: 'basic' }, t.auth(token));
    expect(refused.status).toBe(500);
    expect(await unfinishedClaims()).toHaveLength(0);
    expect(await subRow(user.id)).toMatchObject({
      plan: 'pro',
      scheduledPlan: null,
      providerSubscriptionCode: pro.providerSubscriptionCode,
    });
    const again = await t.call('POST', '/api/plans/change', { planCode: 'basic' }, t.auth(token));
    expect(again.status).toBe(200);
    expect(await subRow(user.id)).toMatchObject({ plan: 'pro', scheduledPlan: 'basic' });
    expect(await chargingAtPaystack(user.email)).toHaveLength(1);
  });
});

describe('a change recorded before Paystack is told, when the process dies in between', () => {
  it('a cancel: the next process disables the renewing subscription, so the cancelled plan is not charged again', async () => {
    const { kill, token, user } = await subscribedWithKillSwitch('cancel@gmail.com', 'basic');
    kill.arm('before', /^POST \S*\/subscription\/disable$/);
    void t.call('POST', '/api/plans/cancel', undefined, t.auth(token));
    await kill.reached;
    expect(await subRow(user.id)).toMatchObject({ status: 'non_renewing', cancelAtPeriodEnd: true });
    expect(await chargingAtPaystack(user.email)).toHaveLength(1);

    expect(await afterRestart()).toBe(1);
    expect(await chargingAtPaystack(user.email)).toHaveLength(0);
    expect(await subRow(user.id)).toMatchObject({ status: 'non_renewing', plan: 'basic' });
    expect(await unfinishedClaims()).toHaveLength(0);
  });

  it('a downgrade: the next process moves the renewal to the lower price, once', async () => {
    const { providerPlans } = tablesOf(t.db);
    const { kill, token, user, subscribed: premium } = await subscribedWithKillSwitch('lower@gmail.com', 'premium');
    // Killed at its first call to Paystack (reading the renewing subscription), before any switch began.
    kill.arm('before', /^GET \S*\/subscription\/SUB_\w+$/);
    void t.call('POST', '/api/plans/change', { planCode: 'basic' }, t.auth(token));
    await kill.reached;
    expect(await subRow(user.id)).toMatchObject({
      plan: 'premium',
      scheduledPlan: 'basic',
      providerSubscriptionCode: premium.providerSubscriptionCode,
    });

    await afterRestart(true);
    const charging = await chargingAtPaystack(user.email);
    expect(charging).toHaveLength(1);
    const renewsAt = await first(
      t.db
        .select()
        .from(providerPlans)
        .where(eq(providerPlans.planCode, String((charging[0]!.plan as Json).plan_code))),
    );
    expect(renewsAt).toMatchObject({ plan: 'basic', amount: priceMinor('basic', premium.currency!) });
    expect(await subRow(user.id)).toMatchObject({
      plan: 'premium',
      scheduledPlan: 'basic',
      providerSubscriptionCode: charging[0]!.subscription_code,
    });
    expect(await unfinishedClaims()).toHaveLength(0);
  });

  it('a resume: the next process enables the subscription again, so the plan renews as the user was told', async () => {
    const { kill, token, user } = await subscribedWithKillSwitch('resume@gmail.com', 'pro');
    expect((await t.call('POST', '/api/plans/cancel', undefined, t.auth(token))).status).toBe(200);
    expect(await chargingAtPaystack(user.email)).toHaveLength(0);
    kill.arm('before', /^POST \S*\/subscription\/enable$/);
    void t.call('POST', '/api/plans/resume', undefined, t.auth(token));
    await kill.reached;
    const resumed = await subRow(user.id);
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    expect(await afterRestart()).toBe(1);
    const charging = await chargingAtPaystack(user.email);
    expect(charging.map((s) => s.subscription_code)).toEqual([resumed.providerSubscriptionCode]);
    expect(await unfinishedClaims()).toHaveLength(0);
  });
});

describe('BillingClaims', () => {
  it('a claimant whose claim was taken over can neither record progress nor finish it; the new claimant can', async () => {
    t = makeBillingTestApp();
    const { user } = await t.signup('claims@gmail.com');
    const claims = new BillingClaims(t.store);
    const opened = await t.store.tx((tx) =>
      BillingClaims.open(tx, { userId: user.id, kind: 'switch', payload: { step: 1 } }, t.clock.now()),
    );
    expect(await claims.takeOverLapsed(t.clock.now())).toHaveLength(0);
    t.clock.advance(BILLING_CLAIM_LEASE_MS + 1);
    const [taken] = await claims.takeOverLapsed(t.clock.now());
    expect(taken).toMatchObject({ claim: { id: opened.id, takenOver: true }, row: { attempts: 2, payload: { step: 1 } } });
    expect(await t.store.tx((tx) => BillingClaims.record(tx, opened, { late: true }))).toBe(false);
    expect(await claims.finish(opened, t.clock.now())).toBe(false);
    expect(await t.store.tx((tx) => BillingClaims.record(tx, taken!.claim, { created: 'SUB_x' }))).toBe(true);
    expect(await claims.finish(taken!.claim, t.clock.now())).toBe(true);
    expect(await unfinishedClaims()).toHaveLength(0);
  });

  it('two processes taking over lapsed claims at once take each claim once', async () => {
    t = makeBillingTestApp();
    const { user } = await t.signup('twice@gmail.com');
    for (let n = 0; n < 6; n++)
      await t.store.tx((tx) => BillingClaims.open(tx, { userId: user.id, kind: 'follow_ups', payload: { n } }, t.clock.now()));
    t.clock.advance(BILLING_CLAIM_LEASE_MS + 1);
    const [a, b] = await Promise.all([
      new BillingClaims(t.store).takeOverLapsed(t.clock.now()),
      new BillingClaims(t.store).takeOverLapsed(t.clock.now()),
    ]);
    const ids = [...a!, ...b!].map((taken) => taken.claim.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });
});
