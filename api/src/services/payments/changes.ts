import { ErrorCode } from '@shared/errors';
import type { PaidPlanId } from '@shared/plans';
import type { Subscription } from '@shared/schemas/billing';
import { PAID_CHANGE_KINDS, planChangeMessages, type PlanChangeKind } from '@shared/schemas/plan-change';
import { PaystackError } from '../../adapters/paystack/errors';
import type { SubscriptionRow } from '../../db/schema';
import { AppError } from '../../errors';
import { changeSubscription, settleForUser, toSubscriptionDto } from '../subscriptions';
import { tokenAad, type BillingDeps } from './deps';
import { changeKind } from './plan-change';
import type { ProviderSubscriptions } from './provider-subscriptions';

/** The fields a failed change puts back. */
type Undo = Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'scheduledPlan' | 'scheduledAt'>;

const alreadyActive = (error: unknown) => error instanceof PaystackError && (error.kind === 'rejected' || error.kind === 'not_found') && /already active/i.test(error.message);

/**
 * The plan changes that take no payment (`POST /api/plans/change`, `POST /api/plans/resume`): a
 * downgrade from the period end, undoing a scheduled downgrade, and resuming a cancelled plan while
 * its period lasts. Each is recorded first and Paystack told after (the renewing subscription moved
 * to the next period's plan, or enabled again with its email token); if Paystack refuses, the change
 * is undone and the user told. A switch of the renewal never leaves two subscriptions charging.
 */
export class PlanChanges {
  constructor(
    private readonly deps: BillingDeps,
    private readonly renewals: ProviderSubscriptions,
  ) {}

  async change(userId: string, plan: PaidPlanId): Promise<{ kind: PlanChangeKind; subscription: Subscription }> {
    const now = this.deps.clock.now();
    const sub = settleForUser(this.deps.db, userId, now);
    const kind = changeKind(sub, plan, now);
    switch (kind) {
      case 'resume':
        return { kind, subscription: await this.resume(userId) };
      case 'downgrade':
        // From the period end; a cancelled plan renews again, at the lower plan's price.
        await this.moveRenewal(sub, { status: 'active', cancelAtPeriodEnd: false, scheduledPlan: plan, scheduledAt: sub.currentPeriodEnd }, 'downgrade_scheduled', plan);
        break;
      case 'keep':
        await this.moveRenewal(sub, { status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: null, scheduledAt: null }, 'downgrade_undone', sub.plan);
        break;
      default:
        throw new AppError(ErrorCode.conflict, (PAID_CHANGE_KINDS as readonly string[]).includes(kind) ? planChangeMessages.needsPayment : planChangeMessages.nothingToChange);
    }
    const at = this.deps.clock.now();
    return { kind, subscription: toSubscriptionDto(settleForUser(this.deps.db, userId, at), at) };
  }

  /** Undoes a cancellation while the period lasts: no charge; Paystack's subscription is enabled again. */
  async resume(userId: string): Promise<Subscription> {
    const { db, clock, paystack, box, log } = this.deps;
    const now = clock.now();
    const sub = settleForUser(db, userId, now);
    if (sub.status !== 'non_renewing' || !sub.currentPeriodEnd || sub.currentPeriodEnd.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.conflict, planChangeMessages.notResumable);
    }
    const before: Undo = { status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: sub.scheduledPlan, scheduledAt: sub.scheduledAt };
    db.transaction((tx) => changeSubscription(tx, sub, { status: 'active', cancelAtPeriodEnd: false }, { at: now, reason: 'resumed', subject: sub.providerSubscriptionCode }, now));
    if (sub.providerSubscriptionCode && sub.providerEmailToken) {
      try {
        await paystack.enableSubscription({ code: sub.providerSubscriptionCode, token: box.open(sub.providerEmailToken, tokenAad(userId)) });
      } catch (error) {
        if (!alreadyActive(error)) {
          log.error('paystack enable failed', { error, userId });
          this.undo(userId, before, 'resume_failed', sub.providerSubscriptionCode);
          throw new AppError(ErrorCode.internal, planChangeMessages.changeFailed);
        }
      }
      // Upgraded while cancelled: the renewal charges the plan in force now.
      await this.renewals.alignRenewal(userId).catch((error: unknown) => log.warn('paystack: could not move the resumed renewal to the plan', { error, userId }));
    }
    const at = clock.now();
    return toSubscriptionDto(settleForUser(db, userId, at), at);
  }

  /** Records `patch`, then moves the renewing Paystack subscription to the next period's plan; undone when Paystack refuses. */
  private async moveRenewal(sub: SubscriptionRow, patch: Undo, reason: string, subject: string): Promise<void> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const before: Undo = { status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduledPlan: sub.scheduledPlan, scheduledAt: sub.scheduledAt };
    db.transaction((tx) => changeSubscription(tx, sub, patch, { at: now, reason, subject }, now));
    let outcome: 'aligned' | 'unchanged' | 'failed';
    try {
      outcome = await this.renewals.alignRenewal(sub.userId);
    } catch (error) {
      log.error('paystack: could not move the renewal for a plan change', { error, userId: sub.userId });
      outcome = 'failed';
    }
    if (outcome === 'failed') {
      this.undo(sub.userId, before, 'plan_change_failed', subject);
      throw new AppError(ErrorCode.internal, planChangeMessages.changeFailed);
    }
  }

  private undo(userId: string, before: Undo, reason: string, subject: string | null): void {
    const now = this.deps.clock.now();
    this.deps.db.transaction((tx) => changeSubscription(tx, settleForUser(tx, userId, now), before, { at: now, reason, subject }, now));
  }
}
