import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PaystackClient } from '../../adapters/paystack/client';
import { payments } from '../../db/schema';
import { createLogger } from '../../logger';
import { ensureSecrets } from '../../secrets';
import { CryptoBox } from '../crypto-box';
import { makeBillingTestApp, type BillingTestApp } from '../../test/billing-harness';
import { REFUND_LEASE_MS, Refunds } from './refunds';

let t: BillingTestApp;
afterEach(() => t?.close());

/** A paid checkout in the sandbox, then its row put back to pending as if its charge had not been looked at yet. */
async function paidCheckout() {
  const { token, user } = await t.signup('refundee@gmail.com');
  const { reference } = await t.checkout(token, user.email, 'basic');
  t.db.update(payments).set({ status: 'pending' }).where(eq(payments.reference, reference)).run();
  return t.db.select().from(payments).where(eq(payments.reference, reference)).get()!;
}

describe('refund claims', () => {
  it('one claimant at a time; only the claimant completes; a stale claim is taken over and Paystack refunds once', async () => {
    t = makeBillingTestApp();
    const row = await paidCheckout();
    const paystack = new PaystackClient({ secretKey: t.secretKey, baseUrl: `${t.config.publicUrl}/sandbox/paystack`, fetch: async (input, init) => t.app.request(input, init) });
    const box = new CryptoBox(ensureSecrets(t.dataDir).encryptionKey);
    const refunds = new Refunds({ db: t.db, clock: t.clock, paystack, box, log: createLogger('silent'), publicUrl: t.config.publicUrl });
    const first = t.db.transaction((tx) => Refunds.claim(tx, row, t.clock.now()));
    expect(first).not.toBeNull();
    const again = t.db.select().from(payments).where(eq(payments.id, row.id)).get()!;
    expect(t.db.transaction((tx) => Refunds.claim(tx, again, t.clock.now()))).toBeNull();

    // The claimant stops before finishing; after the lease another takes it over.
    t.clock.advance(REFUND_LEASE_MS + 1);
    const second = t.db.transaction((tx) => Refunds.claim(tx, again, t.clock.now()));
    expect(second).not.toBeNull();
    // The first claimant comes back: Paystack refunds, but the row is not its to complete.
    expect(await refunds.complete(row.reference, first!)).toBe(false);
    expect(t.db.select().from(payments).where(eq(payments.id, row.id)).get()!.status).toBe('refunding');
    // The second: Paystack answers that it is already reversed, which counts as done.
    expect(await refunds.complete(row.reference, second!)).toBe(true);
    expect(t.db.select().from(payments).where(eq(payments.id, row.id)).get()!.status).toBe('refunded');
    const refundsSent = ((await t.call('GET', '/sandbox/paystack/events')).json.data as any[]).filter((e) => e.event === 'refund.processed');
    expect(refundsSent).toHaveLength(1);
  });
});
