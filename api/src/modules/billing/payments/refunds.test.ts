import { afterEach, describe, expect, it } from 'vitest';
import { billingMessages } from '@shared/schemas/billing';
import { eq } from 'drizzle-orm';
import { PaystackClient } from '../paystack/client';
import { signPaystackBody } from '../paystack/signature';
import { tablesOf } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { createRouter } from '../../../kernel/http/router';
import { createLogger } from '../../../kernel/logger';
import { sandboxPaystackRoutes } from '../paystack/sandbox';
import { ensureSecrets } from '../../../kernel/secrets';
import { CryptoBox } from '../../../kernel/crypto-box';
import { PaystackWebhooks } from '../payment-webhooks';
import { BillingService } from '.';
import { makeBillingTestApp, type BillingTestApp } from '../../../testing/billing-harness';
import { REFUND_LEASE_MS, refundOutcome, Refunds } from './refunds';

let t: BillingTestApp;
afterEach(() => t?.close());

/** A paid checkout in the sandbox, then its row put back to pending as if its charge had not been looked at yet (and its payer's token). */
async function paidCheckout() {
  const { payments } = tablesOf(t.db);
  const { token, user } = await t.signup('refundee@gmail.com');
  const { reference } = await t.checkout(token, user.email, 'basic');
  await t.db.update(payments).set({ status: 'pending' }).where(eq(payments.reference, reference));
  return Object.assign((await first(t.db.select().from(payments).where(eq(payments.reference, reference))))!, { token });
}

const refundEvents = async () => {
  const { webhookEvents } = tablesOf(t.db);
  return (await t.db.select().from(webhookEvents)).filter((e) => e.event.startsWith('refund.'));
};
const statusOf = async (id: string) => {
  const { payments } = tablesOf(t.db);
  return (await first(t.db.select().from(payments).where(eq(payments.id, id))))!.status;
};

/**
 * The sandbox Paystack (the same records as the app's) reached through a fetch that counts what is
 * asked of `/refund`, and whose webhooks are lost on the way: what a claimant sees when its
 * process dies before Paystack's word comes back.
 */
function paystackWithoutWebhooks() {
  const router = createRouter();
  router.route(
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
  const asked = { refunds: 0, lookups: 0 };
  const client = new PaystackClient({
    secretKey: t.secretKey,
    baseUrl: `${t.config.publicUrl}/sandbox/paystack`,
    retries: 0,
    fetch: async (input, init) => {
      if (new URL(input).pathname.startsWith('/sandbox/paystack/refund')) {
        if (init.method === 'POST') asked.refunds++;
        else asked.lookups++;
      }
      return router.request(input, init);
    },
  });
  /** A sandbox control (`/paystack/...`) on the same records, its webhooks lost too. */
  const control = (path: string) => router.request(`${t.config.publicUrl}/sandbox${path}`, { method: 'POST' });
  return { client, asked, control };
}

/** The app's own sandbox Paystack, whose webhooks reach the app; `reachable` false answers 503 instead. */
function appPaystack(reachable: () => boolean = () => true) {
  return new PaystackClient({
    secretKey: t.secretKey,
    baseUrl: `${t.config.publicUrl}/sandbox/paystack`,
    retries: 0,
    fetch: async (input, init) => (reachable() ? t.app.request(input, init) : new Response('down', { status: 503 })),
  });
}

const billingDeps = (paystack: PaystackClient, log = createLogger('silent')) => ({
  store: t.store,
  clock: t.clock,
  paystack,
  box: new CryptoBox(ensureSecrets(t.dataDir).encryptionKey),
  log,
  publicUrl: t.config.publicUrl,
});
const refundsWith = (paystack: PaystackClient, log = createLogger('silent')) => new Refunds(billingDeps(paystack, log));

describe('refundOutcome', () => {
  it("is refunded while Paystack has the refund in hand, and waits for a person once it failed or needs the customer's details", () => {
    expect(['pending', 'processing', 'processed'].map((s) => refundOutcome(s as 'pending'))).toEqual(['refunded', 'refunded', 'refunded']);
    expect(refundOutcome('failed')).toBe('refund_failed');
    expect(refundOutcome('needs-attention')).toBe('refund_failed');
  });
});

describe('refund claims', () => {
  it('one claimant at a time; only the claimant completes; a stale claim is taken over and Paystack is asked once', async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const row = await paidCheckout();
    const { client, asked } = paystackWithoutWebhooks();
    const refunds = refundsWith(client);
    const claimed = await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    expect(claimed).toMatchObject({ reference: row.reference, takenOver: false });
    const again = (await first(t.db.select().from(payments).where(eq(payments.id, row.id))))!;
    expect(await t.store.tx((tx) => Refunds.claim(tx, again, t.clock.now()))).toBeNull();

    // The claimant stops before finishing; after the lease another takes it over.
    t.clock.advance(REFUND_LEASE_MS + 1);
    const second = await t.store.tx((tx) => Refunds.claim(tx, again, t.clock.now()));
    expect(second).toMatchObject({ reference: row.reference, takenOver: true });
    // The first claimant comes back late: the claim is no longer its own, so it neither asks nor marks.
    expect(await refunds.complete(claimed!)).toBe(false);
    expect(await statusOf(row.id)).toBe('refunding');
    expect(asked).toEqual({ refunds: 0, lookups: 0 });
    // The second looks first, finds no refund, asks once and marks the payment.
    expect(await refunds.complete(second!)).toBe(true);
    expect(await statusOf(row.id)).toBe('refunded');
    expect(asked).toEqual({ refunds: 1, lookups: 1 });
    // The first again, after all that: nothing more is asked of Paystack.
    expect(await refunds.complete(claimed!)).toBe(true);
    expect(asked.refunds).toBe(1);
  });

  it('a claimant that died after Paystack took the refund: the one taking over finds it and does not ask again', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client, asked } = paystackWithoutWebhooks();
    const refunds = refundsWith(client);
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    await client.refundTransaction(row.reference);
    // …and the process dies here, before the payment is marked.

    t.clock.advance(REFUND_LEASE_MS + 1);
    await refunds.retryStale(row.userId);
    expect(asked.refunds).toBe(1);
    expect(await statusOf(row.id)).toBe('refunded');
    // Done: a later look has nothing left to take over.
    t.clock.advance(REFUND_LEASE_MS + 1);
    await refunds.retryStale(row.userId);
    expect(asked).toEqual({ refunds: 1, lookups: 1 });
  });

  it('a claimant that died before asking Paystack: the one taking over finds no refund and asks once', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client, asked } = paystackWithoutWebhooks();
    const refunds = refundsWith(client);
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));

    // Within the lease the claim is still its claimant's: nothing is taken over.
    await refunds.retryStale(row.userId);
    expect(asked).toEqual({ refunds: 0, lookups: 0 });
    expect(await statusOf(row.id)).toBe('refunding');

    t.clock.advance(REFUND_LEASE_MS + 1);
    await refunds.retryStale(row.userId);
    expect(asked.refunds).toBe(1);
    expect(await statusOf(row.id)).toBe('refunded');
    const transaction = await client.verifyTransaction(row.reference);
    expect(transaction.status).toBe('reversed');
  });

  it('a first claimant asks Paystack directly, without a look-up', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client, asked } = paystackWithoutWebhooks();
    const claim = await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    expect(await refundsWith(client).complete(claim!)).toBe(true);
    expect(asked).toEqual({ refunds: 1, lookups: 0 });
    expect(await statusOf(row.id)).toBe('refunded');
  });

  it('a refund Paystack reports failed is left for a person: not asked again, marked refund_failed, logged as an error', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client, asked, control } = paystackWithoutWebhooks();
    const lines: string[] = [];
    const refunds = refundsWith(
      client,
      createLogger('error', {}, (line) => lines.push(line)),
    );
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    await client.refundTransaction(row.reference);
    const refund = await client.findRefund(row.reference);
    expect((await control(`/paystack/refunds/${refund!.id}/fail`)).status).toBe(200);

    t.clock.advance(REFUND_LEASE_MS + 1);
    await refunds.retryStale(row.userId);
    expect(asked.refunds).toBe(1);
    expect(await statusOf(row.id)).toBe('refund_failed');
    expect(lines.map((line) => JSON.parse(line) as { level: string; msg: string })).toEqual([
      expect.objectContaining({ level: 'error', msg: expect.stringMatching(/refund.*failed/i) }),
    ]);
    // Out of every automatic path: no later look takes it over.
    t.clock.advance(REFUND_LEASE_MS + 1);
    await refunds.retryStale(row.userId);
    expect(asked.refunds).toBe(1);
    expect(await statusOf(row.id)).toBe('refund_failed');
  });
});

describe("Paystack's word on a refund (webhooks)", () => {
  const signed = (raw: string) =>
    t.call('POST', '/api/payments/webhook', raw, { 'x-paystack-signature': signPaystackBody(t.secretKey, raw) });
  /** The body Paystack sends for a refund event (its documented shape: amounts as strings). */
  const refundEvent = (event: string, reference: string, status: string) =>
    JSON.stringify({
      event,
      data: {
        status,
        transaction_reference: reference,
        refund_reference: null,
        amount: '1200',
        currency: 'USD',
        customer: { email: 'refundee@gmail.com' },
        domain: 'test',
      },
    });

  it('refund.processed marks a refunding payment refunded even when its claimant died before marking it', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    // The app's own sandbox, whose webhooks reach the app: the claimant asks, then dies.
    const paystack = appPaystack();
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    await paystack.refundTransaction(row.reference);
    expect(await statusOf(row.id)).toBe('refunded');
    const recorded = (await refundEvents()).map((e) => [e.event, e.subject, e.outcome]);
    expect(recorded).toEqual([['refund.processed', row.reference, 'applied']]);
  });

  it('a signed refund.processed is applied as Paystack answers the look-up, once; a forged one changes nothing', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client } = paystackWithoutWebhooks();
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    const raw = refundEvent('refund.processed', row.reference, 'processed');

    // Paystack holds no refund for it yet: the event's own body is not trusted.
    expect((await signed(raw)).status).toBe(200);
    expect(await statusOf(row.id)).toBe('refunding');

    await client.refundTransaction(row.reference);
    expect(
      (await t.call('POST', '/api/payments/webhook', raw, { 'x-paystack-signature': signPaystackBody('sk_test_someone_else', raw) }))
        .status,
    ).toBe(401);
    expect(await statusOf(row.id)).toBe('refunding');
    expect((await signed(raw)).status).toBe(200);
    expect(await statusOf(row.id)).toBe('refunded');
    expect((await signed(raw)).json).toEqual({ received: true });
    // The first was not recorded (Paystack had no refund), so the genuine one was not taken for a replay.
    expect((await refundEvents()).map((e) => e.outcome)).toEqual(['applied']);
  });

  it('refund.failed leaves the payment for a person (refund_failed); a person refunding it anew is applied when Paystack says so', async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const row = await paidCheckout();
    const paystack = appPaystack();
    const claim = await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    expect(await refundsWith(paystack).complete(claim!)).toBe(true);
    expect(await statusOf(row.id)).toBe('refunded');

    // The bank sends it back: Paystack fails the refund and says so.
    const refund = await paystack.findRefund(row.reference);
    expect((await t.call('POST', `/sandbox/paystack/refunds/${refund!.id}/fail`)).status).toBe(200);
    expect(await statusOf(row.id)).toBe('refund_failed');
    // The payer is told, on the verification page and in the history.
    const verified = await t.call('GET', `/api/payments/verify/${row.reference}`, undefined, t.auth(row.token));
    expect(verified.json).toMatchObject({ status: false, message: billingMessages.refundFailed, data: { status: 'refund_failed' } });
    const history = await t.call('GET', '/api/payments/history', undefined, t.auth(row.token));
    expect(JSON.stringify(history.json)).toContain('"status":"refund_failed"');
    // A refund.failed whose refund Paystack now reports failed, sent again or signed by us, changes nothing more.
    expect((await signed(refundEvent('refund.failed', row.reference, 'failed'))).status).toBe(200);
    expect(await statusOf(row.id)).toBe('refund_failed');

    const refundFailed = (await first(t.db.select().from(payments).where(eq(payments.id, row.id))))!;
    expect(await t.store.tx((tx) => Refunds.claim(tx, refundFailed, t.clock.now()))).toBeNull();

    // A person refunds it anew (from Paystack's dashboard); Paystack's word that it went through is applied.
    expect((await paystack.findRefund(row.reference))!.status).toBe('failed');
    await paystack.refundTransaction(row.reference);
    expect((await paystack.findRefund(row.reference))!.status).toBe('processed');
    expect(await statusOf(row.id)).toBe('refunded');
  });

  it('Paystack cannot be asked about the refund: 500 and nothing recorded, so its retry applies the event', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const { client } = paystackWithoutWebhooks();
    await t.store.tx((tx) => Refunds.claim(tx, row, t.clock.now()));
    await client.refundTransaction(row.reference);
    let reachable = false;
    const webhooks = new PaystackWebhooks(new BillingService(billingDeps(appPaystack(() => reachable))), t.secretKey);
    const raw = refundEvent('refund.processed', row.reference, 'processed');
    expect(await webhooks.handle(raw, signPaystackBody(t.secretKey, raw))).toMatchObject({ status: 500, outcome: 'unverified' });
    expect(await statusOf(row.id)).toBe('refunding');
    expect(await refundEvents()).toEqual([]);

    reachable = true;
    expect(await webhooks.handle(raw, signPaystackBody(t.secretKey, raw))).toMatchObject({ status: 200, outcome: 'applied' });
    expect(await statusOf(row.id)).toBe('refunded');
  });

  it('a refund event about a payment that is not being refunded changes nothing', async () => {
    t = makeBillingTestApp();
    const { payments } = tablesOf(t.db);
    const { token, user } = await t.signup('paid@gmail.com');
    const { reference } = await t.checkout(token, user.email, 'basic');
    const { client } = paystackWithoutWebhooks();
    // Refunded at Paystack (from its dashboard, say), but the payment was applied: a person's business.
    await client.refundTransaction(reference);
    expect((await signed(refundEvent('refund.processed', reference, 'processed'))).status).toBe(200);
    expect((await first(t.db.select().from(payments).where(eq(payments.reference, reference))))!.status).toBe('success');
    expect((await refundEvents()).map((e) => e.outcome)).toEqual(['not_refunding']);
  });
});
