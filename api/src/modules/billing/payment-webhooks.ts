import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaystackRefund, PaystackTransaction } from './paystack/client';
import { PaystackError } from './paystack/errors';
import { verifyPaystackSignature } from './paystack/signature';
import type { Tx } from '../../store/sqlite/client';
import { first } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { GRACE_MS } from './subscription-state';
import { changeSubscription, settleForUser } from './subscriptions';
import { ownerOfCustomerCode, ownerOfSubscriptionCode, type BillingService, type FollowUps } from './payments';
import { Refunds } from './payments/refunds';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const date = (value: unknown): Date | null => {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
};

export interface WebhookResult {
  /** 500: Paystack could not confirm a charge right now; nothing was recorded, so its retry applies it. */
  status: 200 | 400 | 401 | 500;
  outcome: 'applied' | 'ignored' | 'duplicate' | 'forged' | 'malformed' | 'unverified';
  detail?: string;
}

/** What applying one event did: its outcome, whose it was, and what it needs from Paystack afterwards. */
interface Applied {
  outcome: string;
  userId?: string;
  followUps?: FollowUps;
}

/** Refund events: pending, processing, processed, failed, needs-attention. */
const isRefundEvent = (event: string) => event.startsWith('refund.');

/** What Paystack itself says about a charge.success: the verified transaction and, for a renewal, its subscriptions. */
interface ConfirmedCharge {
  transaction: PaystackTransaction;
  renewalCodes: string[];
}

/**
 * `POST /api/payments/webhook`: Paystack's events, checked and applied once each.
 * - The signature is HMAC-SHA512 of the raw bytes with the secret key; anything else is refused (401)
 *   before a byte is parsed, and changes nothing.
 * - Each event is recorded under a key stable across Paystack's retries (the transaction reference
 *   for charges, the hash of the body otherwise) in the transaction that applies it: a replay finds
 *   the key and changes nothing; a failure records nothing, so Paystack's retry applies it.
 * - A charge.success is applied only as `GET /transaction/verify/:reference` answers it (status,
 *   amount, currency, customer, plan): the event's own body is never trusted for money. A renewal is
 *   matched by the Paystack subscription that charged it, never by the customer code. When Paystack
 *   cannot be asked, nothing is recorded and the answer is 500, so Paystack's retry applies it.
 * - A refund event (refund.processed, refund.failed, …) is applied as Paystack's look-up of the
 *   transaction's refund answers it (`findRefund`), never as its body says, so the order they arrive
 *   in does not matter: a refund Paystack holds marks a `refunding` payment refunded, a failed one
 *   leaves it for a person (`refund_failed`, logged as an error). No refund at Paystack: nothing
 *   recorded; Paystack not reachable: 500 and nothing recorded, so its retry applies it.
 * - Out-of-order events are judged by their own times and codes: an older payment does not move the
 *   period, a failure older than the last payment is stale, a disable for a replaced subscription
 *   is ignored, and a create for a disabled one is not adopted.
 */
export class PaystackWebhooks {
  constructor(
    private readonly billing: BillingService,
    private readonly secretKey: string,
  ) {}

  async handle(raw: Uint8Array | string, signature: string | undefined): Promise<WebhookResult> {
    if (!verifyPaystackSignature(this.secretKey, raw, signature)) return { status: 401, outcome: 'forged' };
    let parsed: Json;
    try {
      parsed = obj(JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8')));
    } catch {
      return { status: 400, outcome: 'malformed' };
    }
    const event = str(parsed.event);
    if (!event) return { status: 400, outcome: 'malformed' };
    const data = obj(parsed.data);
    const { store, clock } = this.billing.deps;
    const hash = crypto.createHash('sha256').update(raw).digest('hex');
    const key = event === 'charge.success' && str(data.reference) ? `charge.success:${String(data.reference)}` : `${event}:${hash}`;
    const subject =
      str(data.reference) ??
      str(data.transaction_reference) ??
      str(data.subscription_code) ??
      str(obj(data.subscription).subscription_code);

    // Read first to spare Paystack a look-up for a replay; read again in the transaction that applies,
    // since another delivery of the same event may have been applied while this one asked Paystack.
    const seen = async (db: Tx) => {
      const { webhookEvents } = tablesOf(db);
      return Boolean(await first(db.select({ key: webhookEvents.key }).from(webhookEvents).where(eq(webhookEvents.key, key))));
    };
    if (await seen(store.db)) return { status: 200, outcome: 'duplicate' };
    let confirmed: ConfirmedCharge | null = null;
    if (event === 'charge.success') {
      try {
        confirmed = await this.confirm(str(data.reference));
      } catch (error) {
        this.billing.deps.log.warn('paystack: could not confirm a charge.success; Paystack will send it again', {
          error,
          reference: str(data.reference),
        });
        return { status: 500, outcome: 'unverified' };
      }
    }

    // Paystack does not know it as a success: nothing to apply, and nothing recorded, so the genuine
    // event for that reference (after the payer really pays) is not taken for a replay.
    if (event === 'charge.success' && !confirmed) return { status: 200, outcome: 'ignored', detail: 'not_confirmed_by_paystack' };

    let refund: PaystackRefund | null = null;
    if (isRefundEvent(event)) {
      const reference = str(data.transaction_reference);
      try {
        refund = reference ? await this.billing.deps.paystack.findRefund(reference) : null;
      } catch (error) {
        this.billing.deps.log.warn('paystack: could not look up the refund of a refund event; Paystack will send it again', {
          error,
          event,
          reference,
        });
        return { status: 500, outcome: 'unverified' };
      }
      // Paystack holds no refund for it: nothing recorded, so a genuine event later is not a replay.
      if (!refund) return { status: 200, outcome: 'ignored', detail: 'no_refund_at_paystack' };
    }

    // A disable can arrive late, after the user resumed (enabled) the subscription: Paystack's own
    // status decides whether it still stands.
    let enabledNow = false;
    if ((event === 'subscription.disable' || event === 'subscription.not_renew') && str(data.subscription_code)) {
      enabledNow = await this.billing.deps.paystack
        .fetchSubscription(String(data.subscription_code))
        .then((remote) => remote.status === 'active')
        .catch(() => false);
    }

    const { result, followUps } = await store.tx(async (tx): Promise<{ result: WebhookResult; followUps?: FollowUps }> => {
      const { webhookEvents } = tablesOf(tx);
      if (await seen(tx)) return { result: { status: 200, outcome: 'duplicate' } };
      const applied: Applied = enabledNow
        ? { outcome: 'enabled_again' }
        : refund
          ? await this.applyRefund(tx, String(data.transaction_reference), refund)
          : await this.apply(tx, event, data, confirmed);
      await tx
        .insert(webhookEvents)
        .values({ key, event, subject, userId: applied.userId ?? null, outcome: applied.outcome, receivedAt: clock.now() });
      return {
        result: { status: 200, outcome: applied.outcome === 'applied' ? 'applied' : 'ignored', detail: applied.outcome },
        followUps: applied.followUps,
      };
    });
    // Only the delivery that applied the event has follow-ups, run once it committed, outside it.
    if (followUps) await this.billing.runFollowUps(followUps);
    return result;
  }

  /**
   * Asks Paystack about the charge (`null` when it does not know the reference, or it did not succeed):
   * what it answers is what gets applied. Throws when Paystack cannot be reached.
   */
  private async confirm(reference: string | null): Promise<ConfirmedCharge | null> {
    if (!reference) return null;
    let transaction: PaystackTransaction;
    try {
      transaction = await this.billing.deps.paystack.verifyTransaction(reference);
    } catch (error) {
      if (error instanceof PaystackError && (error.kind === 'not_found' || error.kind === 'rejected')) return null;
      throw error;
    }
    if (transaction.reference !== reference || transaction.status !== 'success') return null;
    const { payments } = tablesOf(this.billing.deps.store.db);
    const ours = await first(
      this.billing.deps.store.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference)),
    );
    return { transaction, renewalCodes: ours ? [] : await this.billing.renewalCodesFor(transaction) };
  }

  private async apply(tx: Tx, event: string, data: Json, confirmed: ConfirmedCharge | null): Promise<Applied> {
    const now = this.billing.deps.clock.now();
    switch (event) {
      case 'charge.success': {
        if (!confirmed) return { outcome: 'not_confirmed_by_paystack' };
        const charge = await this.billing.applyCharge(tx, confirmed.transaction, confirmed.renewalCodes);
        return { outcome: charge.applied ? 'applied' : charge.reason, userId: charge.payment?.userId, followUps: charge.followUps };
      }
      case 'subscription.create':
      case 'subscription.enable': {
        const code = str(data.subscription_code);
        const owner = await this.ownerOf(tx, code, str(obj(data.customer).customer_code));
        if (!code || !owner) return { outcome: 'unknown_subscription' };
        if (event === 'subscription.enable') {
          const sub = await settleForUser(tx, owner, now);
          if (sub.providerSubscriptionCode === code && sub.status === 'non_renewing') {
            await changeSubscription(
              tx,
              sub,
              { status: 'active', cancelAtPeriodEnd: false },
              { at: now, reason: 'provider_enabled', subject: code },
              now,
            );
            return { outcome: 'applied', userId: owner };
          }
          return { outcome: 'no_change', userId: owner };
        }
        if (str(data.status) && str(data.status) !== 'active') return { outcome: 'not_active', userId: owner };
        const adopted = await this.billing.adoptProviderSubscription(
          tx,
          owner,
          code,
          str(data.email_token),
          str(obj(data.plan).plan_code),
          'auto_renew_on',
        );
        return { outcome: adopted ? 'applied' : 'not_adopted', userId: owner };
      }
      case 'subscription.disable':
      case 'subscription.not_renew': {
        const code = str(data.subscription_code);
        const owner = await this.ownerOf(tx, code, null);
        if (!code || !owner) return { outcome: 'unknown_subscription' };
        const sub = await settleForUser(tx, owner, now);
        if (sub.providerSubscriptionCode !== code) return { outcome: 'not_current', userId: owner };
        if (sub.status === 'active') {
          await changeSubscription(
            tx,
            sub,
            { status: 'non_renewing', cancelAtPeriodEnd: true },
            { at: now, reason: 'provider_disabled', subject: code },
            now,
          );
          return { outcome: 'applied', userId: owner };
        }
        if (sub.status === 'grace') {
          await changeSubscription(tx, sub, { cancelAtPeriodEnd: true }, { at: now, reason: 'provider_disabled', subject: code }, now);
          return { outcome: 'applied', userId: owner };
        }
        return { outcome: 'no_change', userId: owner };
      }
      case 'invoice.payment_failed': {
        const subscription = obj(data.subscription);
        const code = str(subscription.subscription_code);
        const owner = await this.ownerOf(tx, code, str(obj(data.customer).customer_code));
        if (!code || !owner) return { outcome: 'unknown_subscription' };
        const sub = await settleForUser(tx, owner, now);
        const failedAt = date(data.created_at) ?? date(data.createdAt) ?? now;
        if (sub.providerSubscriptionCode !== code) return { outcome: 'not_current', userId: owner };
        if (sub.lastPaymentAt && failedAt.getTime() <= sub.lastPaymentAt.getTime()) return { outcome: 'stale', userId: owner };
        if (sub.status !== 'active' && sub.status !== 'grace') return { outcome: 'no_change', userId: owner };
        await changeSubscription(
          tx,
          sub,
          // Already in grace (the charge was late): the failure is recorded, the grace not lengthened.
          {
            status: 'grace',
            graceEndsAt:
              sub.status === 'grace' && sub.graceEndsAt
                ? sub.graceEndsAt
                : new Date(Math.max(failedAt.getTime(), now.getTime()) + GRACE_MS),
          },
          { at: failedAt, reason: 'renewal_failed', subject: str(data.invoice_code) ?? code },
          now,
        );
        return { outcome: 'applied', userId: owner };
      }
      default:
        return { outcome: 'unhandled_event' };
    }
  }

  /** Paystack's refund of a payment we claimed for one, as it stands now (see `Refunds.applyPaystackRefund`). */
  private async applyRefund(tx: Tx, reference: string, refund: PaystackRefund): Promise<Applied> {
    const { payments } = tablesOf(tx);
    const applied = await Refunds.applyPaystackRefund(tx, reference, refund, this.billing.deps.clock.now());
    if (!applied) {
      const payment = await first(
        tx.select({ userId: payments.userId, status: payments.status }).from(payments).where(eq(payments.reference, reference)),
      );
      if (!payment) return { outcome: 'unknown_payment' };
      const settled = payment.status === 'refunded' || payment.status === 'refund_failed';
      return { outcome: settled ? 'no_change' : 'not_refunding', userId: payment.userId };
    }
    const { payment, status } = applied;
    if (status === 'refund_failed') {
      this.billing.deps.log.alert('paystack: a refund failed; a person must give this payment back', {
        userId: payment.userId,
        reference,
        refund: refund.id,
        status: refund.status,
      });
    }
    // Either way the payment was never applied: a discount it carried goes on the renewal (a follow-up).
    return { outcome: 'applied', userId: payment.userId, followUps: { userId: payment.userId } };
  }

  /**
   * Whose subscription a provider code is; for a code we have not seen yet (its create arriving), the
   * one user holding the customer code, never a customer code two users share.
   */
  private async ownerOf(tx: Tx, code: string | null, customerCode: string | null): Promise<string | undefined> {
    const byCode = code ? await ownerOfSubscriptionCode(tx, code) : undefined;
    if (byCode) return byCode;
    return customerCode ? ownerOfCustomerCode(tx, customerCode) : undefined;
  }
}
