import { ErrorCode } from '@shared/errors';
import { billingMessages, type Subscription } from '@shared/schemas/billing';
import { PaystackError } from '../../adapters/paystack/errors';
import { AppError, notFound } from '../../errors';
import { changeSubscription, settleForUser, toSubscriptionDto } from '../subscriptions';
import { tokenAad, type BillingDeps } from './deps';

/**
 * Cancel: the plan stays until the end of the paid period, then the free tier. The change is
 * recorded first (its status checked in the transaction that records it) and Paystack told after,
 * outside it; if Paystack refuses, the change is undone in another.
 */
export async function cancelSubscription(deps: BillingDeps, userId: string): Promise<Subscription> {
  const { store, clock, paystack, box, log } = deps;
  const now = clock.now();
  const done = await store.tx(async (tx) => {
    const sub = await settleForUser(tx, userId, now);
    if (sub.status === 'non_renewing') return { sub, cancelled: sub, changed: false };
    if (sub.status !== 'active' && sub.status !== 'grace') throw notFound(billingMessages.noSubscription);
    // A downgrade scheduled for the period end goes with the renewal it was for (a plan paid ahead stays).
    const dropsSchedule = sub.scheduledAt !== null && sub.currentPeriodEnd !== null && sub.scheduledAt.getTime() >= sub.currentPeriodEnd.getTime();
    const unscheduled = dropsSchedule ? { scheduledPlan: null, scheduledAt: null } : {};
    const cancelled = await changeSubscription(
      tx,
      sub,
      sub.status === 'grace' ? { status: 'free', plan: 'free', graceEndsAt: null, cancelAtPeriodEnd: false, ...unscheduled } : { status: 'non_renewing', cancelAtPeriodEnd: true, ...unscheduled },
      { at: now, reason: 'canceled_by_user', subject: sub.providerSubscriptionCode },
      now,
    );
    return { sub, cancelled, changed: true };
  });
  const { sub, cancelled } = done;
  if (done.changed && sub.providerSubscriptionCode && sub.providerEmailToken) {
    try {
      await paystack.disableSubscription({ code: sub.providerSubscriptionCode, token: box.open(sub.providerEmailToken, tokenAad(userId)) });
    } catch (error) {
      const alreadyOff = error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /inactive/i.test(error.message);
      if (!alreadyOff) {
        log.error('paystack disable failed', { error, userId });
        await store.tx(async (tx) => {
          const at = clock.now();
          const current = await settleForUser(tx, userId, at);
          await changeSubscription(
            tx,
            current,
            { status: sub.status, plan: sub.plan, graceEndsAt: sub.graceEndsAt, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: sub.scheduledPlan, scheduledAt: sub.scheduledAt },
            { at, reason: 'cancel_failed', subject: sub.providerSubscriptionCode },
            at,
          );
        });
        throw new AppError(ErrorCode.internal, billingMessages.cancelFailed);
      }
    }
  }
  return toSubscriptionDto(cancelled, now);
}
