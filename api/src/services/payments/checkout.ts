import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import {
  billingMessages,
  type BillingCurrency,
  type InitializePaymentBody,
  type InitializePaymentResponse,
  type VerifyPaymentResponse,
} from '@shared/schemas/billing';
import { PaystackError } from '../../adapters/paystack/errors';
import type { PaystackTransaction } from '../../adapters/paystack/client';
import { payments, type SubscriptionRow, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { availableDiscount, discountHolder } from '../referrals';
import { isPaidState } from '../subscription-state';
import { settleForUser } from '../subscriptions';
import { discounted, minorUnits, type BillingDeps, type ChargeOutcome } from './deps';
import type { ProviderSubscriptions } from './provider-subscriptions';

const newReference = () => `BP-${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}`;

/**
 * The checkout: a payment is initialized with Paystack (naira or dollars, the referral discount held
 * by the pending row) and verified when the payer comes back; a success is applied once.
 */
export class Checkout {
  constructor(
    private readonly deps: BillingDeps,
    private readonly charges: { applyAndFollowUp(transaction: PaystackTransaction): Promise<ChargeOutcome> },
    private readonly renewals: ProviderSubscriptions,
  ) {}

  /** Naira for users in Nigeria, dollars otherwise; a running paid plan keeps its currency. */
  currencyFor(user: Pick<UserRow, 'timeZone'>, sub: SubscriptionRow, ip: string | undefined): BillingCurrency {
    if (sub.currency && isPaidState(sub.status)) return sub.currency;
    const hit = ip ? this.deps.geo?.lookup(ip) : null;
    if (hit) return hit.country === 'NG' ? 'NGN' : 'USD';
    return user.timeZone === 'Africa/Lagos' ? 'NGN' : 'USD';
  }

  async initialize(user: UserRow, body: InitializePaymentBody, ip?: string): Promise<InitializePaymentResponse> {
    const { db, clock, paystack, log } = this.deps;
    // Paystack keys the customer (and the renewals it will charge) by this address: the account's own.
    if (body.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(ErrorCode.validation, billingMessages.emailNotAccount, { issues: [{ path: 'email', message: billingMessages.emailNotAccount }] });
    }
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
        email: user.email,
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
        await this.charges.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        // No longer pending: a discount it held is free for the next payment (or the next renewal).
        this.markFailed(payment.id, transaction.channel);
        if (payment.discount) await this.renewals.scheduleRenewalDiscount(userId);
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

  markFailed(paymentId: string, channel: string | null): void {
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
  async refreshDiscountHolder(userId: string): Promise<void> {
    const holder = discountHolder(this.deps.db, userId, this.deps.clock.now());
    if (holder?.kind !== 'checkout') return;
    try {
      const transaction = await this.deps.paystack.verifyTransaction(holder.reference);
      if (transaction.status === 'success') {
        await this.charges.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        const row = this.deps.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, holder.reference)).get();
        if (row) this.markFailed(row.id, transaction.channel);
      }
    } catch (error) {
      this.deps.log.warn('paystack: could not check the checkout holding the discount', { error, userId, reference: holder.reference });
    }
  }
}
