import { and, eq, inArray, lt } from 'drizzle-orm';
import { PaystackError } from '../../adapters/paystack/errors';
import type { Tx } from '../../db/client';
import { payments, type PaymentRow } from '../../db/schema';
import type { BillingDeps } from './deps';

/** How long a refund claim is its claimant's alone; after it, a later look at the payment takes it over. */
export const REFUND_LEASE_MS = 10 * 60 * 1000;

/**
 * Payments given back: a checkout paid for a change that no longer applied when its charge came in
 * (a second checkout for one change, a renewal that arrived meanwhile) is never applied. The refund is
 * an effect outside the database, so it is claimed first (the payment turns `refunding`, stamped with
 * the claim's time, in the transaction that looked at the charge) and completed by that claimant only
 * (`refunded` where the stamp is still its own). A claim left unfinished (a crash) is taken over after
 * REFUND_LEASE_MS; Paystack refuses a second refund of one transaction, which counts as done.
 */
export class Refunds {
  constructor(private readonly deps: BillingDeps) {}

  /** Claims `payment` for a refund inside `tx`; answers the claim's time, or null when another claimant holds it. */
  static claim(tx: Tx, payment: PaymentRow, now: Date, paid: Partial<PaymentRow> = {}): Date | null {
    const free = inArray(payments.status, ['pending', 'abandoned', 'failed']);
    const stale = and(eq(payments.status, 'refunding'), lt(payments.updatedAt, new Date(now.getTime() - REFUND_LEASE_MS)));
    const claimed = tx
      .update(payments)
      .set({ ...paid, status: 'refunding', updatedAt: now })
      .where(and(eq(payments.id, payment.id), payment.status === 'refunding' ? stale : free))
      .run();
    return claimed.changes > 0 ? now : null;
  }

  /** Asks Paystack to refund the claimed payment and marks it refunded, if the claim is still this one. */
  async complete(reference: string, claimedAt: Date): Promise<boolean> {
    const { db, paystack, clock, log } = this.deps;
    try {
      await paystack.refundTransaction(reference);
    } catch (error) {
      const done = error instanceof PaystackError && error.kind === 'rejected' && /reversed|refunded/i.test(error.message);
      if (!done) {
        log.error('paystack: could not refund a payment that no longer applied', { error, reference });
        return false;
      }
    }
    const marked = db
      .update(payments)
      .set({ status: 'refunded', updatedAt: clock.now() })
      .where(and(eq(payments.reference, reference), eq(payments.status, 'refunding'), eq(payments.updatedAt, claimedAt)))
      .run();
    return marked.changes > 0;
  }

  /** Takes over and completes the user's refunds whose claimant stopped before finishing. */
  async retryStale(userId: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const stuck = db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'refunding'), lt(payments.updatedAt, new Date(now.getTime() - REFUND_LEASE_MS))))
      .all();
    for (const payment of stuck) {
      const claimedAt = db.transaction((tx) => Refunds.claim(tx, payment, now));
      if (claimedAt) await this.complete(payment.reference, claimedAt);
    }
  }
}
