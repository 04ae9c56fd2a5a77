import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaidPlanId } from '@shared/plans';
import type { BillingCurrency } from '@shared/schemas/billing';
import type { PaystackTransaction } from '../../adapters/paystack/client';
import type { Tx } from '../../db/client';
import { payments, providerPlans } from '../../db/schema';
import { recordActivity } from '../activity';
import { consumeDiscount, onFirstPayment } from '../referrals';
import { isPaidState, periodForPayment } from '../subscription-state';
import { changeSubscription, settleForUser } from '../subscriptions';
import { minorUnits, type BillingDeps, type ChargeOutcome, type FollowUps } from './deps';
import { customerCodeHeldByAnother, ownerOfSubscriptionCode } from './provider-owners';

/** Records successful charges (checkouts and renewals) and moves the subscription they pay for. */
export class ChargeRecorder {
  constructor(private readonly deps: BillingDeps) {}

  /**
   * Records a successful charge once (by reference) and moves the subscription: a checkout payment
   * starts the plan paid for (a new plan or a change takes effect now, for 30 days); a renewal
   * continues the cycle. A payment older than the running period (arriving out of order) is kept
   * in the history but moves nothing. Runs inside the caller's transaction.
   *
   * A charge without a payment row of ours is a renewal: it counts only for the user who owns one of
   * `renewalCodes`, the Paystack subscriptions that charged it (never by the customer code, which
   * two users could share). A customer code another user already holds is never recorded, and no
   * renewal is started on it.
   */
  applyCharge(tx: Tx, t: PaystackTransaction, renewalCodes: readonly string[] = []): ChargeOutcome {
    const now = this.deps.clock.now();
    if (t.status !== 'success' || !t.reference) return { applied: false, reason: 'not_successful' };
    const paidAt = t.paidAt ?? now;
    let payment = tx.select().from(payments).where(eq(payments.reference, t.reference)).get();
    if (payment?.status === 'success') return { applied: false, reason: 'already_applied', payment };
    const card = t.authorization && (t.authorization.channel ?? t.channel) === 'card' ? t.authorization : null;
    const paidFields = {
      status: 'success' as const,
      channel: t.channel,
      cardBrand: card?.brand?.trim() || null,
      cardLast4: card?.last4 ?? null,
      paidAt,
      updatedAt: now,
    };

    let userId: string;
    let plan: PaidPlanId;
    let currency: BillingCurrency;
    // A renewal charged on the one-cycle discounted plan (a checkout carries its own flag).
    let discountedRenewal = false;
    if (payment) {
      if (t.amount !== payment.amount || t.currency !== payment.currency) {
        this.deps.log.warn('paystack charge does not match the payment', { reference: t.reference, amount: t.amount, currency: t.currency });
        return { applied: false, reason: 'amount_mismatch', payment };
      }
      userId = payment.userId;
      plan = payment.plan as PaidPlanId;
      currency = payment.currency;
    } else {
      // A renewal charged by a Paystack subscription: known by its subscription code and plan code.
      const known = t.planCode ? tx.select().from(providerPlans).where(eq(providerPlans.planCode, t.planCode)).get() : undefined;
      const owners = new Set(renewalCodes.map((code) => ownerOfSubscriptionCode(tx, code)));
      const owner = owners.size === 1 ? [...owners][0] : undefined;
      if (!known || !owner || known.currency !== t.currency || known.amount !== t.amount) return { applied: false, reason: 'unknown_charge' };
      userId = owner;
      plan = known.plan as PaidPlanId;
      currency = known.currency;
      discountedRenewal = known.amount < minorUnits(plan, currency);
    }

    const sub = settleForUser(tx, userId, now);
    const firstPayment = !tx.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, userId), eq(payments.status, 'success'))).get();
    const planChange = isPaidState(sub.status) && sub.plan !== plan;
    if (payment) {
      payment = tx.update(payments).set({ ...paidFields, planChange }).where(eq(payments.id, payment.id)).returning().get();
    } else {
      payment = tx
        .insert(payments)
        .values({ id: crypto.randomUUID(), userId, reference: t.reference, plan, currency, amount: t.amount, discount: discountedRenewal, kind: 'renewal', planChange, createdAt: now, ...paidFields })
        .returning()
        .get();
    }
    if (!payment) throw new Error('payment row vanished');
    recordActivity(tx, userId, 'payment', now, { data: { plan, amount: payment.amount, currency: payment.currency, kind: payment.kind } });
    const followUps: FollowUps = { userId };
    if (payment.discount && !consumeDiscount(tx, userId, payment.reference, now)) {
      // Charged at the discounted price although the discount was already spent (a checkout paid
      // after it stopped holding it, or a discounted plan that was not switched back in time).
      this.deps.log.warn('referral discount charged again after it was spent', { userId, reference: payment.reference });
    }
    if (discountedRenewal && t.planCode) followUps.restoreFullPrice = { code: sub.providerSubscriptionCode ?? '' };
    if (firstPayment) {
      const referral = onFirstPayment(tx, userId, now);
      if (referral?.earned) followUps.referrerId = referral.referrerId;
    }

    if (sub.currentPeriodStart && paidAt.getTime() < sub.currentPeriodStart.getTime() && isPaidState(sub.status)) {
      return { applied: true, reason: 'late_payment_recorded', payment, followUps };
    }
    const customerCode = t.customer?.customerCode ?? null;
    const sharedCustomer = customerCode !== null && customerCodeHeldByAnother(tx, customerCode, userId);
    if (sharedCustomer) this.deps.log.warn('paystack customer code already held by another user: not recorded', { userId, reference: payment.reference });
    const period = periodForPayment(sub, plan, paidAt);
    const replaced = payment.kind === 'checkout' && sub.providerSubscriptionCode ? { code: sub.providerSubscriptionCode, sealedToken: sub.providerEmailToken } : undefined;
    const reason = payment.kind === 'renewal' ? 'renewed' : planChange ? 'plan_changed' : sub.status === 'trialing' ? 'trial_converted' : period.continued ? 'renewed' : 'subscribed';
    changeSubscription(
      tx,
      sub,
      {
        plan,
        status: 'active',
        currency,
        amount: minorUnits(plan, currency),
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        graceEndsAt: null,
        cancelAtPeriodEnd: false,
        lastPaymentAt: sub.lastPaymentAt && sub.lastPaymentAt > paidAt ? sub.lastPaymentAt : paidAt,
        ...(payment.cardLast4 || payment.cardBrand ? { cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 } : {}),
        ...(customerCode && !sharedCustomer ? { providerCustomerCode: customerCode } : {}),
        ...(replaced ? { providerSubscriptionCode: null, providerEmailToken: null } : {}),
      },
      { at: paidAt, reason, subject: payment.reference },
      now,
    );
    if (replaced) {
      changeSubscription(tx, { ...sub, status: 'active', plan }, {}, { at: now, reason: 'provider_subscription_replaced', subject: replaced.code }, now);
    }
    if (replaced) followUps.disable = replaced;
    const auth = t.authorization;
    if (payment.kind === 'checkout' && auth?.reusable && auth.authorizationCode && !sharedCustomer) {
      followUps.autoRenew = {
        plan,
        currency,
        amount: minorUnits(plan, currency),
        customer: t.customer?.customerCode ?? t.customer?.email ?? '',
        authorization: auth.authorizationCode,
        startDate: period.end,
      };
    }
    return { applied: true, reason, payment, followUps };
  }
}
