import { ErrorCode } from '@shared/errors';
import { billingMessages, type Subscription } from '@shared/schemas/billing';
import { isAlreadyOff } from '../paystack/errors';
import { AppError, notFound } from '../../../kernel/errors';
import { changeSubscription, settleForUser, toSubscriptionDto } from '../subscriptions';
import { BillingClaims } from './billing-claims';
import { tokenAad, type BillingDeps } from './deps';
import { claimFollowUps } from './follow-up-claims';
import { queueBillingMail } from '../billing-mail';

/**
 * Cancel: the plan stays until the end of the paid period, then the free tier. The change is
 * recorded first (its status checked in the transaction that records it) with a claim on telling
 * Paystack (billing-claims.ts), and Paystack told after, outside it; if Paystack refuses, the change
 * is undone in another. Should the process stop before Paystack is told, the claim is taken over
 * and the subscription disabled, unless it renews again by then.
 */
export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const { store, clock, paystack, box, log } = deps;
  const now = clock.now();
  const done = await store.tx(async (tx) => {
    const sub = await settleForUser(tx, userId, now);
    if (sub.status === 'non_renewing') return { sub, cancelled: sub, changed: false };
    if (sub.status !== 'active' && sub.status !== 'grace') throw notFound(billingMessages.noSubscription);
    // A downgrade scheduled for the period end is kept: it starts with no renewal while cancelled
    // (subscription-state.ts), and "Resume" brings the renewal back at the lower plan it was for.
    const cancelled = await changeSubscription(
      tx,
      sub,
      sub.status === 'grace'
        ? { status: 'free', plan: 'free', graceEndsAt: null, cancelAtPeriodEnd: false, scheduledPlan: null, scheduledAt: null }
        : { status: 'non_renewing', cancelAtPeriodEnd: true },
      { at: now, reason: 'canceled_by_user', subject: sub.providerSubscriptionCode },
      now,
    );
    const owed =
      sub.providerSubscriptionCode && sub.providerEmailToken
        ? { disable: { code: sub.providerSubscriptionCode, sealedToken: sub.providerEmailToken } }
        : {};
    const { claim } = await claimFollowUps(tx, { userId, ...owed }, box, now);
    return { sub, cancelled, changed: true, claim };
  });
  const { sub, cancelled } = done;
  const claims = new BillingClaims(store);
  const finish = async () => {
    if (done.claim) await claims.finish(done.claim, clock.now());
  };
  if (done.changed && sub.providerSubscriptionCode && sub.providerEmailToken) {
    try {
      await paystack.disableSubscription({ code: sub.providerSubscriptionCode, token: box.open(sub.providerEmailToken, tokenAad(userId)) });
    } catch (error) {
      if (!isAlreadyOff(error)) {
        log.error('paystack disable failed', { error, userId });
        await store.tx(async (tx) => {
          const at = clock.now();
          const current = await settleForUser(tx, userId, at);
          await changeSubscription(
            tx,
            current,
            {
              status: sub.status,
              plan: sub.plan,
              graceEndsAt: sub.graceEndsAt,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
              scheduledPlan: sub.scheduledPlan,
              scheduledAt: sub.scheduledAt,
            },
            { at, reason: 'cancel_failed', subject: sub.providerSubscriptionCode },
            at,
          );
        });
        await finish();
        throw new AppError(ErrorCode.internal, billingMessages.cancelFailed);
      }
    }
  }
  await finish();
  // Cancelled for good (Paystack agreed): the confirmation, in the user's language.
  if (done.changed && cancelled.status === 'non_renewing') {
    await store.tx((tx) =>
      queueBillingMail(
        tx,
        deps,
        userId,
        { kind: 'cancelled', plan: cancelled.plan, endsAt: cancelled.currentPeriodEnd },
        `cancelled:${userId}:${cancelled.version}`,
        clock.now(),
      ),
    );
  }
  return toSubscriptionDto(cancelled, now);
}
