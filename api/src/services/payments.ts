import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { planById, type PaidPlanId } from '@shared/plans';
import {
  billingMessages,
  type BillingCurrency,
  type InitializePaymentBody,
  type InitializePaymentResponse,
  type Payment,
  type PaymentMethod,
  type Subscription,
  type VerifyPaymentResponse,
} from '@shared/schemas/billing';
import type { GeoLookup } from '../adapters/geo/offline-geo';
import { PaystackError } from '../adapters/paystack/errors';
import type { PaystackClient, PaystackTransaction } from '../adapters/paystack/client';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { payments, providerPlans, subscriptionEvents, subscriptions, webhookEvents, type PaymentRow, type SubscriptionRow, type UserRow } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { Logger } from '../logger';
import { recordActivity } from './activity';
import type { CryptoBox } from './crypto-box';
import { availableDiscount, consumeDiscount, DISCOUNT_ENDED, DISCOUNT_SCHEDULED, discountHolder, onFirstPayment } from './referrals';
import { isPaidState, periodForPayment } from './subscription-state';
import { changeSubscription, settleForUser, toSubscriptionDto } from './subscriptions';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  paystack: PaystackClient;
  /** Seals Paystack's subscription email token at rest. */
  box: CryptoBox;
  log: Logger;
  /** Where Paystack sends the payer back: `${publicUrl}/payment-verification`. */
  publicUrl: string;
  geo?: GeoLookup;
}

/** What a successful charge still needs from Paystack once it is recorded (outside the transaction). */
export interface FollowUps {
  userId: string;
  /** Turn on auto-renewal: a Paystack subscription from the end of the new period. */
  autoRenew?: { plan: PaidPlanId; currency: BillingCurrency; amount: number; customer: string; authorization: string; startDate: Date };
  /** The provider subscription the new payment replaces (plan change, re-subscribe). */
  disable?: { code: string; sealedToken: string | null };
  /** A discounted renewal was charged: move the renewing subscription back to the full-price plan. */
  restoreFullPrice?: { code: string };
  /** The payer's referrer just earned the discount: schedule it on their renewal if they have one. */
  referrerId?: string;
}

export interface ChargeOutcome {
  applied: boolean;
  reason: string;
  payment?: PaymentRow;
  followUps?: FollowUps;
}

const tokenAad = (userId: string) => `${userId}:paystack:email_token`;
const minorUnits = (plan: PaidPlanId, currency: BillingCurrency) => (currency === 'NGN' ? planById(plan).price.naira : planById(plan).price.usd) * 100;
const discounted = (full: number, percent: number) => (percent > 0 ? Math.round((full * (100 - percent)) / 100) : full);

export function toPaymentDto(row: PaymentRow): Payment {
  return {
    id: row.id,
    reference: row.reference,
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    discount: row.discount,
    status: row.status,
    kind: row.kind,
    planChange: row.planChange,
    channel: row.channel,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const newReference = () => `BP-${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}`;

/**
 * Subscribing, paying, renewing, cancelling: the Paystack side of the plan lifecycle. Every query is
 * scoped to the signed-in user; charges are applied once per reference, whichever of the webhook or
 * the verification sees them first.
 */
export class BillingService {
  constructor(readonly deps: BillingDeps) {}

  subscription(userId: string): Subscription {
    const now = this.deps.clock.now();
    return toSubscriptionDto(settleForUser(this.deps.db, userId, now), now);
  }

  /** Naira for users in Nigeria, dollars otherwise; a running paid plan keeps its currency. */
  currencyFor(user: Pick<UserRow, 'timeZone'>, sub: SubscriptionRow, ip: string | undefined): BillingCurrency {
    if (sub.currency && isPaidState(sub.status)) return sub.currency;
    const hit = ip ? this.deps.geo?.lookup(ip) : null;
    if (hit) return hit.country === 'NG' ? 'NGN' : 'USD';
    return user.timeZone === 'Africa/Lagos' ? 'NGN' : 'USD';
  }

  async initialize(user: UserRow, body: InitializePaymentBody, ip?: string): Promise<InitializePaymentResponse> {
    const { db, clock, paystack, log } = this.deps;
    const now = clock.now();
    const sub = settleForUser(db, user.id, now);
    const plan = body.planCode;
    const currency = this.currencyFor(user, sub, ip);
    const full = minorUnits(plan, currency);
    const planChange = isPaidState(sub.status) && sub.plan !== plan;
    const reference = newReference();
    // An open discounted checkout may have been paid or failed without us hearing yet: ask first.
    await this.refreshDiscountHolder(user.id);
    // Take the discount and record the pending payment in one synchronous transaction, before
    // Paystack is called: a second checkout opened meanwhile finds the discount held and pays full price.
    const { amount, percent } = db.transaction((tx) => {
      const at = clock.now();
      const pct = availableDiscount(tx, user.id, at);
      const amt = discounted(full, pct);
      tx.insert(payments)
        .values({
          id: crypto.randomUUID(),
          userId: user.id,
          reference,
          plan,
          currency,
          amount: amt,
          discount: pct > 0,
          status: 'pending',
          kind: 'checkout',
          planChange,
          createdAt: at,
          updatedAt: at,
        })
        .run();
      return { amount: amt, percent: pct };
    });
    let init;
    try {
      init = await paystack.initializeTransaction({
        email: body.email,
        amount,
        currency,
        reference,
        callbackUrl: `${this.deps.publicUrl}/payment-verification`,
        metadata: { userId: user.id, plan, isChangingPlan: body.isChangingPlan || planChange, discount: percent > 0, currency },
        channels: ['card', 'bank'],
      });
    } catch (error) {
      // Never shown to the payer: the pending row (and the discount it held) is released.
      db.update(payments)
        .set({ status: 'abandoned', updatedAt: clock.now() })
        .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')))
        .run();
      if (error instanceof PaystackError && error.kind === 'rejected') throw new AppError(ErrorCode.validation, error.message);
      log.error('paystack initialize failed', { error, userId: user.id });
      throw new AppError(ErrorCode.internal, billingMessages.initFailed);
    }
    if (init.reference !== reference) {
      db.update(payments).set({ reference: init.reference }).where(eq(payments.reference, reference)).run();
    }
    return {
      status: true,
      message: billingMessages.initialized,
      data: { url: init.authorizationUrl, reference: init.reference, accessCode: init.accessCode, amount, currency, discountApplied: percent > 0 },
    };
  }

  /** `GET /api/payments/verify/{reference}`: asks Paystack (unless already settled) and applies a success. */
  async verify(userId: string, reference: string): Promise<VerifyPaymentResponse> {
    const { db, paystack, log } = this.deps;
    const mine = () => db.select().from(payments).where(and(eq(payments.reference, reference), eq(payments.userId, userId))).get();
    let payment = mine();
    if (!payment) throw notFound(billingMessages.referenceNotFound);
    if (payment.status === 'pending') {
      let transaction: PaystackTransaction;
      try {
        transaction = await paystack.verifyTransaction(reference);
      } catch (error) {
        if (error instanceof PaystackError && error.kind !== 'unavailable' && error.kind !== 'auth') throw notFound(billingMessages.referenceNotFound);
        log.error('paystack verify failed', { error, reference });
        throw new AppError(ErrorCode.internal, billingMessages.verifyError);
      }
      if (transaction.status === 'success') {
        await this.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        // No longer pending: a discount it held is free for the next payment (or the next renewal).
        this.markFailed(payment.id, transaction.channel);
        if (payment.discount) await this.scheduleRenewalDiscount(userId);
      }
      payment = mine() ?? payment;
    }
    const success = payment.status === 'success';
    return {
      status: success,
      message: success ? billingMessages.verified : payment.status === 'pending' ? billingMessages.pending : billingMessages.verifyFailed,
      metadata: { discount_applied: success && payment.discount },
      data: {
        reference: payment.reference,
        status: payment.status,
        plan: payment.plan,
        amount: payment.amount,
        currency: payment.currency,
        paidAt: payment.paidAt?.toISOString() ?? null,
      },
    };
  }

  history(userId: string): Payment[] {
    return this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .all()
      .filter((p) => p.status !== 'pending' && p.status !== 'abandoned')
      .map(toPaymentDto);
  }

  private markFailed(paymentId: string, channel: string | null): void {
    this.deps.db
      .update(payments)
      .set({ status: 'failed', channel, updatedAt: this.deps.clock.now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .run();
  }

  /**
   * When an open checkout holds the user's discount, asks Paystack where it stands: paid, it is
   * applied (and spends the discount); failed, it is marked so and the discount is free again.
   * Unpaid ("abandoned" until paid) it keeps the discount until DISCOUNT_HOLD_MS has passed.
   */
  private async refreshDiscountHolder(userId: string): Promise<void> {
    const holder = discountHolder(this.deps.db, userId, this.deps.clock.now());
    if (holder?.kind !== 'checkout') return;
    try {
      const transaction = await this.deps.paystack.verifyTransaction(holder.reference);
      if (transaction.status === 'success') {
        await this.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        const row = this.deps.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, holder.reference)).get();
        if (row) this.markFailed(row.id, transaction.channel);
      }
    } catch (error) {
      this.deps.log.warn('paystack: could not check the checkout holding the discount', { error, userId, reference: holder.reference });
    }
  }

  paymentMethod(userId: string): PaymentMethod | null {
    const sub = settleForUser(this.deps.db, userId, this.deps.clock.now());
    if (sub.cardBrand || sub.cardLast4) return { channel: 'card', brand: sub.cardBrand, last4: sub.cardLast4 };
    const last = this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'success')))
      .orderBy(desc(payments.paidAt))
      .get();
    return last ? { channel: last.channel, brand: last.cardBrand, last4: last.cardLast4 } : null;
  }

  /**
   * Cancel: the plan stays until the end of the paid period, then the free tier. The change is
   * recorded first and Paystack told after; if Paystack refuses, the change is undone.
   */
  async cancel(userId: string): Promise<Subscription> {
    const { db, clock, paystack, box, log } = this.deps;
    const now = clock.now();
    const sub = settleForUser(db, userId, now);
    if (sub.status === 'non_renewing') return toSubscriptionDto(sub, now);
    if (sub.status !== 'active' && sub.status !== 'grace') throw notFound(billingMessages.noSubscription);
    const cancelled = db.transaction((tx) =>
      changeSubscription(
        tx,
        sub,
        sub.status === 'grace' ? { status: 'free', plan: 'free', graceEndsAt: null, cancelAtPeriodEnd: false } : { status: 'non_renewing', cancelAtPeriodEnd: true },
        { at: now, reason: 'canceled_by_user', subject: sub.providerSubscriptionCode },
        now,
      ),
    );
    if (sub.providerSubscriptionCode && sub.providerEmailToken) {
      try {
        await paystack.disableSubscription({ code: sub.providerSubscriptionCode, token: box.open(sub.providerEmailToken, tokenAad(userId)) });
      } catch (error) {
        const alreadyOff = error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /inactive/i.test(error.message);
        if (!alreadyOff) {
          log.error('paystack disable failed', { error, userId });
          const current = settleForUser(db, userId, clock.now());
          db.transaction((tx) =>
            changeSubscription(
              tx,
              current,
              { status: sub.status, plan: sub.plan, graceEndsAt: sub.graceEndsAt, cancelAtPeriodEnd: sub.cancelAtPeriodEnd },
              { at: clock.now(), reason: 'cancel_failed', subject: sub.providerSubscriptionCode },
              clock.now(),
            ),
          );
          throw new AppError(ErrorCode.internal, billingMessages.cancelFailed);
        }
      }
    }
    return toSubscriptionDto(cancelled, now);
  }

  /** Applies a successful charge and runs what it needs from Paystack afterwards. */
  async applyAndFollowUp(transaction: PaystackTransaction): Promise<ChargeOutcome> {
    const outcome = this.deps.db.transaction((tx) => this.applyCharge(tx, transaction));
    if (outcome.followUps) await this.runFollowUps(outcome.followUps);
    return outcome;
  }

  /**
   * Records a successful charge once (by reference) and moves the subscription: a checkout payment
   * starts the plan paid for (a new plan or a change takes effect now, for 30 days); a renewal
   * continues the cycle. A payment older than the running period (arriving out of order) is kept
   * in the history but moves nothing. Runs inside the caller's transaction.
   */
  applyCharge(tx: Tx, t: PaystackTransaction): ChargeOutcome {
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
      // A renewal charged by a Paystack subscription: known by the customer and the plan code.
      const customerCode = t.customer?.customerCode;
      const known = t.planCode ? tx.select().from(providerPlans).where(eq(providerPlans.planCode, t.planCode)).get() : undefined;
      const owner = customerCode ? tx.select().from(subscriptions).where(eq(subscriptions.providerCustomerCode, customerCode)).get() : undefined;
      if (!known || !owner || known.currency !== t.currency || known.amount !== t.amount) return { applied: false, reason: 'unknown_charge' };
      userId = owner.userId;
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
        ...(t.customer?.customerCode ? { providerCustomerCode: t.customer.customerCode } : {}),
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
    if (payment.kind === 'checkout' && auth?.reusable && auth.authorizationCode) {
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

  /** After a checkout payment: stop the replaced Paystack subscription, start the new one. Failures are logged and recorded. */
  async runFollowUps(followUps: FollowUps): Promise<void> {
    const { db, clock, paystack, box, log } = this.deps;
    const { userId } = followUps;
    if (followUps.disable?.sealedToken) {
      try {
        await paystack.disableSubscription({ code: followUps.disable.code, token: box.open(followUps.disable.sealedToken, tokenAad(userId)) });
      } catch (error) {
        log.warn('paystack: could not disable a replaced subscription', { error, userId, code: followUps.disable.code });
      }
    }
    const renew = followUps.autoRenew;
    if (renew?.customer) {
      try {
        const planCode = await this.providerPlanCode(renew.plan, renew.currency, renew.amount);
        const created = await paystack.createSubscription({ customer: renew.customer, plan: planCode, authorization: renew.authorization, startDate: renew.startDate });
        this.adoptProviderSubscription(userId, created.subscriptionCode, created.emailToken, planCode, 'auto_renew_on');
      } catch (error) {
        log.warn('paystack: could not turn on auto-renewal', { error, userId });
        const now = clock.now();
        db.transaction((tx) => changeSubscription(tx, settleForUser(tx, userId, now), {}, { at: now, reason: 'auto_renew_failed' }, now));
      }
    }
    if (followUps.restoreFullPrice) await this.restoreFullPrice(userId, followUps.restoreFullPrice.code);
    // An unspent discount goes on the next renewal (no-op unless earned, free and auto-renewing).
    await this.scheduleRenewalDiscount(userId);
    if (followUps.referrerId) await this.scheduleRenewalDiscount(followUps.referrerId);
  }

  /**
   * Puts the earned referral discount on the user's next automatic renewal, once. Paystack charges
   * a subscription its plan's amount and a plan's amount applies to every subscription on it, so
   * the renewing subscription moves to a discounted plan (same plan and currency, 30% lower) for
   * one cycle: the new subscription starts at the end of the paid period, on the same customer and
   * card, and the current one is disabled with its email token. Its charge, applied as a renewal,
   * spends the discount and switches back to the full-price plan (`restoreFullPrice`). Checkouts
   * see the discount as held while the discounted subscription is the renewing one.
   */
  async scheduleRenewalDiscount(userId: string): Promise<boolean> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const sub = settleForUser(db, userId, now);
    if (sub.status !== 'active' || !sub.providerSubscriptionCode || !sub.providerEmailToken || !sub.currency || !sub.currentPeriodEnd || sub.plan === 'free') return false;
    const percent = availableDiscount(db, userId, now);
    if (percent === 0) return false;
    const plan = sub.plan as PaidPlanId;
    try {
      const planCode = await this.providerPlanCode(plan, sub.currency, discounted(minorUnits(plan, sub.currency), percent), `${percent}% referral discount, one cycle`);
      return await this.switchProviderSubscription(userId, { code: sub.providerSubscriptionCode, sealedToken: sub.providerEmailToken }, planCode, sub.currentPeriodEnd, DISCOUNT_SCHEDULED);
    } catch (error) {
      log.warn('paystack: could not schedule the referral discount on the renewal', { error, userId });
      return false;
    }
  }

  /** After the discounted renewal was charged: the next renewals are at the full price again. */
  async restoreFullPrice(userId: string, discountedCode: string): Promise<boolean> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const sub = settleForUser(db, userId, now);
    if (!sub.providerSubscriptionCode || sub.providerSubscriptionCode !== discountedCode || !sub.providerEmailToken || !sub.currency || !sub.currentPeriodEnd) return false;
    if (sub.status !== 'active' || sub.plan === 'free') return false;
    const plan = sub.plan as PaidPlanId;
    try {
      const planCode = await this.providerPlanCode(plan, sub.currency, minorUnits(plan, sub.currency));
      return await this.switchProviderSubscription(userId, { code: discountedCode, sealedToken: sub.providerEmailToken }, planCode, sub.currentPeriodEnd, DISCOUNT_ENDED);
    } catch (error) {
      // The discounted plan would charge again: logged; the next discounted charge retries the switch.
      log.error('paystack: could not switch the renewal back to the full price', { error, userId, code: discountedCode });
      return false;
    }
  }

  /**
   * Moves the user's renewal from one Paystack subscription to a new one on `planCode` starting at
   * `startDate`: create the new one (same customer and card, read from Paystack), make it the
   * renewing one here, then disable the old one with its email token. Created first so there is
   * never a cycle without a renewing subscription; if the old one cannot be disabled, the new one
   * is disabled and the old one stays (never two subscriptions charging).
   */
  private async switchProviderSubscription(userId: string, from: { code: string; sealedToken: string }, planCode: string, startDate: Date, reason: string): Promise<boolean> {
    const { db, clock, paystack, box, log } = this.deps;
    const fromToken = box.open(from.sealedToken, tokenAad(userId));
    const remote = await paystack.fetchSubscription(from.code);
    const customer = remote.customerCode ?? settleForUser(db, userId, clock.now()).providerCustomerCode;
    if (!customer || !remote.authorizationCode) throw new Error('the current subscription has no customer or card authorization');
    const created = await paystack.createSubscription({ customer, plan: planCode, authorization: remote.authorizationCode, startDate });
    const disableCreated = async () => {
      if (!created.emailToken) return;
      await paystack.disableSubscription({ code: created.subscriptionCode, token: created.emailToken }).catch((error: unknown) => {
        log.error('paystack: could not disable a subscription created for a switch', { error, userId, code: created.subscriptionCode });
      });
    };
    const switched = db.transaction((tx) => {
      const now = clock.now();
      const current = settleForUser(tx, userId, now);
      if (current.providerSubscriptionCode !== from.code || current.status !== 'active') return false;
      const moved = changeSubscription(
        tx,
        current,
        { providerSubscriptionCode: created.subscriptionCode, providerEmailToken: created.emailToken ? box.seal(created.emailToken, tokenAad(userId)) : null },
        { at: now, reason, subject: created.subscriptionCode },
        now,
      );
      changeSubscription(tx, moved, {}, { at: now, reason: 'provider_subscription_replaced', subject: from.code }, now);
      return true;
    });
    if (!switched) {
      await disableCreated();
      return false;
    }
    try {
      await paystack.disableSubscription({ code: from.code, token: fromToken });
    } catch (error) {
      const alreadyOff = error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /inactive/i.test(error.message);
      if (!alreadyOff) {
        log.error('paystack: could not disable the subscription being switched; keeping it', { error, userId, code: from.code });
        db.transaction((tx) => {
          const now = clock.now();
          const current = settleForUser(tx, userId, now);
          if (current.providerSubscriptionCode !== created.subscriptionCode) return;
          changeSubscription(tx, current, { providerSubscriptionCode: from.code, providerEmailToken: from.sealedToken }, { at: now, reason: 'provider_switch_failed', subject: from.code }, now);
        });
        await disableCreated();
        return false;
      }
    }
    return true;
  }

  /**
   * Makes a Paystack subscription the user's renewing one, when it fits: the user's plan is paid and
   * running, has no other renewing subscription, the code's plan is that plan in that currency, and
   * the code was not replaced or disabled before (events can arrive out of order).
   */
  adoptProviderSubscription(userId: string, code: string, emailToken: string | null, planCode: string | null, reason: string, tx: Tx = this.deps.db): boolean {
    const now = this.deps.clock.now();
    return tx.transaction((inner) => {
      const sub = settleForUser(inner, userId, now);
      if (sub.providerSubscriptionCode === code) {
        if (!sub.providerEmailToken && emailToken) {
          inner.update(subscriptions).set({ providerEmailToken: this.deps.box.seal(emailToken, tokenAad(userId)) }).where(eq(subscriptions.userId, userId)).run();
        }
        return true;
      }
      if (sub.providerSubscriptionCode || sub.status !== 'active') return false;
      if (planCode) {
        const known = inner.select().from(providerPlans).where(eq(providerPlans.planCode, planCode)).get();
        if (!known || known.plan !== sub.plan || known.currency !== sub.currency) return false;
      }
      const dead = providerCodeFate(inner, code);
      if (dead === 'replaced') return false;
      if (dead === 'disabled') {
        // Its disable arrived before its create: it renews nothing, the plan runs to its end.
        changeSubscription(
          inner,
          sub,
          { providerSubscriptionCode: code, status: 'non_renewing', cancelAtPeriodEnd: true },
          { at: now, reason: 'provider_disabled', subject: code },
          now,
        );
        return false;
      }
      changeSubscription(
        inner,
        sub,
        { providerSubscriptionCode: code, providerEmailToken: emailToken ? this.deps.box.seal(emailToken, tokenAad(userId)) : null },
        { at: now, reason, subject: code },
        now,
      );
      return true;
    });
  }

  private async providerPlanCode(plan: PaidPlanId, currency: BillingCurrency, amount: number, note?: string): Promise<string> {
    const { db, clock, paystack } = this.deps;
    const found = db
      .select()
      .from(providerPlans)
      .where(and(eq(providerPlans.plan, plan), eq(providerPlans.currency, currency), eq(providerPlans.amount, amount)))
      .get();
    if (found) return found.planCode;
    const created = await paystack.createPlan({ name: `${planById(plan).name} (${currency}${note ? `, ${note}` : ''})`, amount, currency, interval: 'monthly' });
    db.insert(providerPlans).values({ plan, currency, amount, planCode: created.planCode, createdAt: clock.now() }).onConflictDoNothing().run();
    return (
      db
        .select()
        .from(providerPlans)
        .where(and(eq(providerPlans.plan, plan), eq(providerPlans.currency, currency), eq(providerPlans.amount, amount)))
        .get()?.planCode ?? created.planCode
    );
  }
}

/**
 * Whether a provider subscription was replaced by a newer payment or disabled by Paystack (from the
 * recorded changes and webhooks): such a code never becomes the renewing one again.
 */
export function providerCodeFate(tx: Tx, code: string): 'replaced' | 'disabled' | null {
  const replaced = tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.subject, code), eq(subscriptionEvents.reason, 'provider_subscription_replaced')))
    .get();
  if (replaced) return 'replaced';
  const disabled = tx
    .select({ key: webhookEvents.key })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.subject, code), inArray(webhookEvents.event, ['subscription.disable', 'subscription.not_renew'])))
    .get();
  return disabled ? 'disabled' : null;
}
