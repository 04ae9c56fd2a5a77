import { ErrorCode } from '@shared/errors';
import type { PaidPlanId } from '@shared/plans';
import type { Subscription } from '@shared/schemas/billing';
import { PAID_CHANGE_KINDS, planChangeMessages, type PlanChangeKind } from '@shared/schemas/plan-change';
import { isAlreadyActive } from '../paystack/errors';
import type { Tx } from '../../../store/sqlite/client';
import type { SubscriptionRow } from '../../../store/schema/index';
import { AppError } from '../../../kernel/errors';
import { changeSubscription, readSubscription, settleForUser, toSubscriptionDto } from '../subscriptions';
import { BillingClaims } from './billing-claims';
import type { CryptoBox } from '../../../kernel/crypto-box';
import { tokenAad, type BillingDeps } from './deps';
import { claimFollowUps } from './follow-up-claims';
import { changeKind } from './plan-change';
import type { ProviderSubscriptions } from './provider-subscriptions';
import { queueBillingMail, type BillingMail } from '../billing-mail';
import { priceMinor } from '@shared/plans';
import { planAtPeriodEnd } from './plan-change';

/**
 * Claims the move of the renewing subscription to the next period's price, in the transaction that
 * records the change: should the process stop before Paystack is told, the claim is taken over and
 * the renewal aligned with what is recorded then (billing-claims.ts).
 */
async function claimRenewalMove(tx: Tx, sub: SubscriptionRow, box: CryptoBox, now: Date) {
  return (await claimFollowUps(tx, { userId: sub.userId, alignRenewal: sub.providerSubscriptionCode !== null }, box, now)).claim;
}

/** The fields a failed change puts back. */
type Undo = Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'scheduledPlan' | 'scheduledAt'>;

const undoOf = (sub: SubscriptionRow): Undo => ({
  status: sub.status,
  cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  scheduledPlan: sub.scheduledPlan,
  scheduledAt: sub.scheduledAt,
});

/**
 * The plan changes that take no payment (`POST /api/plans/change`, `POST /api/plans/resume`): a
 * downgrade from the period end, undoing a scheduled downgrade, and resuming a cancelled plan while
 * its period lasts. Each is decided on the subscription read in the transaction that records it, and
 * Paystack told after, outside it (the renewing subscription moved to the next period's plan, or
 * enabled again with its email token); if Paystack refuses, the change is undone and the user told.
 * A switch of the renewal never leaves two subscriptions charging.
 */
export class PlanChanges {
  constructor(
    private readonly deps: BillingDeps,
    private readonly renewals: ProviderSubscriptions,
  ) {}

  async change(userId: string, plan: PaidPlanId): Promise<{ kind: PlanChangeKind; subscription: Subscription }> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const recorded = await store.tx(async (tx) => {
      const sub = await settleForUser(tx, userId, now);
      const kind = changeKind(sub, plan, now);
      switch (kind) {
        case 'resume':
          // The plan in force chosen again: a downgrade that waited behind the cancellation is dropped
          // (Resume alone brings it back with the renewal).
          if (sub.scheduledPlan && sub.scheduledPlan !== plan)
            await changeSubscription(
              tx,
              sub,
              { status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: null, scheduledAt: null },
              { at: now, reason: 'downgrade_undone', subject: sub.plan },
              now,
            );
          return { kind, sub };
        case 'downgrade':
          // From the period end; a cancelled plan renews again, at the lower plan's price.
          await changeSubscription(
            tx,
            sub,
            { status: 'active', cancelAtPeriodEnd: false, scheduledPlan: plan, scheduledAt: sub.currentPeriodEnd },
            { at: now, reason: 'downgrade_scheduled', subject: plan },
            now,
          );
          return { kind, sub, claim: await claimRenewalMove(tx, sub, this.deps.box, now) };
        case 'keep':
          await changeSubscription(
            tx,
            sub,
            { status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: null, scheduledAt: null },
            { at: now, reason: 'downgrade_undone', subject: sub.plan },
            now,
          );
          return { kind, sub, claim: await claimRenewalMove(tx, sub, this.deps.box, now) };
        default:
          throw new AppError(
            ErrorCode.conflict,
            (PAID_CHANGE_KINDS as readonly string[]).includes(kind) ? planChangeMessages.needsPayment : planChangeMessages.nothingToChange,
          );
      }
    });
    if (recorded.kind === 'resume') return { kind: recorded.kind, subscription: await this.resume(userId) };
    const { kind, sub, claim } = recorded;
    try {
      await this.moveRenewal(sub, kind === 'downgrade' ? plan : sub.plan);
    } finally {
      // Moved, or undone after Paystack refused: either way nothing is owed any more.
      if (claim) await new BillingClaims(store).finish(claim, clock.now());
    }
    const at = clock.now();
    const after = await readSubscription(store, userId, at);
    await this.confirm(after, kind === 'downgrade' ? 'downgrade' : 'kept', sub, at);
    return { kind, subscription: toSubscriptionDto(after, at) };
  }

  /** The confirmation of a change that went through (Paystack agreed), in the user's language, once per change. */
  private async confirm(after: SubscriptionRow, kind: 'downgrade' | 'kept' | 'resumed', before: SubscriptionRow, at: Date): Promise<void> {
    const end = after.currentPeriodEnd;
    const currency = after.currency;
    if (!end || !currency || after.plan === 'free') return;
    const next = planAtPeriodEnd(after);
    if (next === 'free') return;
    const amount = priceMinor(next, currency);
    let mail: BillingMail;
    if (kind === 'downgrade') mail = { kind, plan: after.plan, next, at: end, amount, currency };
    else if (kind === 'resumed') mail = { kind, plan: after.plan, next, at: end, amount, currency };
    else {
      if (!before.scheduledPlan) return;
      mail = { kind, plan: after.plan, dropped: before.scheduledPlan, at: end, amount, currency };
    }
    await this.deps.store.tx((tx) =>
      queueBillingMail(tx, this.deps, after.userId, mail, `plan:${after.userId}:${kind}:${after.version}`, at),
    );
  }

  /** Undoes a cancellation while the period lasts: no charge; Paystack's subscription is enabled again. */
  async resume(userId: string): Promise<Subscription> {
    const { store, clock, paystack, box, log } = this.deps;
    const now = clock.now();
    const sub = await store.tx(async (tx) => {
      const current = await settleForUser(tx, userId, now);
      if (current.status !== 'non_renewing' || !current.currentPeriodEnd || current.currentPeriodEnd.getTime() <= now.getTime()) {
        throw new AppError(ErrorCode.conflict, planChangeMessages.notResumable);
      }
      await changeSubscription(
        tx,
        current,
        { status: 'active', cancelAtPeriodEnd: false },
        { at: now, reason: 'resumed', subject: current.providerSubscriptionCode },
        now,
      );
      // Should this process stop before Paystack is told, the claim's next holder enables it and aligns the renewal.
      const owed =
        current.providerSubscriptionCode && current.providerEmailToken
          ? { enable: { code: current.providerSubscriptionCode, sealedToken: current.providerEmailToken }, alignRenewal: true }
          : {};
      return { ...current, claim: (await claimFollowUps(tx, { userId, ...owed }, box, now)).claim };
    });
    const finish = async () => {
      if (sub.claim) await new BillingClaims(store).finish(sub.claim, clock.now());
    };
    if (sub.providerSubscriptionCode && sub.providerEmailToken) {
      try {
        await paystack.enableSubscription({
          code: sub.providerSubscriptionCode,
          token: box.open(sub.providerEmailToken, tokenAad(userId)),
        });
      } catch (error) {
        if (!isAlreadyActive(error)) {
          log.error('paystack enable failed', { error, userId });
          await this.undo(userId, undoOf(sub), 'resume_failed', sub.providerSubscriptionCode);
          await finish();
          throw new AppError(ErrorCode.internal, planChangeMessages.changeFailed);
        }
      }
      // Upgraded while cancelled: the renewal charges the plan in force now.
      await this.renewals
        .alignRenewal(userId)
        .catch((error: unknown) => log.warn('paystack: could not move the resumed renewal to the plan', { error, userId }));
      await finish();
    }
    const at = clock.now();
    const after = await readSubscription(store, userId, at);
    await this.confirm(after, 'resumed', after, at);
    return toSubscriptionDto(after, at);
  }

  /** After the change recorded from `sub`: moves the renewing Paystack subscription to the next period's plan; undone when Paystack refuses. */
  private async moveRenewal(sub: SubscriptionRow, subject: string): Promise<void> {
    const { log } = this.deps;
    let outcome: 'aligned' | 'unchanged' | 'failed' | 'busy';
    try {
      outcome = await this.renewals.alignRenewal(sub.userId);
    } catch (error) {
      log.error('paystack: could not move the renewal for a plan change', { error, userId: sub.userId });
      outcome = 'failed';
    }
    // Busy: another switch of the renewal is unfinished; the change is undone and the user tries again.
    if (outcome === 'failed' || outcome === 'busy') {
      await this.undo(sub.userId, undoOf(sub), 'plan_change_failed', subject);
      throw new AppError(ErrorCode.internal, planChangeMessages.changeFailed);
    }
  }

  private async undo(userId: string, before: Undo, reason: string, subject: string | null): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.store.tx(async (tx) => {
      await changeSubscription(tx, await settleForUser(tx, userId, now), before, { at: now, reason, subject }, now);
    });
  }
}
