import { and, desc, eq } from 'drizzle-orm';
import type { PaidPlanId } from '@shared/plans';
import type {
  InitializePaymentBody,
  InitializePaymentResponse,
  Payment,
  PaymentMethod,
  Subscription,
  VerifyPaymentResponse,
} from '@shared/schemas/billing';
import type { PlanChangeKind, PlanQuote } from '@shared/schemas/plan-change';
import type { PaystackTransaction } from '../paystack/client';
import type { Tx } from '../../../store/sqlite/client';
import { tablesOf, type SubscriptionRow, type UserRow } from '../../../store/schema/index';
import { first } from '../../../store/store';
import { readSubscription, toSubscriptionDto } from '../subscriptions';
import { discountHolder, unspentDiscount } from '../referrals';
import { cancelSubscription } from './cancel';
import { closeAtProviderForDeletion } from './close-account';
import { PlanChanges } from './changes';
import { ChargeRecorder } from './charges';
import { Checkout } from './checkout';
import type { BillingDeps, ChargeOutcome, FollowUps } from './deps';
import { toPaymentDto } from './payment-dto';
import { verifyPendingPayments } from './pending-checks';
import { ProviderSubscriptions } from './provider-subscriptions';

export type { BillingDeps, ChargeOutcome, FollowUps } from './deps';
export { toPaymentDto } from './payment-dto';
export { providerCodeFate } from './provider-code-fate';
export { ownerOfCustomerCode, ownerOfSubscriptionCode } from './provider-owners';

/**
 * Subscribing, paying, renewing, cancelling: the Paystack side of the plan lifecycle, one part a file
 * (checkout.ts, charges.ts, provider-subscriptions.ts, cancel.ts). Every query is scoped to the
 * signed-in user; charges are applied once per reference, whichever of the webhook or the
 * verification sees them first. Reads go through `deps.store.db`, writes through `store.tx`, and
 * Paystack is only called with no transaction open.
 */
export class BillingService {
  private readonly charges: ChargeRecorder;
  private readonly renewals: ProviderSubscriptions;
  private readonly checkout: Checkout;
  private readonly changes: PlanChanges;

  constructor(readonly deps: BillingDeps) {
    this.charges = new ChargeRecorder(deps);
    this.renewals = new ProviderSubscriptions(deps);
    this.checkout = new Checkout(deps, this, this.renewals);
    this.changes = new PlanChanges(deps, this.renewals);
  }

  async subscription(userId: string): Promise<Subscription> {
    const now = this.deps.clock.now();
    const row = await readSubscription(this.deps.store, userId, now);
    // The referral discount the next renewal takes, as the renewal's own price has it (provider-subscriptions.ts).
    const holder = row.providerSubscriptionCode ? await discountHolder(this.deps.store.db, userId, now) : null;
    const percent =
      holder?.kind === 'renewal' && holder.code === row.providerSubscriptionCode ? await unspentDiscount(this.deps.store.db, userId) : 0;
    return toSubscriptionDto(row, now, percent);
  }

  currencyFor(user: Pick<UserRow, 'timeZone'>, sub: SubscriptionRow, ip: string | undefined) {
    return this.checkout.currencyFor(user, sub, ip);
  }

  initialize(user: UserRow, body: InitializePaymentBody, ip?: string): Promise<InitializePaymentResponse> {
    return this.checkout.initialize(user, body, ip);
  }

  verify(userId: string, reference: string): Promise<VerifyPaymentResponse> {
    return this.checkout.verify(userId, reference);
  }

  quotes(user: UserRow, ip?: string): Promise<PlanQuote[]> {
    return this.checkout.quotes(user, ip);
  }

  /** A plan change that takes no payment: a downgrade from the period end, undoing one, resuming. */
  changePlan(userId: string, plan: PaidPlanId): Promise<{ kind: PlanChangeKind; subscription: Subscription }> {
    return this.changes.change(userId, plan);
  }

  resume(userId: string): Promise<Subscription> {
    return this.changes.resume(userId);
  }

  async history(userId: string): Promise<Payment[]> {
    const { payments } = tablesOf(this.deps.store.db);
    const rows = await this.deps.store.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId)))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return rows.filter((p) => p.status !== 'pending' && p.status !== 'abandoned').map(toPaymentDto);
  }

  async paymentMethod(userId: string): Promise<PaymentMethod | null> {
    const { payments } = tablesOf(this.deps.store.db);
    const { store, clock } = this.deps;
    const sub = await readSubscription(store, userId, clock.now());
    if (sub.cardBrand || sub.cardLast4) return { channel: 'card', brand: sub.cardBrand, last4: sub.cardLast4 };
    const last = await first(
      store.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'success')))
        .orderBy(desc(payments.paidAt)),
    );
    return last ? { channel: last.channel, brand: last.cardBrand, last4: last.cardLast4 } : null;
  }

  cancel(userId: string): Promise<Subscription> {
    return cancelSubscription(this.deps, userId);
  }

  /** Before the account is deleted: every Paystack subscription of the user that would charge again is disabled (close-account.ts). */
  closeForDeletion(userId: string): Promise<{ disabled: string[] }> {
    return closeAtProviderForDeletion(this.deps, userId);
  }

  /**
   * Applies a successful charge in a transaction (the checks read in it), and once it has committed
   * runs what it needs from Paystack, outside it; only the one that applied it has follow-ups.
   */
  async applyAndFollowUp(transaction: PaystackTransaction): Promise<ChargeOutcome> {
    const outcome = await this.deps.store.tx((tx) => this.applyCharge(tx, transaction));
    if (outcome.followUps) await this.runFollowUps(outcome.followUps);
    return outcome;
  }

  /** Records a charge inside the caller's transaction `tx` (see ChargeRecorder.applyCharge). */
  applyCharge(tx: Tx, t: PaystackTransaction, renewalCodes: readonly string[] = []): Promise<ChargeOutcome> {
    return this.charges.applyCharge(tx, t, renewalCodes);
  }

  /** The Paystack subscriptions that may have charged a transaction with no payment row of ours (a renewal). */
  renewalCodesFor(t: PaystackTransaction): Promise<string[]> {
    return this.renewals.subscriptionCodesFor(t);
  }

  runFollowUps(followUps: FollowUps): Promise<void> {
    return this.renewals.runFollowUps(followUps);
  }

  /** Carries on Paystack work whose claimant stopped before finishing (a chore of the runner's tick). */
  resumeClaims(): Promise<number> {
    return this.renewals.resumeClaims();
  }

  /** Finishes refunds whose claimant stopped, whoever paid them (a chore): looked up at Paystack first, then asked. */
  finishRefunds(): Promise<number> {
    return this.renewals.finishRefunds();
  }

  /** Verifies checkouts still pending a few minutes after they started (a chore): a lost webhook is made up for. */
  verifyPendingPayments(): Promise<number> {
    return verifyPendingPayments(this.deps, (userId, reference) => this.checkout.verify(userId, reference));
  }

  scheduleRenewalDiscount(userId: string): Promise<boolean | 'busy'> {
    return this.renewals.scheduleRenewalDiscount(userId);
  }

  restoreFullPrice(userId: string, discountedCode: string): Promise<boolean | 'busy'> {
    return this.renewals.restoreFullPrice(userId, discountedCode);
  }

  /** Makes a Paystack subscription the user's renewing one when it fits, inside the caller's transaction `tx`. */
  adoptProviderSubscription(...args: Parameters<ProviderSubscriptions['adoptProviderSubscription']>): Promise<boolean> {
    return this.renewals.adoptProviderSubscription(...args);
  }
}
