import { and, eq, inArray } from 'drizzle-orm';
import type { PaystackRefund } from '../paystack/client';
import { PaystackError } from '../paystack/errors';
import type { Tx } from '../../../store/sqlite/client';
import { first } from '../../../store/store';
import { Claims, newClaimToken } from '../../../store/claims';
import { tablesOf, type PaymentRow } from '../../../store/schema/index';
import type { BillingDeps, RefundClaim } from './deps';

export type { RefundClaim };

/** How long a refund claim is its claimant's alone; after it, a later look at the payment takes it over. */
export const REFUND_LEASE_MS = 10 * 60 * 1000;

/** Claims on payments to give back (store/claims.ts): a `refunding` payment is its claimant's until the lease lapses. */
const refundClaims = new Claims('payments', { leaseMs: REFUND_LEASE_MS, open: (payments) => eq(payments.status, 'refunding') });

/**
 * What Paystack's refund means for the payment: pending, processing and processed are Paystack's to
 * finish (`refunded`; a later failure moves it on); failed and needs-attention wait for a person
 * (`refund_failed`), who retries it with Paystack, never an automatic second refund.
 */
export function refundOutcome(status: PaystackRefund['status']): 'refunded' | 'refund_failed' {
  return status === 'failed' || status === 'needs-attention' ? 'refund_failed' : 'refunded';
}

/**
 * Payments given back: a checkout paid for a change that no longer applied when its charge came in
 * (a second checkout for one change, a renewal that arrived meanwhile) is never applied. The refund is
 * an effect outside the database, so it is claimed first through the claims primitive (the payment
 * turns `refunding` under a claim token, in the transaction that looked at the charge) and completed
 * by that claimant only (`refunded` where the token is still its own). A claim left unfinished (a
 * crash) is taken over after REFUND_LEASE_MS with a new token, and the one taking it over looks at Paystack first: a refund already there is
 * marked, not asked again. Paystack's refusal of a second refund of one transaction is only the last
 * line (two claimants racing past the look-up). Paystack's word on a refund (its webhooks, looked up
 * the same way) is applied by `applyPaystackRefund`.
 */
export class Refunds {
  constructor(private readonly deps: BillingDeps) {}

  /** Claims `payment` for a refund inside `tx`; answers the claim, or null when another claimant holds it. */
  static async claim(tx: Tx, payment: PaymentRow, now: Date, paid: Partial<PaymentRow> = {}): Promise<RefundClaim | null> {
    const { payments } = tablesOf(tx);
    const token = newClaimToken();
    const takenOver = payment.status === 'refunding';
    const thisOne = eq(payments.id, payment.id);
    // A payment not given back yet turns `refunding` under the claim; a `refunding` one whose claim lapsed is taken over.
    const claimed = takenOver
      ? await refundClaims.claim(tx, thisOne, token, now, { ...paid, updatedAt: now })
      : await tx
          .update(payments)
          .set({ ...paid, status: 'refunding', updatedAt: now, ...refundClaims.taken(tx, token, now) })
          .where(and(thisOne, inArray(payments.status, ['pending', 'abandoned', 'failed'])))
          .returning({ id: payments.id });
    return claimed.length > 0 ? { reference: payment.reference, token, takenOver } : null;
  }

  /**
   * Applies what Paystack says of the payment's refund, inside `tx`: a `refunding` payment (whoever
   * holds its claim: the refund is Paystack's now) or a `refund_failed` one (a person retried it)
   * becomes `refunded`; a failed refund moves `refunding` or `refunded` to `refund_failed`. Answers
   * the payment's new status, or null when there was nothing to apply.
   */
  static async applyPaystackRefund(
    tx: Tx,
    reference: string,
    refund: PaystackRefund,
    now: Date,
  ): Promise<{ payment: PaymentRow; status: PaymentRow['status'] } | null> {
    const { payments } = tablesOf(tx);
    const outcome = refundOutcome(refund.status);
    const from: PaymentRow['status'][] = outcome === 'refunded' ? ['refunding', 'refund_failed'] : ['refunding', 'refunded'];
    const payment = await first(
      tx
        .update(payments)
        .set({ status: outcome, updatedAt: now, ...refundClaims.cleared })
        .where(and(eq(payments.reference, reference), inArray(payments.status, from)))
        .returning(),
    );
    return payment ? { payment, status: outcome } : null;
  }

  /**
   * Gives the claimed payment back and marks it, if the claim is still this one (a claim taken over
   * meanwhile, or settled by Paystack's word, does nothing). A claim taken over looks the refund up
   * first: one Paystack holds is applied as it stands, without asking again. Answers true when the
   * payment is `refunded` afterwards. Paystack is called outside any transaction; the mark is made in
   * one of its own, only where the claim is still this one.
   */
  async complete(claim: RefundClaim): Promise<boolean> {
    const { payments } = tablesOf(this.deps.store.db);
    const { store, paystack, clock, log } = this.deps;
    const { reference, token } = claim;
    const mine = and(eq(payments.reference, reference), refundClaims.heldBy(store.db, token));
    const refunded = async () =>
      (await first(store.db.select({ status: payments.status }).from(payments).where(eq(payments.reference, reference))))?.status ===
      'refunded';
    const mark = (status: 'refunded' | 'refund_failed') =>
      store.tx((tx) => refundClaims.complete(tx, token, { status, updatedAt: clock.now() }));
    if (!(await first(store.db.select({ id: payments.id }).from(payments).where(mine)))) return refunded();
    if (claim.takenOver) {
      let found: PaystackRefund | null;
      try {
        found = await paystack.findRefund(reference);
      } catch (error) {
        // Not knowing is not "none": the claim is left to lapse and the next look tries again.
        log.warn('paystack: could not look up a refund before asking again', { error, reference });
        return false;
      }
      if (found) {
        const outcome = refundOutcome(found.status);
        if (outcome === 'refund_failed')
          log.alert('paystack: a refund failed; a person must give this payment back', {
            reference,
            refund: found.id,
            status: found.status,
          });
        return (await mark(outcome)) && outcome === 'refunded';
      }
    }
    try {
      await paystack.refundTransaction(reference);
    } catch (error) {
      const done = error instanceof PaystackError && error.kind === 'rejected' && /reversed|refunded/i.test(error.message);
      if (!done) {
        log.error('paystack: could not refund a payment that no longer applied', { error, reference });
        return false;
      }
    }
    // Paystack's refund.processed may have marked it meanwhile (its webhook can beat this answer).
    return (await mark('refunded')) || (await refunded());
  }

  /** Takes over and completes the user's refunds whose claimant stopped before finishing. */
  async retryStale(userId: string): Promise<void> {
    const { payments } = tablesOf(this.deps.store.db);
    const { store, clock } = this.deps;
    const now = clock.now();
    const stuck = await store.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), refundClaims.lapsed(store.db, now)));
    for (const payment of stuck) {
      // The claim's own condition (still refunding, still lapsed) is checked by the update that takes it.
      const claim = await store.tx((tx) => Refunds.claim(tx, payment, now));
      if (claim) await this.complete(claim);
    }
  }
}
