import { z } from 'zod';
import { isAlreadyOff, PaystackError } from '../paystack/errors';
import type { PaystackSubscription } from '../paystack/client';
import { changeSubscription, readSubscription, settleForUser } from '../subscriptions';
import { BillingClaims, type BillingClaim } from './billing-claims';
import { tokenAad, type BillingDeps } from './deps';
import { claimFollowUps } from './follow-up-claims';
import { providerCodeFate } from './provider-code-fate';

const DAY = 24 * 60 * 60 * 1000;

/** What a switch is to do: move the renewal from `from` to a new subscription on `planCode` from `startDate`. */
const switchPayload = z.object({
  from: z.object({ code: z.string(), sealedToken: z.string() }),
  planCode: z.string(),
  startDate: z.string(),
  reason: z.string(),
});
export type SwitchPayload = z.infer<typeof switchPayload>;

/** How far a switch got: the subscription created at Paystack, and whether the renewal moved to it. */
const switchProgress = z.object({ created: z.object({ code: z.string(), sealedToken: z.string().nullable() }), moved: z.boolean() });

/**
 * A subscription at Paystack that a claimant may have created before it stopped: the customer's
 * active subscription on `planCode` whose next payment is at `startDate` (within a day), other than
 * those in `except`, and never replaced or disabled here. Its email token is fetched when the list has none.
 */
export async function findCreatedSubscription(
  deps: Pick<BillingDeps, 'paystack' | 'store'>,
  customer: string,
  planCode: string,
  startDate: Date,
  except: readonly string[] = [],
): Promise<PaystackSubscription | null> {
  const listed = await deps.paystack.listSubscriptions({ customer });
  for (const s of listed) {
    if (s.planCode !== planCode || s.status !== 'active' || except.includes(s.subscriptionCode)) continue;
    if (!s.nextPaymentDate || Math.abs(s.nextPaymentDate.getTime() - startDate.getTime()) > DAY) continue;
    if (await providerCodeFate(deps.store.db, s.subscriptionCode)) continue;
    return s.emailToken ? s : deps.paystack.fetchSubscription(s.subscriptionCode);
  }
  return null;
}

/**
 * Moves the user's renewal from one Paystack subscription to a new one on another plan (a price for
 * the next period, the referral discount, the full price again): create the new one (same customer
 * and card, read from Paystack), make it the renewing one here, then disable the old one with its
 * email token. Created first so there is never a cycle without a renewing subscription; if the old
 * one cannot be disabled, the new one is disabled and the old one stays (never two charging).
 *
 * Each switch is claimed before Paystack is asked (one unfinished switch per user): the claim records
 * the created subscription in the transaction that moves the renewal, and is finished once the old
 * one is off. A claim left by a crash is taken over (`resume`): what it recorded is carried on; when
 * it recorded nothing, the customer's subscriptions at Paystack are looked at, and one the claimant
 * created before it stopped is disabled, so two subscriptions never go on charging.
 */
export class SubscriptionSwitch {
  private readonly claims: BillingClaims;

  constructor(private readonly deps: BillingDeps) {
    this.claims = new BillingClaims(deps.store);
  }

  /** Starts a switch; 'busy' when another switch of this user is unfinished (it is carried out first). */
  async start(
    userId: string,
    from: { code: string; sealedToken: string },
    planCode: string,
    startDate: Date,
    reason: string,
  ): Promise<boolean | 'busy'> {
    const { store, clock } = this.deps;
    const payload: SwitchPayload = { from, planCode, startDate: startDate.toISOString(), reason };
    const claim = await store.tx(
      async (tx) =>
        (await BillingClaims.unfinished(tx, userId, 'switch'))
          ? null
          : BillingClaims.open(tx, { userId, kind: 'switch', payload }, clock.now()),
      { inTurn: userId },
    );
    if (!claim) return 'busy';
    return this.carryOut(userId, claim, payload);
  }

  /**
   * Carries on a switch whose claim was taken over. What its claimant recorded is carried on (the
   * renewal moved: the old subscription is disabled; not moved: the new one is). When it recorded
   * nothing, a subscription it may have created at Paystack before it stopped is not ours: it is
   * disabled, and the claim is closed with a new one on realigning the renewal with what is recorded
   * now (answered for the caller to carry out), since what the switch was for (a plan change, a
   * discount) may have been undone meanwhile.
   */
  async resume(userId: string, claim: BillingClaim, payload: unknown, progress: unknown): Promise<BillingClaim | null> {
    const p = switchPayload.parse(payload);
    if (progress) {
      await this.complete(userId, claim, p, switchProgress.parse(progress));
      return null;
    }
    const { store, clock, paystack, log } = this.deps;
    const remote = await paystack.fetchSubscription(p.from.code);
    const current = await readSubscription(store, userId, clock.now());
    const customer = remote.customerId ?? remote.customerCode ?? current.providerCustomerCode;
    const except = [p.from.code, current.providerSubscriptionCode].filter((code): code is string => code !== null);
    const orphan = customer ? await findCreatedSubscription(this.deps, customer, p.planCode, new Date(p.startDate), except) : null;
    if (orphan?.emailToken) {
      await paystack.disableSubscription({ code: orphan.subscriptionCode, token: orphan.emailToken }).catch((error: unknown) => {
        if (!isAlreadyOff(error)) throw error;
      });
    } else if (orphan) {
      log.alert('paystack: a subscription left by a stopped switch has no email token; a person must disable it', {
        subject: orphan.subscriptionCode,
        userId,
        code: orphan.subscriptionCode,
      });
    }
    return store.tx(async (tx) => {
      const now = clock.now();
      if (!(await BillingClaims.close(tx, claim, now))) return null;
      return (await claimFollowUps(tx, { userId, alignRenewal: true }, this.deps.box, now)).claim ?? null;
    });
  }

  private async carryOut(userId: string, claim: BillingClaim, p: SwitchPayload): Promise<boolean> {
    const { store, clock, paystack, box } = this.deps;
    const remote = await paystack.fetchSubscription(p.from.code);
    const customer = remote.customerCode ?? (await readSubscription(store, userId, clock.now())).providerCustomerCode;
    if (!customer || !remote.authorizationCode) {
      await this.claims.finish(claim, clock.now());
      throw new Error('the current subscription has no customer or card authorization');
    }
    // Should this process stop from here until the move is recorded, the claim's next holder finds
    // the created subscription at Paystack (resume). A refusal made nothing: the claim ends at once,
    // so the user's next change is not held up; any other failure may have made it and stays claimed.
    const created = await paystack
      .createSubscription({ customer, plan: p.planCode, authorization: remote.authorizationCode, startDate: new Date(p.startDate) })
      .catch(async (error: unknown) => {
        if (error instanceof PaystackError && !error.retryable) await this.claims.finish(claim, clock.now());
        throw error;
      });
    const recorded = await store.tx(
      async (tx) => {
        if (!(await BillingClaims.holds(tx, claim))) return null;
        const now = clock.now();
        const current = await settleForUser(tx, userId, now);
        const moved = current.providerSubscriptionCode === p.from.code && current.status === 'active';
        const sealedToken = created.emailToken ? box.seal(created.emailToken, tokenAad(userId)) : null;
        if (moved) {
          const next = await changeSubscription(
            tx,
            current,
            { providerSubscriptionCode: created.subscriptionCode, providerEmailToken: sealedToken },
            { at: now, reason: p.reason, subject: created.subscriptionCode },
            now,
          );
          await changeSubscription(tx, next, {}, { at: now, reason: 'provider_subscription_replaced', subject: p.from.code }, now);
        }
        const step = { created: { code: created.subscriptionCode, sealedToken }, moved };
        await BillingClaims.record(tx, claim, step);
        return step;
      },
      { inTurn: userId },
    );
    // Taken over meanwhile (this call outlived the lease): the new claimant disables what was created.
    if (!recorded) return false;
    return this.complete(userId, claim, p, recorded);
  }

  /** The switch's last step: the old subscription off (moved), or the created one (not moved); then the claim is finished. */
  private async complete(userId: string, claim: BillingClaim, p: SwitchPayload, step: z.infer<typeof switchProgress>): Promise<boolean> {
    const { store, clock, paystack, box, log } = this.deps;
    const finish = () => this.claims.finish(claim, clock.now());
    const created = {
      code: step.created.code,
      token: step.created.sealedToken ? box.open(step.created.sealedToken, tokenAad(userId)) : null,
    };
    const disableCreated = async () => {
      if (!created.token) return;
      await paystack.disableSubscription({ code: created.code, token: created.token }).catch((error: unknown) => {
        if (isAlreadyOff(error)) return;
        log.error('paystack: could not disable a subscription created for a switch', { error, userId, code: created.code });
      });
    };
    if (!step.moved) {
      await disableCreated();
      await finish();
      return false;
    }
    try {
      await paystack.disableSubscription({ code: p.from.code, token: box.open(p.from.sealedToken, tokenAad(userId)) });
    } catch (error) {
      if (!isAlreadyOff(error)) {
        log.error('paystack: could not disable the subscription being switched; keeping it', { error, userId, code: p.from.code });
        await store.tx(async (tx) => {
          const now = clock.now();
          const current = await settleForUser(tx, userId, now);
          if (current.providerSubscriptionCode !== created.code) return;
          await changeSubscription(
            tx,
            current,
            { providerSubscriptionCode: p.from.code, providerEmailToken: p.from.sealedToken },
            { at: now, reason: 'provider_switch_failed', subject: p.from.code },
            now,
          );
        });
        await disableCreated();
        await finish();
        return false;
      }
    }
    await finish();
    return true;
  }
}
