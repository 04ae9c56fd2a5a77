import { and, eq } from 'drizzle-orm';
import { planById, type PaidPlanId } from '@shared/plans';
import type { BillingCurrency } from '@shared/schemas/billing';
import type { PaystackTransaction } from '../paystack/client';
import { isAlreadyActive, isAlreadyOff, PaystackError } from '../paystack/errors';
import type { Tx } from '../../../store/sqlite/client';
import { first } from '../../../store/store';
import { tablesOf } from '../../../store/schema/index';
import { availableDiscount, discountHolder, DISCOUNT_ENDED, DISCOUNT_SCHEDULED, unspentDiscount } from '../referrals';
import { changeSubscription, readSubscription, settleForUser } from '../subscriptions';
import { BillingClaims, type BillingClaim } from './billing-claims';
import { discounted, minorUnits, tokenAad, type BillingDeps, type FollowUps } from './deps';
import { followUpsOfClaim } from './follow-up-claims';
import { planAtPeriodEnd } from './plan-change';
import { providerCodeFate } from './provider-code-fate';
import { Refunds } from './refunds';
import { findCreatedSubscription, SubscriptionSwitch } from './subscription-switch';

/**
 * Paystack's subscription statuses that still charge at the next payment date (`attention`: the
 * last charge failed and Paystack tries again); `non-renewing`, `complete` and `cancelled` do not.
 */
const RENEWING_AT_PAYSTACK = new Set(['active', 'attention']);

/** A claim taken over this many times without finishing is given up (logged for a person). */
const MAX_CLAIM_ATTEMPTS = 6;
/** When a follow-up waits for another switch of the user to finish, it is tried again this much later. */
const BUSY_RETRY_MS = 60 * 1000;
/** When Paystack could not be reached, a follow-up is tried again this much later. */
const UNREACHABLE_RETRY_MS = 5 * 60 * 1000;

/**
 * The Paystack subscriptions that renew a plan: turned on after a checkout, switched to a discounted
 * plan for one cycle and back, adopted from webhooks, replaced on a plan change.
 */
export class ProviderSubscriptions {
  private readonly refunds: Refunds;
  private readonly switches: SubscriptionSwitch;
  private readonly claims: BillingClaims;

  constructor(private readonly deps: BillingDeps) {
    this.refunds = new Refunds(deps);
    this.switches = new SubscriptionSwitch(deps);
    this.claims = new BillingClaims(deps.store);
  }

  /**
   * After a charge: give back a payment that no longer applied, stop the replaced Paystack
   * subscription, start the new one, move the renewal to the next period's plan. Failures are
   * logged and recorded. Runs after the charge's transaction committed, outside any: each Paystack
   * call is made with no transaction open, and what it answers recorded in one of its own. The
   * follow-ups are claimed in the charge's transaction (follow-up-claims.ts) and the claim finished
   * here; one taken over after a crash runs again, each step safe to repeat: a disabled subscription
   * stays disabled, and the auto-renewal looks at the customer's subscriptions at Paystack first.
   */
  async runFollowUps(followUps: FollowUps): Promise<void> {
    const { paystack, box, log, clock } = this.deps;
    const { userId, claim } = followUps;
    if (followUps.refund) {
      // A discount the refunded payment carried is unspent: it goes on the renewal, if there is one.
      if (await this.refunds.complete(followUps.refund)) await this.scheduleRenewalDiscount(userId);
      return;
    }
    let busy = false;
    if (followUps.disable?.sealedToken && !(await this.renewsAgain(userId, followUps.disable.code))) {
      try {
        await paystack.disableSubscription({
          code: followUps.disable.code,
          token: box.open(followUps.disable.sealedToken, tokenAad(userId)),
        });
      } catch (error) {
        if (!isAlreadyOff(error))
          log.warn('paystack: could not disable a replaced subscription', { error, userId, code: followUps.disable.code });
      }
    }
    if (followUps.enable && (await this.renewsAgain(userId, followUps.enable.code))) {
      try {
        await paystack.enableSubscription({ code: followUps.enable.code, token: box.open(followUps.enable.sealedToken, tokenAad(userId)) });
      } catch (error) {
        if (!isAlreadyActive(error)) throw error;
      }
    }
    // Paystack could not be reached: the auto-renewal is tried again later, looking at Paystack first.
    const retry = followUps.autoRenew?.customer ? (await this.turnOnAutoRenew(followUps, claim)) === 'retry' : false;
    if (followUps.alignRenewal) {
      const aligned = await this.alignRenewal(userId).catch((error: unknown) => {
        log.warn('paystack: could not move the renewal to the new plan', { error, userId });
        return 'failed' as const;
      });
      if (aligned === 'busy') busy = true;
      if (aligned === 'failed') await this.recordFailure(userId, 'renewal_move_failed');
    }
    if (followUps.restoreFullPrice && (await this.restoreFullPrice(userId, followUps.restoreFullPrice.code)) === 'busy') busy = true;
    // An unspent discount goes on the next renewal (no-op unless earned, free and auto-renewing).
    if ((await this.scheduleRenewalDiscount(userId)) === 'busy') busy = true;
    if (followUps.referrerId) await this.scheduleRenewalDiscount(followUps.referrerId);
    if (!claim) return;
    // Another switch of the user's renewal was under way: these run again once it is done.
    if (busy || retry) await this.claims.release(claim, new Date(clock.now().getTime() + (retry ? UNREACHABLE_RETRY_MS : BUSY_RETRY_MS)));
    else await this.claims.finish(claim, clock.now());
  }

  /**
   * A Paystack subscription from the end of the paid period on the card just used, made the renewing
   * one. Under a claim taken over (or released to retry), it first looks for the one a claimant may
   * have created (adopting it, or finding it adopted by its webhook) before creating one. 'retry'
   * when Paystack could not be reached (it may have created it: the next try looks first) and the
   * claim allows another try; any other failure is recorded.
   */
  private async turnOnAutoRenew(followUps: FollowUps, claim: BillingClaim | undefined): Promise<'done' | 'retry'> {
    const { store, paystack, log } = this.deps;
    const { userId } = followUps;
    const renew = followUps.autoRenew!;
    try {
      const planCode = await this.providerPlanCode(renew.plan, renew.currency, renew.amount);
      const found = claim?.takenOver
        ? await findCreatedSubscription(this.deps, renew.customerId ?? renew.customer, planCode, renew.startDate)
        : null;
      const created =
        found ??
        (await paystack.createSubscription({
          customer: renew.customer,
          plan: planCode,
          authorization: renew.authorization,
          startDate: renew.startDate,
        }));
      await store.tx((tx) =>
        this.adoptProviderSubscription(tx, userId, created.subscriptionCode, created.emailToken, planCode, 'auto_renew_on'),
      );
    } catch (error) {
      if (claim && error instanceof PaystackError && error.retryable) {
        log.warn('paystack: could not turn on auto-renewal now; trying again later', { error, userId });
        return 'retry';
      }
      log.warn('paystack: could not turn on auto-renewal', { error, userId });
      await this.recordFailure(userId, 'auto_renew_failed');
    }
    return 'done';
  }

  /**
   * Carries on the Paystack work whose claimant stopped before finishing (a crash, a lost process):
   * claims whose lease lapsed are taken over and done, each after looking at Paystack where the
   * claimant may already have acted. Run as a chore of the runner's tick.
   */
  async resumeClaims(): Promise<number> {
    const { clock, box, log } = this.deps;
    const taken = await this.claims.takeOverLapsed(clock.now());
    for (const { claim, row } of taken) {
      try {
        if (row.attempts > MAX_CLAIM_ATTEMPTS) {
          log.alert('paystack: billing work still unfinished after several attempts; a person must look at it', {
            userId: row.userId,
            claim: row.id,
            kind: row.kind,
          });
          await this.claims.finish(claim, clock.now());
          await this.recordFailure(row.userId, 'paystack_work_given_up');
        } else if (row.kind === 'follow_ups') {
          await this.runFollowUps(followUpsOfClaim(row.userId, row.payload, claim, box));
        } else {
          // A switch that recorded nothing is undone at Paystack; the renewal is then made to charge
          // what the next period costs, as recorded now, under a claim of its own.
          const realign = await this.switches.resume(row.userId, claim, row.payload, row.progress);
          if (realign) await this.runFollowUps({ userId: row.userId, alignRenewal: true, claim: realign });
        }
      } catch (error) {
        // Left claimed: the lease lapses and a later chore tries again.
        log.warn('paystack: could not finish billing work taken over', { error, userId: row.userId, claim: row.id, kind: row.kind });
      }
    }
    return taken.length;
  }

  /** Whether `code` is the user's renewing subscription again (a cancel undone): then it is not disabled. */
  private async renewsAgain(userId: string, code: string): Promise<boolean> {
    const sub = await readSubscription(this.deps.store, userId, this.deps.clock.now());
    return sub.providerSubscriptionCode === code && sub.status === 'active';
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
  async scheduleRenewalDiscount(userId: string): Promise<boolean | 'busy'> {
    const { store, clock, log } = this.deps;
    const now = clock.now();
    // Read to decide whether to ask Paystack at all; the switch checks the renewal again where it writes.
    const sub = await readSubscription(store, userId, now);
    if (
      sub.status !== 'active' ||
      !sub.providerSubscriptionCode ||
      !sub.providerEmailToken ||
      !sub.currency ||
      !sub.currentPeriodEnd ||
      sub.plan === 'free'
    )
      return false;
    const percent = await availableDiscount(store.db, userId, now);
    if (percent === 0) return false;
    const plan = planAtPeriodEnd(sub) as PaidPlanId;
    try {
      const planCode = await this.providerPlanCode(
        plan,
        sub.currency,
        discounted(minorUnits(plan, sub.currency), percent),
        `${percent}% referral discount, one cycle`,
      );
      return await this.switches.start(
        userId,
        { code: sub.providerSubscriptionCode, sealedToken: sub.providerEmailToken },
        planCode,
        sub.currentPeriodEnd,
        DISCOUNT_SCHEDULED,
      );
    } catch (error) {
      log.warn('paystack: could not schedule the referral discount on the renewal', { error, userId });
      return false;
    }
  }

  /** After the discounted renewal was charged: the next renewals are at the full price again. */
  async restoreFullPrice(userId: string, discountedCode: string): Promise<boolean | 'busy'> {
    const { store, clock, log } = this.deps;
    const now = clock.now();
    const sub = await readSubscription(store, userId, now);
    if (
      !sub.providerSubscriptionCode ||
      sub.providerSubscriptionCode !== discountedCode ||
      !sub.providerEmailToken ||
      !sub.currency ||
      !sub.currentPeriodEnd
    )
      return false;
    if (sub.status !== 'active' || sub.plan === 'free') return false;
    const plan = planAtPeriodEnd(sub) as PaidPlanId;
    try {
      const planCode = await this.providerPlanCode(plan, sub.currency, minorUnits(plan, sub.currency));
      return await this.switches.start(
        userId,
        { code: discountedCode, sealedToken: sub.providerEmailToken },
        planCode,
        sub.currentPeriodEnd,
        DISCOUNT_ENDED,
      );
    } catch (error) {
      // The discounted plan would charge again: logged; the next discounted charge retries the switch.
      log.error('paystack: could not switch the renewal back to the full price', { error, userId, code: discountedCode });
      return false;
    }
  }

  /**
   * Makes a Paystack subscription the user's renewing one, when it fits: the user's plan is paid and
   * running, has no other renewing subscription, the code's plan is that plan in that currency, and
   * the code was not replaced or disabled before (events can arrive out of order). All of it read in
   * `tx`, the transaction that writes (the webhook's, or the follow-up's own), so the webhook of a
   * subscription and the follow-up that created it, applied at the same time, adopt it once.
   */
  async adoptProviderSubscription(
    tx: Tx,
    userId: string,
    code: string,
    emailToken: string | null,
    planCode: string | null,
    reason: string,
  ): Promise<boolean> {
    const { providerPlans, subscriptions } = tablesOf(tx);
    const now = this.deps.clock.now();
    const sub = await settleForUser(tx, userId, now);
    if (sub.providerSubscriptionCode === code) {
      if (!sub.providerEmailToken && emailToken) {
        await tx
          .update(subscriptions)
          .set({ providerEmailToken: this.deps.box.seal(emailToken, tokenAad(userId)) })
          .where(eq(subscriptions.userId, userId));
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
      await changeSubscription(
        tx,
        sub,
        { providerSubscriptionCode: code, status: 'non_renewing', cancelAtPeriodEnd: true },
        { at: now, reason: 'provider_disabled', subject: code },
        now,
      );
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
   * or at the discounted price while it carries the referral discount, and makes sure Paystack will
   * charge it at all: its status at Paystack is read every time. When it is live at that price,
   * nothing is called; at that price but no longer renewing there (a cancellation disabled it), it is
   * enabled again with its email token, as Resume does; otherwise, or when Paystack will not enable
   * it, it is switched to a new one from the period end (subscription-switch.ts). 'failed' when
   * Paystack kept the old one; 'busy' when another switch of the renewal is unfinished.
   */
  async alignRenewal(userId: string): Promise<'aligned' | 'unchanged' | 'failed' | 'busy'> {
    const { providerPlans } = tablesOf(this.deps.store.db);
    const { store, clock, paystack, box, log } = this.deps;
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
    const known = remote.planCode
      ? await first(store.db.select().from(providerPlans).where(eq(providerPlans.planCode, remote.planCode)))
      : undefined;
    const rightPrice = known !== undefined && known.plan === plan && known.currency === sub.currency && known.amount === amount;
    if (rightPrice && RENEWING_AT_PAYSTACK.has(remote.status)) return 'unchanged';
    if (rightPrice) {
      try {
        await paystack.enableSubscription({ code, token: box.open(sub.providerEmailToken, tokenAad(userId)) });
        await this.recordRenewalCheck(userId, 'renewal_enabled', code);
        return 'aligned';
      } catch (error) {
        if (isAlreadyActive(error)) return 'unchanged';
        // Unreachable: not known whether it renews; the caller undoes its change or its claim tries again.
        if (!(error instanceof PaystackError) || error.retryable) throw error;
        // Paystack will not renew this one again (it ended): a new one from the period end takes its place.
        log.warn('paystack: the renewing subscription could not be enabled again; replacing it', { error, userId, code });
      }
    }
    const planCode = await this.providerPlanCode(
      plan,
      sub.currency,
      amount,
      percent ? `${percent}% referral discount, one cycle` : undefined,
    );
    const switched = await this.switches.start(
      userId,
      { code, sealedToken: sub.providerEmailToken },
      planCode,
      sub.currentPeriodEnd,
      percent ? DISCOUNT_SCHEDULED : 'renewal_plan_changed',
    );
    return switched === 'busy' ? 'busy' : switched ? 'aligned' : 'failed';
  }

  /** Records in the user's subscription history what a look at Paystack's subscription changed there. */
  private async recordRenewalCheck(userId: string, reason: string, code: string): Promise<void> {
    const { store, clock } = this.deps;
    await store.tx(async (tx) => {
      const now = clock.now();
      await changeSubscription(tx, await settleForUser(tx, userId, now), {}, { at: now, reason, subject: code }, now);
    });
  }

  /** Gives back the user's payments whose refund was claimed and left unfinished. */
  retryRefunds(userId: string): Promise<void> {
    return this.refunds.retryStale(userId);
  }

  /**
   * Finishes every refund whose claimant stopped (a chore): a payment given back frees the discount
   * it carried for the payer's renewal, as after a refund done at once.
   */
  finishRefunds(): Promise<number> {
    return this.refunds.resumeLapsed((userId) => this.scheduleRenewalDiscount(userId));
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
      .filter(
        (s) => s.planCode === t.planCode && (!t.customer?.customerCode || !s.customerCode || s.customerCode === t.customer.customerCode),
      )
      .map((s) => s.subscriptionCode);
  }

  /**
   * The Paystack plan for a price, created at Paystack the first time it is needed. Two callers
   * needing a new price at once may both create one; the first recorded is the one used by both.
   */
  private async providerPlanCode(plan: PaidPlanId, currency: BillingCurrency, amount: number, note?: string): Promise<string> {
    const { providerPlans } = tablesOf(this.deps.store.db);
    const { store, clock, paystack } = this.deps;
    const forPrice = and(eq(providerPlans.plan, plan), eq(providerPlans.currency, currency), eq(providerPlans.amount, amount));
    const found = await first(store.db.select().from(providerPlans).where(forPrice));
    if (found) return found.planCode;
    const created = await paystack.createPlan({
      name: `${planById(plan).name} (${currency}${note ? `, ${note}` : ''})`,
      amount,
      currency,
      interval: 'monthly',
    });
    return store.tx(async (tx) => {
      const { providerPlans } = tablesOf(tx);
      await tx
        .insert(providerPlans)
        .values({ plan, currency, amount, planCode: created.planCode, createdAt: clock.now() })
        .onConflictDoNothing();
      return (await first(tx.select().from(providerPlans).where(forPrice)))?.planCode ?? created.planCode;
    });
  }
}
