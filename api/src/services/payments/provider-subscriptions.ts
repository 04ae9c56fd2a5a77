import { and, eq, inArray } from 'drizzle-orm';
import { planById, type PaidPlanId } from '@shared/plans';
import type { BillingCurrency } from '@shared/schemas/billing';
import { PaystackError } from '../../adapters/paystack/errors';
import type { PaystackTransaction } from '../../adapters/paystack/client';
import type { Tx } from '../../db/client';
import { first } from '../../db/store';
import { providerPlans, subscriptionEvents, subscriptions, webhookEvents } from '../../db/schema';
import { availableDiscount, discountHolder, DISCOUNT_ENDED, DISCOUNT_SCHEDULED, unspentDiscount } from '../referrals';
import { changeSubscription, readSubscription, settleForUser } from '../subscriptions';
import { discounted, minorUnits, tokenAad, type BillingDeps, type FollowUps } from './deps';
import { planAtPeriodEnd } from './plan-change';
import { Refunds } from './refunds';

/**
 * The Paystack subscriptions that renew a plan: turned on after a checkout, switched to a discounted
 * plan for one cycle and back, adopted from webhooks, replaced on a plan change.
 */
export class ProviderSubscriptions {
  private readonly refunds: Refunds;

  constructor(private readonly deps: BillingDeps) {
    this.refunds = new Refunds(deps);
  }

  /**
   * After a charge: give back a payment that no longer applied, stop the replaced Paystack
   * subscription, start the new one, move the renewal to the next period's plan. Failures are
   * logged and recorded. Runs after the charge's transaction committed, outside any: each Paystack
   * call is made with no transaction open, and what it answers recorded in one of its own.
   */
  async runFollowUps(followUps: FollowUps): Promise<void> {
    const { store, paystack, box, log } = this.deps;
    const { userId } = followUps;
    if (followUps.refund) {
      // A discount the refunded payment carried is unspent: it goes on the renewal, if there is one.
      if (await this.refunds.complete(followUps.refund)) await this.scheduleRenewalDiscount(userId);
      return;
    }
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
        await store.tx((tx) => this.adoptProviderSubscription(tx, userId, created.subscriptionCode, created.emailToken, planCode, 'auto_renew_on'));
      } catch (error) {
        log.warn('paystack: could not turn on auto-renewal', { error, userId });
        await this.recordFailure(userId, 'auto_renew_failed');
      }
    }
    if (followUps.alignRenewal) {
      const aligned = await this.alignRenewal(userId).catch((error: unknown) => {
        log.warn('paystack: could not move the renewal to the new plan', { error, userId });
        return 'failed' as const;
      });
      if (aligned === 'failed') await this.recordFailure(userId, 'renewal_move_failed');
    }
    if (followUps.restoreFullPrice) await this.restoreFullPrice(userId, followUps.restoreFullPrice.code);
    // An unspent discount goes on the next renewal (no-op unless earned, free and auto-renewing).
    await this.scheduleRenewalDiscount(userId);
    if (followUps.referrerId) await this.scheduleRenewalDiscount(followUps.referrerId);
  }

  /** Records in the user's subscription history that a follow-up with Paystack failed. */
  private async recordFailure(userId: string, reason: string): Promise<void> {
    const { store, clock } = this.deps;
    await store.tx(async (tx) => {
      const now = clock.now();
      await changeSubscription(tx, await settleForUser(tx, userId, now), {}, { at: now, reason }, now);
    });
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
    const { store, clock, log } = this.deps;
    const now = clock.now();
    // Read to decide whether to ask Paystack at all; the switch checks the renewal again where it writes.
    const sub = await readSubscription(store, userId, now);
    if (sub.status !== 'active' || !sub.providerSubscriptionCode || !sub.providerEmailToken || !sub.currency || !sub.currentPeriodEnd || sub.plan === 'free') return false;
    const percent = await availableDiscount(store.db, userId, now);
    if (percent === 0) return false;
    const plan = planAtPeriodEnd(sub) as PaidPlanId;
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
    const { store, clock, log } = this.deps;
    const now = clock.now();
    const sub = await readSubscription(store, userId, now);
    if (!sub.providerSubscriptionCode || sub.providerSubscriptionCode !== discountedCode || !sub.providerEmailToken || !sub.currency || !sub.currentPeriodEnd) return false;
    if (sub.status !== 'active' || sub.plan === 'free') return false;
    const plan = planAtPeriodEnd(sub) as PaidPlanId;
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
   * is disabled and the old one stays (never two subscriptions charging). The renewal is checked to
   * be still `from` in the transaction that moves it; Paystack is called only outside transactions.
   */
  private async switchProviderSubscription(userId: string, from: { code: string; sealedToken: string }, planCode: string, startDate: Date, reason: string): Promise<boolean> {
    const { store, clock, paystack, box, log } = this.deps;
    const fromToken = box.open(from.sealedToken, tokenAad(userId));
    const remote = await paystack.fetchSubscription(from.code);
    const customer = remote.customerCode ?? (await readSubscription(store, userId, clock.now())).providerCustomerCode;
    if (!customer || !remote.authorizationCode) throw new Error('the current subscription has no customer or card authorization');
    const created = await paystack.createSubscription({ customer, plan: planCode, authorization: remote.authorizationCode, startDate });
    const disableCreated = async () => {
      if (!created.emailToken) return;
      await paystack.disableSubscription({ code: created.subscriptionCode, token: created.emailToken }).catch((error: unknown) => {
        log.error('paystack: could not disable a subscription created for a switch', { error, userId, code: created.subscriptionCode });
      });
    };
    const switched = await store.tx(async (tx) => {
      const now = clock.now();
      const current = await settleForUser(tx, userId, now);
      if (current.providerSubscriptionCode !== from.code || current.status !== 'active') return false;
      const moved = await changeSubscription(
        tx,
        current,
        { providerSubscriptionCode: created.subscriptionCode, providerEmailToken: created.emailToken ? box.seal(created.emailToken, tokenAad(userId)) : null },
        { at: now, reason, subject: created.subscriptionCode },
        now,
      );
      await changeSubscription(tx, moved, {}, { at: now, reason: 'provider_subscription_replaced', subject: from.code }, now);
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
        await store.tx(async (tx) => {
          const now = clock.now();
          const current = await settleForUser(tx, userId, now);
          if (current.providerSubscriptionCode !== created.subscriptionCode) return;
          await changeSubscription(tx, current, { providerSubscriptionCode: from.code, providerEmailToken: from.sealedToken }, { at: now, reason: 'provider_switch_failed', subject: from.code }, now);
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
   * the code was not replaced or disabled before (events can arrive out of order). All of it read in
   * `tx`, the transaction that writes (the webhook's, or the follow-up's own), so the webhook of a
   * subscription and the follow-up that created it, applied at the same time, adopt it once.
   */
  async adoptProviderSubscription(tx: Tx, userId: string, code: string, emailToken: string | null, planCode: string | null, reason: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const sub = await settleForUser(tx, userId, now);
    if (sub.providerSubscriptionCode === code) {
      if (!sub.providerEmailToken && emailToken) {
        await tx.update(subscriptions).set({ providerEmailToken: this.deps.box.seal(emailToken, tokenAad(userId)) }).where(eq(subscriptions.userId, userId));
      }
      return true;
    }
    if (sub.providerSubscriptionCode || sub.status !== 'active') return false;
    if (planCode) {
      const known = await first(tx.select().from(providerPlans).where(eq(providerPlans.planCode, planCode)));
      if (!known || (known.plan !== sub.plan && known.plan !== planAtPeriodEnd(sub)) || known.currency !== sub.currency) return false;
    }
    const dead = await providerCodeFate(tx, code);
    if (dead === 'replaced') return false;
    if (dead === 'disabled') {
      // Its disable arrived before its create: it renews nothing, the plan runs to its end.
      await changeSubscription(tx, sub, { providerSubscriptionCode: code, status: 'non_renewing', cancelAtPeriodEnd: true }, { at: now, reason: 'provider_disabled', subject: code }, now);
      return false;
    }
    await changeSubscription(
      tx,
      sub,
      { providerSubscriptionCode: code, providerEmailToken: emailToken ? this.deps.box.seal(emailToken, tokenAad(userId)) : null },
      { at: now, reason, subject: code },
      now,
    );
    return true;
  }

  /**
   * Makes the renewing Paystack subscription charge what the next period costs: the plan in force
   * from the period end (after an upgrade, a scheduled downgrade or its undoing) at its full price,
   * or at the discounted price while it carries the referral discount. When it already does,
   * nothing is called; otherwise it is switched (switchProviderSubscription). 'failed' when Paystack
   * kept the old one.
   */
  async alignRenewal(userId: string): Promise<'aligned' | 'unchanged' | 'failed'> {
    const { store, clock, paystack } = this.deps;
    const now = clock.now();
    const sub = await readSubscription(store, userId, now);
    const code = sub.providerSubscriptionCode;
    if (sub.status !== 'active' || !code || !sub.currency || !sub.currentPeriodEnd) return 'unchanged';
    // Without its email token the subscription cannot be switched off: never start a second one.
    if (!sub.providerEmailToken) return 'failed';
    const plan = planAtPeriodEnd(sub);
    if (plan === 'free') return 'unchanged';
    const holder = await discountHolder(store.db, userId, now);
    const percent = holder?.kind === 'renewal' && holder.code === code ? await unspentDiscount(store.db, userId) : 0;
    const amount = discounted(minorUnits(plan, sub.currency), percent);
    const remote = await paystack.fetchSubscription(code);
    const known = remote.planCode ? await first(store.db.select().from(providerPlans).where(eq(providerPlans.planCode, remote.planCode))) : undefined;
    if (known && known.plan === plan && known.currency === sub.currency && known.amount === amount) return 'unchanged';
    const planCode = await this.providerPlanCode(plan, sub.currency, amount, percent ? `${percent}% referral discount, one cycle` : undefined);
    const switched = await this.switchProviderSubscription(
      userId,
      { code, sealedToken: sub.providerEmailToken },
      planCode,
      sub.currentPeriodEnd,
      percent ? DISCOUNT_SCHEDULED : 'renewal_plan_changed',
    );
    return switched ? 'aligned' : 'failed';
  }

  /** Gives back the user's payments whose refund was claimed and left unfinished. */
  retryRefunds(userId: string): Promise<void> {
    return this.refunds.retryStale(userId);
  }

  /**
   * The subscription codes behind a renewal charge: the one the charge names, else those Paystack
   * lists for the charge's customer on the charge's plan (`GET /subscription?customer=&plan=`).
   */
  async subscriptionCodesFor(t: PaystackTransaction): Promise<string[]> {
    if (t.subscriptionCode) return [t.subscriptionCode];
    const customer = t.customer?.id ?? t.customer?.customerCode;
    const plan = t.planId ?? t.planCode;
    if (customer === null || customer === undefined || !plan || !t.planCode) return [];
    const listed = await this.deps.paystack.listSubscriptions({ customer: String(customer), plan: String(plan) });
    return listed
      .filter((s) => s.planCode === t.planCode && (!t.customer?.customerCode || !s.customerCode || s.customerCode === t.customer.customerCode))
      .map((s) => s.subscriptionCode);
  }

  /**
   * The Paystack plan for a price, created at Paystack the first time it is needed. Two callers
   * needing a new price at once may both create one; the first recorded is the one used by both.
   */
  private async providerPlanCode(plan: PaidPlanId, currency: BillingCurrency, amount: number, note?: string): Promise<string> {
    const { store, clock, paystack } = this.deps;
    const forPrice = and(eq(providerPlans.plan, plan), eq(providerPlans.currency, currency), eq(providerPlans.amount, amount));
    const found = await first(store.db.select().from(providerPlans).where(forPrice));
    if (found) return found.planCode;
    const created = await paystack.createPlan({ name: `${planById(plan).name} (${currency}${note ? `, ${note}` : ''})`, amount, currency, interval: 'monthly' });
    return store.tx(async (tx) => {
      await tx.insert(providerPlans).values({ plan, currency, amount, planCode: created.planCode, createdAt: clock.now() }).onConflictDoNothing();
      return (await first(tx.select().from(providerPlans).where(forPrice)))?.planCode ?? created.planCode;
    });
  }
}

/**
 * Whether a provider subscription was replaced by a newer payment or disabled by Paystack (from the
 * recorded changes and webhooks): such a code never becomes the renewing one again.
 */
export async function providerCodeFate(tx: Tx, code: string): Promise<'replaced' | 'disabled' | null> {
  const replaced = await first(
    tx
      .select({ id: subscriptionEvents.id })
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subject, code), eq(subscriptionEvents.reason, 'provider_subscription_replaced'))),
  );
  if (replaced) return 'replaced';
  const disabled = await first(
    tx
      .select({ key: webhookEvents.key })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.subject, code), inArray(webhookEvents.event, ['subscription.disable', 'subscription.not_renew']))),
  );
  return disabled ? 'disabled' : null;
}
