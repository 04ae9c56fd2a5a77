import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaidPlanId } from '@shared/plans';
import type { BillingCurrency } from '@shared/schemas/billing';
import type { PaystackTransaction } from '../paystack/client';
import type { Tx } from '../../../store/sqlite/client';
import { first } from '../../../store/store';
import { tablesOf, type PaymentRow, type SubscriptionRow } from '../../../store/schema/index';
import { recordActivity } from '../../activity/activity';
import { queueBillingMail } from '../billing-mail';
import { consumeDiscount, onFirstPayment } from '../referrals';
import { isPaidState, periodForPayment } from '../subscription-state';
import { changeSubscription, settleForUser } from '../subscriptions';
import { minorUnits, type BillingDeps, type ChargeOutcome, type FollowUps } from './deps';
import { checkoutEffect, currentBasis } from './plan-change';
import { claimFollowUps } from './follow-up-claims';
import { customerCodeHeldByAnother, ownerOfSubscriptionCode } from './provider-owners';
import { Refunds } from './refunds';

/** What a successful charge moves the subscription to, and the Paystack work it needs afterwards. */
interface Movement {
  patch: Partial<SubscriptionRow>;
  reason: string;
  planChange: boolean;
  /** The period end the renewal (a new Paystack subscription on the card just used) starts at, and its plan. */
  autoRenewFrom?: { at: Date; plan: PaidPlanId };
  /** The renewing Paystack subscription is replaced by the payment's own (a new subscription, a lapsed plan paid again). */
  replaces: boolean;
  alignRenewal: boolean;
}

/** Records successful charges (checkouts and renewals) and moves the subscription they pay for. */
export class ChargeRecorder {
  constructor(private readonly deps: BillingDeps) {}

  /**
   * Records a successful charge once (by reference) and moves the subscription. A checkout does what
   * its quote said (plan-change.ts): subscribe or renew from now, pay ahead from the period end, or
   * upgrade within the period, and only while the subscription it was quoted against still holds;
   * otherwise it is claimed for a refund and moves nothing (one change is never paid twice). A
   * renewal continues the cycle. A payment older than the running period (arriving out of order) is
   * kept in the history but moves nothing. Runs inside the caller's transaction.
   *
   * A charge without a payment row of ours is a renewal: it counts only for the user who owns one of
   * `renewalCodes`, the Paystack subscriptions that charged it (never by the customer code, which
   * two users could share). A customer code another user already holds is never recorded, and no
   * renewal is started on it. Everything it checks (the payment's status, the subscription the
   * quote was made against, the discount, the first payment) is read in `tx`, the transaction that
   * writes, so two deliveries of one charge (the webhook and the payer's return) apply it once.
   */
  async applyCharge(tx: Tx, t: PaystackTransaction, renewalCodes: readonly string[] = []): Promise<ChargeOutcome> {
    const { payments, providerPlans } = tablesOf(tx);
    const now = this.deps.clock.now();
    if (t.status !== 'success' || !t.reference) return { applied: false, reason: 'not_successful' };
    const paidAt = t.paidAt ?? now;
    let payment = await first(tx.select().from(payments).where(eq(payments.reference, t.reference)));
    if (payment?.status === 'success') return { applied: false, reason: 'already_applied', payment };
    const card = t.authorization && (t.authorization.channel ?? t.channel) === 'card' ? t.authorization : null;
    const paidFields = {
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
        this.deps.log.warn('paystack charge does not match the payment', {
          reference: t.reference,
          amount: t.amount,
          currency: t.currency,
        });
        return { applied: false, reason: 'amount_mismatch', payment };
      }
      userId = payment.userId;
      plan = payment.plan as PaidPlanId;
      currency = payment.currency;
    } else {
      // A renewal charged by a Paystack subscription: known by its subscription code and plan code.
      const known = t.planCode ? await first(tx.select().from(providerPlans).where(eq(providerPlans.planCode, t.planCode))) : undefined;
      const owners = new Set<string | undefined>();
      for (const code of renewalCodes) owners.add(await ownerOfSubscriptionCode(tx, code));
      const owner = owners.size === 1 ? [...owners][0] : undefined;
      if (!known || !owner || known.currency !== t.currency || known.amount !== t.amount)
        return { applied: false, reason: 'unknown_charge' };
      userId = owner;
      plan = known.plan as PaidPlanId;
      currency = known.currency;
      discountedRenewal = known.amount < minorUnits(plan, currency);
    }
    const sub = await settleForUser(tx, userId, now);

    if (
      payment &&
      (payment.status === 'refunding' ||
        payment.status === 'refunded' ||
        payment.status === 'refund_failed' ||
        (payment.changeKind && payment.changeBasis !== currentBasis(sub)))
    ) {
      return this.refundInstead(tx, payment, paidFields, now);
    }

    const firstPayment = !(await first(
      tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'success'))),
    ));
    const move = payment?.changeKind
      ? this.checkoutMovement(sub, payment.changeKind, plan, paidAt)
      : this.legacyMovement(sub, payment, plan, paidAt);
    if (payment) {
      payment = await first(
        tx
          .update(payments)
          .set({ ...paidFields, status: 'success', planChange: move.planChange })
          .where(eq(payments.id, payment.id))
          .returning(),
      );
    } else {
      payment = await first(
        tx
          .insert(payments)
          .values({
            id: crypto.randomUUID(),
            userId,
            reference: t.reference,
            plan,
            currency,
            amount: t.amount,
            discount: discountedRenewal,
            kind: 'renewal',
            planChange: move.planChange,
            createdAt: now,
            status: 'success',
            ...paidFields,
          })
          .returning(),
      );
    }
    if (!payment) throw new Error('payment row vanished');
    await recordActivity(tx, userId, 'payment', now, {
      data: { plan, amount: payment.amount, currency: payment.currency, kind: payment.kind },
    });
    // The receipt, in the user's language, once (by reference).
    await queueBillingMail(
      tx,
      this.deps,
      userId,
      {
        kind: 'receipt',
        reference: payment.reference,
        plan,
        amount: payment.amount,
        currency: payment.currency,
        paidAt,
        card: payment.cardLast4 ? `${payment.cardBrand ? `${payment.cardBrand} ` : ''}•••• ${payment.cardLast4}` : null,
        planChanged: move.planChange,
        periodEnd: move.patch.currentPeriodEnd ?? sub.currentPeriodEnd,
      },
      `receipt:${payment.reference}`,
      now,
    );
    const followUps: FollowUps = { userId };
    if (payment.discount && !(await consumeDiscount(tx, userId, payment.reference, now))) {
      // Charged at the discounted price although the discount was already spent (a checkout paid
      // after it stopped holding it, or a discounted plan that was not switched back in time).
      this.deps.log.warn('referral discount charged again after it was spent', { userId, reference: payment.reference });
    }
    if (discountedRenewal && t.planCode) followUps.restoreFullPrice = { code: sub.providerSubscriptionCode ?? '' };
    if (firstPayment) {
      const referral = await onFirstPayment(tx, userId, now);
      if (referral?.earned) followUps.referrerId = referral.referrerId;
    }
    if (!payment.changeKind && sub.currentPeriodStart && paidAt.getTime() < sub.currentPeriodStart.getTime() && isPaidState(sub.status)) {
      return {
        applied: true,
        reason: 'late_payment_recorded',
        payment,
        followUps: await claimFollowUps(tx, followUps, this.deps.box, now),
      };
    }
    const customerCode = t.customer?.customerCode ?? null;
    const sharedCustomer = customerCode !== null && (await customerCodeHeldByAnother(tx, customerCode, userId));
    if (sharedCustomer)
      this.deps.log.warn('paystack customer code already held by another user: not recorded', { userId, reference: payment.reference });
    const replaced =
      payment.kind === 'checkout' && move.replaces && sub.providerSubscriptionCode
        ? { code: sub.providerSubscriptionCode, sealedToken: sub.providerEmailToken }
        : undefined;
    const inForce = (move.patch.plan ?? sub.plan) as PaidPlanId;
    await changeSubscription(
      tx,
      sub,
      {
        ...move.patch,
        currency,
        amount: minorUnits(inForce, currency),
        lastPaymentAt: sub.lastPaymentAt && sub.lastPaymentAt > paidAt ? sub.lastPaymentAt : paidAt,
        ...(payment.cardLast4 || payment.cardBrand ? { cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 } : {}),
        ...(customerCode && !sharedCustomer ? { providerCustomerCode: customerCode } : {}),
        ...(replaced ? { providerSubscriptionCode: null, providerEmailToken: null } : {}),
      },
      { at: paidAt, reason: move.reason, subject: payment.reference },
      now,
    );
    if (replaced) {
      await changeSubscription(
        tx,
        { ...sub, status: 'active', plan: inForce },
        {},
        { at: now, reason: 'provider_subscription_replaced', subject: replaced.code },
        now,
      );
      followUps.disable = replaced;
    }
    if (move.alignRenewal) followUps.alignRenewal = true;
    const auth = t.authorization;
    const renewsOwnCard = move.autoRenewFrom && (replaced || !sub.providerSubscriptionCode);
    if (payment.kind === 'checkout' && renewsOwnCard && move.autoRenewFrom && auth?.reusable && auth.authorizationCode && !sharedCustomer) {
      const renewal = move.autoRenewFrom;
      followUps.autoRenew = {
        plan: renewal.plan,
        currency,
        amount: minorUnits(renewal.plan, currency),
        customer: t.customer?.customerCode ?? t.customer?.email ?? '',
        customerId: t.customer?.id === null || t.customer?.id === undefined ? null : String(t.customer.id),
        authorization: auth.authorizationCode,
        startDate: renewal.at,
      };
    }
    return { applied: true, reason: move.reason, payment, followUps: await claimFollowUps(tx, followUps, this.deps.box, now) };
  }

  /** The checkout's quote no longer holds (or it was already given back): claim it for a refund. */
  private async refundInstead(tx: Tx, payment: PaymentRow, paid: Partial<PaymentRow>, now: Date): Promise<ChargeOutcome> {
    const { payments } = tablesOf(tx);
    if (payment.status === 'refunded' || payment.status === 'refund_failed') return { applied: false, reason: payment.status, payment };
    const claim = await Refunds.claim(tx, payment, now, paid);
    if (!claim) return { applied: false, reason: 'refund_claimed', payment };
    this.deps.log.warn('a checkout paid for a change that no longer applies: refunding it', {
      userId: payment.userId,
      reference: payment.reference,
    });
    const row = (await first(tx.select().from(payments).where(eq(payments.id, payment.id)))) ?? payment;
    return { applied: false, reason: 'refunding', payment: row, followUps: { userId: payment.userId, refund: claim } };
  }

  /** A checkout with a quote: what plan-change.ts says it does. */
  private checkoutMovement(sub: SubscriptionRow, kind: NonNullable<PaymentRow['changeKind']>, plan: PaidPlanId, paidAt: Date): Movement {
    const effect = checkoutEffect(sub, { kind, plan }, paidAt);
    const end = effect.patch.currentPeriodEnd;
    const renewalPlan = effect.patch.scheduledPlan ?? effect.patch.plan;
    switch (kind) {
      case 'upgrade':
        // The period runs on; the renewal moves to the new plan's price (a cancelled plan stays cancelled).
        return {
          ...effect,
          replaces: false,
          alignRenewal: effect.patch.status === 'active' && sub.providerSubscriptionCode !== null,
          ...(effect.patch.status === 'active' && !sub.providerSubscriptionCode ? { autoRenewFrom: { at: end, plan: renewalPlan } } : {}),
        };
      case 'prepay':
        return { ...effect, replaces: false, alignRenewal: false, autoRenewFrom: { at: end, plan: renewalPlan } };
      default:
        return { ...effect, replaces: true, alignRenewal: false, autoRenewFrom: { at: end, plan: renewalPlan } };
    }
  }

  /** A renewal, or a checkout from before quotes: a new plan or a change starts now, the same plan continues. */
  private legacyMovement(sub: SubscriptionRow, payment: PaymentRow | undefined, plan: PaidPlanId, paidAt: Date): Movement {
    const planChange = isPaidState(sub.status) && sub.plan !== plan && sub.scheduledPlan !== plan;
    const period = periodForPayment(sub, plan, paidAt);
    const renewal = !payment || payment.kind === 'renewal';
    const reason = renewal
      ? 'renewed'
      : planChange
        ? 'plan_changed'
        : sub.status === 'trialing'
          ? 'trial_converted'
          : period.continued
            ? 'renewed'
            : 'subscribed';
    return {
      patch: {
        plan,
        status: 'active',
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        graceEndsAt: null,
        cancelAtPeriodEnd: false,
        scheduledPlan: null,
        scheduledAt: null,
      },
      reason,
      planChange,
      replaces: !renewal,
      alignRenewal: false,
      ...(renewal ? {} : { autoRenewFrom: { at: period.end, plan } }),
    };
  }
}
