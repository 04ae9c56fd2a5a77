import type { PlanId } from '@shared/plan-table';
import type { Subscription, SubscriptionStatus } from '@shared/schemas/billing';

/** The specification's fallback length of a billing period, for the progress bar. */
export const FALLBACK_PERIOD_DAYS = 30;

export type StatusTone = 'success' | 'info' | 'warning' | 'neutral';

/**
 * How the billing page tells a subscription's state: a short label, what it means (with the date
 * that matters) and, where the user has something to do, what that is. Keys under `billing.status.`.
 */
export interface StatusView {
  status: SubscriptionStatus;
  tone: StatusTone;
  labelKey: string;
  explanationKey: string;
  actionKey?: string;
  /** The date the explanation names (trial end, renewal, end of the paid period, end of the grace). */
  date: string | null;
}

/** Paid and still running: active, cancelled but running to its end, or in the grace after a failed renewal. */
export function isPaidState(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'active' || status === 'non_renewing' || status === 'grace';
}

export function statusView(sub: Subscription | null): StatusView {
  const status: SubscriptionStatus = sub?.status ?? 'free';
  switch (status) {
    case 'trialing':
      return {
        status,
        tone: 'info',
        labelKey: 'billing.status.trialing',
        explanationKey: sub?.trialEndsAt ? 'billing.status.trialingExplain' : 'billing.status.trialingExplainNoDate',
        actionKey: 'billing.status.trialingAction',
        date: sub?.trialEndsAt ?? null,
      };
    case 'active':
      return {
        status,
        tone: 'success',
        labelKey: 'billing.status.active',
        explanationKey: sub?.autoRenew ? 'billing.status.activeRenews' : 'billing.status.activeNoRenew',
        ...(sub?.autoRenew ? {} : { actionKey: 'billing.status.activeNoRenewAction' }),
        date: sub?.currentPeriodEnds ?? null,
      };
    case 'non_renewing':
      return {
        status,
        tone: 'warning',
        labelKey: 'billing.status.nonRenewing',
        explanationKey: 'billing.status.nonRenewingExplain',
        actionKey: 'billing.status.nonRenewingAction',
        date: sub?.currentPeriodEnds ?? null,
      };
    case 'grace':
      return {
        status,
        tone: 'warning',
        labelKey: 'billing.status.grace',
        explanationKey: 'billing.status.graceExplain',
        actionKey: 'billing.status.graceAction',
        date: sub?.graceEndsAt ?? null,
      };
    default:
      return {
        status: 'free',
        tone: 'neutral',
        labelKey: 'billing.status.free',
        explanationKey: 'billing.status.freeExplain',
        actionKey: 'billing.status.freeAction',
        date: null,
      };
  }
}

export interface PeriodProgress {
  daysRemaining: number;
  periodDays: number;
  /** Share of the period still left, 0 to 100. */
  percentRemaining: number;
}

/** Days left and the share of the period they are; none on the free tier (nothing runs out). */
export function periodProgress(sub: Subscription | null): PeriodProgress | null {
  if (!sub || sub.status === 'free') return null;
  const periodDays = sub.periodDays > 0 ? sub.periodDays : FALLBACK_PERIOD_DAYS;
  const daysRemaining = Math.max(0, Math.min(sub.daysRemaining, periodDays));
  return { daysRemaining, periodDays, percentRemaining: Math.round((daysRemaining / periodDays) * 100) };
}

/** The plan whose limits apply now: the trial runs on the basic plan; no subscription is the free tier. */
export function currentPlanId(sub: Subscription | null): PlanId {
  return sub?.plan ?? 'free';
}

/** Whether the page offers cancelling (the server says so; a paid running plan only). */
export function canCancel(sub: Subscription | null): boolean {
  return Boolean(sub?.canCancel);
}
