import { and, eq, inArray } from 'drizzle-orm';
import { queueMail } from '../../mail/outbox';
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
 * A refund taken over this many times without finishing is stuck (about half an hour with the
 * chore's look every lease): an error is logged and the operator mailed, then again every
 * REFUND_ALERT_REPEAT more attempts while it stays stuck.
 */
export const REFUND_ALERT_AFTER = 3;
const REFUND_ALERT_REPEAT = 24;

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
          // The attempts count this refund's claims from the first (a pending payment's checks counted before).
          .set({ ...paid, status: 'refunding', updatedAt: now, ...refundClaims.opened(token, now), attempts: 1 })
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

  /**
   * Takes over every refund whose claimant stopped before finishing (a crash, Paystack unreachable
   * or refusing), whoever paid it, oldest lapse first, each with a new token in a transaction of its
   * own, and completes it (looking the refund up at Paystack first, then asking). Run as a chore of
   * the runner's tick, so a refund never waits for its payer to come back. A refund still unfinished
   * after REFUND_ALERT_AFTER claims is logged as an error and mailed to the operator. Answers how
   * many were taken over; `refunded` is told of each payment given back.
   */
  async resumeLapsed(refunded: (userId: string) => Promise<unknown> = async () => undefined, limit = 20): Promise<number> {
    const { store, clock, log } = this.deps;
    const taken = await refundClaims.claimEach(
      store,
      clock.now(),
      limit,
      (payments) => eq(payments.status, 'refunding'),
      (payments) => payments.claimUntil,
    );
    for (const { token, row } of taken) {
      let done = false;
      try {
        done = await this.complete({ reference: row.reference, token, takenOver: true });
        if (done) await refunded(row.userId);
      } catch (error) {
        // Left claimed: the lease lapses and a later tick tries again.
        log.warn('paystack: could not finish a refund taken over', { error, reference: row.reference });
      }
      // `attempts` counts the claims, this one included.
      const attempts = row.attempts;
      if (!done && (await this.stillRefunding(row.reference)) && stuckAlertDue(attempts)) await this.alertStuck(row, attempts);
    }
    return taken.length;
  }

  private async stillRefunding(reference: string): Promise<boolean> {
    const { payments } = tablesOf(this.deps.store.db);
    const row = await first(this.deps.store.db.select({ status: payments.status }).from(payments).where(eq(payments.reference, reference)));
    return row?.status === 'refunding';
  }

  /** A refund that will not finish by itself: an error in the log and a mail to the operator (once per alert). */
  private async alertStuck(payment: PaymentRow, attempts: number): Promise<void> {
    const { store, clock, log, operatorEmail } = this.deps;
    const since = payment.updatedAt.toISOString();
    log.error('paystack: a payment is stuck refunding; a person must look at it', {
      reference: payment.reference,
      userId: payment.userId,
      attempts,
      amount: payment.amount,
      currency: payment.currency,
    });
    if (!operatorEmail) return;
    const lines = [
      `The refund of payment ${payment.reference} (${payment.amount} ${payment.currency} in the smallest unit, user ${payment.userId}) is still unfinished after ${attempts} attempts.`,
      'Bidpilot keeps trying, looking the refund up at Paystack before asking again. Check the payment in the Paystack dashboard and the server log.',
      `Last change: ${since}.`,
    ];
    const now = clock.now();
    await store.tx((tx) =>
      queueMail(
        tx,
        {
          to: operatorEmail,
          subject: `[Bidpilot] Payment ${payment.reference} is stuck refunding`,
          text: lines.join('\n\n'),
          html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
        },
        `refund-stuck:${payment.reference}:${attempts}`,
        now,
      ),
    );
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

/** Whether the claim that just failed to finish a refund (its `attempts`-th) raises the alert. */
const stuckAlertDue = (attempts: number) =>
  attempts === REFUND_ALERT_AFTER || (attempts > REFUND_ALERT_AFTER && (attempts - REFUND_ALERT_AFTER) % REFUND_ALERT_REPEAT === 0);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
