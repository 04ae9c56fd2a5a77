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
import { PAID_PLAN_IDS } from '@shared/plans';
import { FREE_CHANGE_KINDS, PAID_CHANGE_KINDS, planChangeMessages, type PlanChangeKind, type PlanQuote } from '@shared/schemas/plan-change';
import { PaystackError } from '../paystack/errors';
import type { PaystackTransaction } from '../paystack/client';
import { tablesOf, type PaymentRow, type SubscriptionRow, type UserRow } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { AppError, notFound } from '../../../kernel/errors';
import { availableDiscount, discountHolder, DISCOUNT_HOLD_MS } from '../referrals';
import { isPaidState } from '../subscription-state';
import { readSubscription, settleForUser } from '../subscriptions';
import { type BillingDeps, type ChargeOutcome } from './deps';
import { currentBasis, quotePlan } from './plan-change';
import type { ProviderSubscriptions } from './provider-subscriptions';

/** How long an open checkout is handed back for the same change (then a new one is opened). */
const CHECKOUT_HOLD_MS = DISCOUNT_HOLD_MS;
const isPaidKind = (kind: PlanChangeKind): kind is (typeof PAID_CHANGE_KINDS)[number] =>
  (PAID_CHANGE_KINDS as readonly string[]).includes(kind);

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

  /** `GET /api/plans/quotes`: what choosing each paid plan does now and costs, as checkout will charge it. */
  async quotes(user: UserRow, ip?: string): Promise<PlanQuote[]> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const sub = await readSubscription(store, user.id, now);
    const currency = this.currencyFor(user, sub, ip);
    const discountPercent = await availableDiscount(store.db, user.id, now);
    return PAID_PLAN_IDS.map((plan) => quotePlan(sub, plan, { currency, now, discountPercent }));
  }

  /**
   * `POST /api/payments/initialize`: a checkout for exactly what the plan's quote says now. The
   * pending payment row is the claim on that one change (its kind, the subscription it was quoted
   * against, the plan and the amount), written before Paystack is called: asked again while it is
   * open (a second tab, a double click), the same checkout is handed back rather than a second
   * charge opened; one already paid is applied first. A change that takes no payment is refused (409).
   */
  async initialize(user: UserRow, body: InitializePaymentBody, ip?: string, attempt = 0): Promise<InitializePaymentResponse> {
    const { store, clock, paystack, log } = this.deps;
    // Paystack keys the customer (and the renewals it will charge) by this address: the account's own.
    if (body.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(ErrorCode.validation, billingMessages.emailNotAccount, {
        issues: [{ path: 'email', message: billingMessages.emailNotAccount }],
      });
    }
    const plan = body.planCode;
    // An open discounted checkout may have been paid or failed without us hearing yet: ask first.
    await this.refreshDiscountHolder(user.id);
    const currency = this.currencyFor(user, await readSubscription(store, user.id, clock.now()), ip);
    const reference = newReference();
    // Quote, take the discount and claim the change in one transaction that commits before Paystack
    // is called: a second checkout opened meanwhile (another request, awaited concurrently) finds
    // the claim (or the discount held), since every check is read in the transaction that claims.
    const claim = await store.tx(async (tx) => {
      const { payments } = tablesOf(tx);
      const at = clock.now();
      const sub = await settleForUser(tx, user.id, at);
      const quote = quotePlan(sub, plan, { currency, now: at, discountPercent: await availableDiscount(tx, user.id, at) });
      if (!isPaidKind(quote.kind)) {
        const message = (FREE_CHANGE_KINDS as readonly string[]).includes(quote.kind)
          ? planChangeMessages.needsNoPayment
          : planChangeMessages.nothingToChange;
        throw new AppError(ErrorCode.conflict, message);
      }
      const basis = currentBasis(sub);
      const changeKey = `${quote.kind}:${basis}:${plan}:${currency}:${quote.total}`;
      const open = await first(
        tx
          .select()
          .from(payments)
          .where(and(eq(payments.userId, user.id), eq(payments.changeKey, changeKey), eq(payments.status, 'pending'))),
      );
      if (open && open.createdAt.getTime() > at.getTime() - CHECKOUT_HOLD_MS) return { open, quote };
      // Older than the hold: no longer handed out (if it is paid after all, its basis decides).
      if (open) await tx.update(payments).set({ status: 'abandoned', updatedAt: at }).where(eq(payments.id, open.id));
      const discount = quote.lines.some((line) => line.type === 'discount');
      await tx.insert(payments).values({
        id: crypto.randomUUID(),
        userId: user.id,
        reference,
        plan,
        currency,
        amount: quote.total,
        discount,
        status: 'pending',
        kind: 'checkout',
        planChange: quote.kind === 'upgrade' || (quote.kind === 'subscribe' && isPaidState(sub.status) && sub.plan !== plan),
        changeKind: quote.kind,
        changeBasis: basis,
        changeKey,
        createdAt: at,
        updatedAt: at,
      });
      return { open: undefined, quote };
    });

    if (claim.open) return this.handBack(user, body, ip, claim.open, attempt);

    const { quote } = claim;
    const discountApplied = quote.lines.some((line) => line.type === 'discount');
    let init;
    try {
      init = await paystack.initializeTransaction({
        email: user.email,
        amount: quote.total,
        currency,
        reference,
        callbackUrl: `${this.deps.publicUrl}/payment-verification`,
        metadata: {
          userId: user.id,
          plan,
          change: quote.kind,
          isChangingPlan: body.isChangingPlan || quote.kind === 'upgrade',
          discount: discountApplied,
          currency,
        },
        channels: ['card', 'bank'],
      });
    } catch (error) {
      // Never shown to the payer: the pending row (the claim, and the discount it held) is released.
      await store.tx(async (tx) => {
        const { payments } = tablesOf(tx);
        await tx
          .update(payments)
          .set({ status: 'abandoned', updatedAt: clock.now() })
          .where(and(eq(payments.reference, reference), eq(payments.status, 'pending')));
      });
      if (error instanceof PaystackError && error.kind === 'rejected') throw new AppError(ErrorCode.validation, error.message);
      log.error('paystack initialize failed', { error, userId: user.id });
      throw new AppError(ErrorCode.internal, billingMessages.initFailed);
    }
    await store.tx(async (tx) => {
      const { payments } = tablesOf(tx);
      await tx
        .update(payments)
        .set({ reference: init.reference, checkoutUrl: init.authorizationUrl })
        .where(eq(payments.reference, reference));
    });
    return {
      status: true,
      message: billingMessages.initialized,
      data: {
        url: init.authorizationUrl,
        reference: init.reference,
        accessCode: init.accessCode,
        amount: quote.total,
        currency,
        discountApplied,
      },
    };
  }

  /**
   * The same change is already claimed by an open checkout: paid meanwhile, it is applied and the
   * request quoted again; failed, released and quoted again; otherwise its checkout is handed back.
   */
  private async handBack(
    user: UserRow,
    body: InitializePaymentBody,
    ip: string | undefined,
    open: PaymentRow,
    attempt: number,
  ): Promise<InitializePaymentResponse> {
    if (!open.checkoutUrl) throw new AppError(ErrorCode.conflict, planChangeMessages.checkoutBusy);
    if (attempt < 2) {
      try {
        const transaction = await this.deps.paystack.verifyTransaction(open.reference);
        if (transaction.status === 'success') {
          await this.charges.applyAndFollowUp(transaction);
          return this.initialize(user, body, ip, attempt + 1);
        }
        if (transaction.status === 'failed' || transaction.status === 'reversed') {
          await this.markFailed(open.id, transaction.channel);
          return this.initialize(user, body, ip, attempt + 1);
        }
      } catch (error) {
        this.deps.log.warn('paystack: could not check an open checkout; handing it back', { error, reference: open.reference });
      }
    }
    const accessCode = open.checkoutUrl.split('/').pop() ?? '';
    return {
      status: true,
      message: billingMessages.initialized,
      data: {
        url: open.checkoutUrl,
        reference: open.reference,
        accessCode,
        amount: open.amount,
        currency: open.currency,
        discountApplied: open.discount,
      },
    };
  }

  /** `GET /api/payments/verify/{reference}`: asks Paystack (unless already settled) and applies a success. */
  async verify(userId: string, reference: string): Promise<VerifyPaymentResponse> {
    const { payments } = tablesOf(this.deps.store.db);
    const { store, paystack, log } = this.deps;
    const mine = () =>
      first(
        store.db
          .select()
          .from(payments)
          .where(and(eq(payments.reference, reference), eq(payments.userId, userId))),
      );
    let payment = await mine();
    if (!payment) throw notFound(billingMessages.referenceNotFound);
    if (payment.status === 'pending') {
      let transaction: PaystackTransaction;
      try {
        transaction = await paystack.verifyTransaction(reference);
      } catch (error) {
        if (error instanceof PaystackError && error.kind !== 'unavailable' && error.kind !== 'auth')
          throw notFound(billingMessages.referenceNotFound);
        log.error('paystack verify failed', { error, reference });
        throw new AppError(ErrorCode.internal, billingMessages.verifyError);
      }
      if (transaction.status === 'success') {
        await this.charges.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        // No longer pending: a discount it held is free for the next payment (or the next renewal).
        await this.markFailed(payment.id, transaction.channel);
        if (payment.discount) await this.renewals.scheduleRenewalDiscount(userId);
      }
      payment = (await mine()) ?? payment;
    }
    if (payment.status === 'refunding') {
      await this.renewals.retryRefunds(userId);
      payment = (await mine()) ?? payment;
    }
    const success = payment.status === 'success';
    const refunded = payment.status === 'refunding' || payment.status === 'refunded';
    return {
      status: success,
      message: success
        ? billingMessages.verified
        : payment.status === 'pending'
          ? billingMessages.pending
          : refunded
            ? billingMessages.refunded
            : payment.status === 'refund_failed'
              ? billingMessages.refundFailed
              : billingMessages.verifyFailed,
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

  /** Paystack says the payment failed: a pending row (only) turns failed, in a transaction of its own. */
  async markFailed(paymentId: string, channel: string | null): Promise<void> {
    await this.deps.store.tx(async (tx) => {
      const { payments } = tablesOf(tx);
      await tx
        .update(payments)
        .set({ status: 'failed', channel, updatedAt: this.deps.clock.now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    });
  }

  /**
   * When an open checkout holds the user's discount, asks Paystack where it stands: paid, it is
   * applied (and spends the discount); failed, it is marked so and the discount is free again.
   * Unpaid ("abandoned" until paid) it keeps the discount until DISCOUNT_HOLD_MS has passed.
   */
  async refreshDiscountHolder(userId: string): Promise<void> {
    const { payments } = tablesOf(this.deps.store.db);
    const holder = await discountHolder(this.deps.store.db, userId, this.deps.clock.now());
    if (holder?.kind !== 'checkout') return;
    try {
      const transaction = await this.deps.paystack.verifyTransaction(holder.reference);
      if (transaction.status === 'success') {
        await this.charges.applyAndFollowUp(transaction);
      } else if (transaction.status === 'failed' || transaction.status === 'reversed') {
        const row = await first(
          this.deps.store.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, holder.reference)),
        );
        if (row) await this.markFailed(row.id, transaction.channel);
      }
    } catch (error) {
      this.deps.log.warn('paystack: could not check the checkout holding the discount', { error, userId, reference: holder.reference });
    }
  }
}
