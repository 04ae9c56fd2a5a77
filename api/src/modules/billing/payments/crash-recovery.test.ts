import { afterEach, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { PaystackClient } from '../paystack/client';
import { priceMinor } from '@shared/plans';
import { tablesOf } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { createLogger } from '../../../kernel/logger';
import { SandboxPaystackStore } from '../paystack/sandbox/store';
import { ensureSecrets } from '../../../kernel/secrets';
import { makeBillingTestApp, type BillingTestApp } from '../../../testing/billing-harness';
import type { PaystackFetch } from '../../../testing/harness';
import { CryptoBox } from '../../../kernel/crypto-box';
import { BILLING_CLAIM_LEASE_MS, BillingClaims } from './billing-claims';
import { BillingService } from './index';

/*
 * A Paystack subscription is an effect outside the database: creating one is claimed first, and a
 * process killed around the call leaves a claim that another process takes over once its lease has
 * lapsed, looking at Paystack before creating again. Here the first process is "killed" by holding
 * its POST /subscription forever (before it goes out, or after Paystack answered); a second billing
 * service on the same database plays the process that starts afterwards.
 */

let t: BillingTestApp;
afterEach(() => t?.close());

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
