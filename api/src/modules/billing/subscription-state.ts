import { BILLING_PERIOD_DAYS, GRACE_DAYS, type BillingCurrency, type SubscriptionStatus } from '@shared/schemas/billing';
import { priceMinor, TRIAL_PLAN, type PaidPlanId, type PlanId } from '@shared/plans';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const PERIOD_MS = BILLING_PERIOD_DAYS * DAY_MS;
export const GRACE_MS = GRACE_DAYS * DAY_MS;
/** How long after the period end a renewing plan waits for the provider's charge before entering grace. */
export const RENEWAL_WAIT_MS = DAY_MS;

/** The parts of a subscription the lifecycle rules read. */
export interface SubscriptionState {
  plan: PlanId;
  status: SubscriptionStatus;
  trialEndsAt: Date;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  graceEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  providerSubscriptionCode: string | null;
  /** A plan taking over at `scheduledAt` (a downgrade at the period end, a lower plan paid ahead). */
  scheduledPlan: PaidPlanId | null;
  scheduledAt: Date | null;
  currency: BillingCurrency | null;
  amount: number | null;
}

export interface Transition {
  /** When the change took effect (a deadline passed), which may be before it is noticed. */
  at: Date;
  reason: string;
  patch: Partial<SubscriptionState>;
}

/** States that hold a paid plan. */
export const PAID_STATES: readonly SubscriptionStatus[] = ['active', 'non_renewing', 'grace'];
export const isPaidState = (status: SubscriptionStatus) => PAID_STATES.includes(status);

const toFree = {
  plan: 'free' as const,
  status: 'free' as const,
  graceEndsAt: null,
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  scheduledAt: null,
};

/**
 * A plan scheduled for the renewal (a downgrade from the period end), rather than one paid ahead
 * inside the period: cancelled, it waits with no renewal to start, and a resume brings it back.
 */
export function isRenewalSchedule(s: Pick<SubscriptionState, 'scheduledAt' | 'currentPeriodEnd'>): boolean {
  return s.scheduledAt !== null && s.currentPeriodEnd !== null && s.scheduledAt.getTime() >= s.currentPeriodEnd.getTime();
}

/**
 * The deadline-driven change due at `now`, if any (pure). The trial ends into the free tier; a
 * cancelled plan ends at its period end; a renewing plan whose renewal has not arrived by the end of
 * its period enters grace (the provider's charge may still come), and grace ends into the free tier.
 * A plan without auto-renewal (paid by bank, no saved card) simply ends at its period end.
 */
export function dueTransition(s: SubscriptionState, now: Date): Transition | null {
  const t = now.getTime();
  // A scheduled plan takes over first (at the period end it is the plan the renewal charges); while
  // cancelled, only one paid ahead does: a downgrade for a renewal that will not come never starts.
  const starts = s.status === 'active' || (s.status === 'non_renewing' && !isRenewalSchedule(s));
  if (starts && s.scheduledPlan && s.scheduledAt && t >= s.scheduledAt.getTime()) {
    const plan = s.scheduledPlan;
    return {
      at: s.scheduledAt,
      reason: 'scheduled_plan_started',
      patch: { plan, scheduledPlan: null, scheduledAt: null, amount: s.currency ? priceMinor(plan, s.currency) : s.amount },
    };
  }
  switch (s.status) {
    case 'trialing':
      return t >= s.trialEndsAt.getTime() ? { at: s.trialEndsAt, reason: 'trial_ended', patch: toFree } : null;
    case 'active': {
      const end = s.currentPeriodEnd;
      if (!end || t < end.getTime()) return null;
      if (s.providerSubscriptionCode) {
        // The provider charges at the period end; its answer may take a while before we call it late.
        const late = end.getTime() + RENEWAL_WAIT_MS;
        return t >= late
          ? {
              at: new Date(late),
              reason: 'renewal_not_received',
              patch: { status: 'grace', graceEndsAt: new Date(end.getTime() + GRACE_MS) },
            }
          : null;
      }
      return { at: end, reason: 'period_ended', patch: toFree };
    }
    case 'non_renewing': {
      const end = s.currentPeriodEnd;
      return end && t >= end.getTime() ? { at: end, reason: 'canceled_period_ended', patch: toFree } : null;
    }
    case 'grace': {
      const end = s.graceEndsAt;
      return end && t >= end.getTime() ? { at: end, reason: 'grace_ended', patch: toFree } : null;
    }
    case 'free':
      return null;
  }
}

/** The plan whose limits apply (the trial has the trial plan's limits). */
export function effectivePlan(s: Pick<SubscriptionState, 'status' | 'plan'>): PlanId {
  if (s.status === 'trialing') return TRIAL_PLAN;
  if (s.status === 'free') return 'free';
  return s.plan;
}

/**
 * The paid period a successful payment of `plan` at `paidAt` gives (pure). A renewal of the same plan
 * that arrives by the end of the current period (or during its grace) continues the cycle from that
 * end; a new plan, a plan change or a payment after the plan lapsed starts 30 days from the payment.
 */
export function periodForPayment(s: SubscriptionState, plan: PlanId, paidAt: Date): { start: Date; end: Date; continued: boolean } {
  const end = s.currentPeriodEnd;
  // The renewal of a scheduled plan (charged at the period end) continues the cycle as well.
  const samePlan = s.plan === plan || s.scheduledPlan === plan;
  const continues = isPaidState(s.status) && samePlan && end !== null && paidAt.getTime() <= end.getTime() + GRACE_MS;
  const start = continues && end ? end : paidAt;
  return { start, end: new Date(start.getTime() + PERIOD_MS), continued: continues };
}

/** Whole days left of the running trial, period or grace at `now`, and that span's length in days. */
export function remaining(
  s: SubscriptionState & { trialStartedAt: Date },
  now: Date,
): { daysRemaining: number; periodDays: number; endsAt: Date | null } {
  const span =
    s.status === 'trialing'
      ? { start: s.trialStartedAt, end: s.trialEndsAt }
      : s.status === 'grace'
        ? { start: s.graceEndsAt ? new Date(s.graceEndsAt.getTime() - GRACE_MS) : null, end: s.graceEndsAt }
        : isPaidState(s.status)
          ? // Paid ahead, the next period starts later: the span is the running period and that one.
            { start: runningPeriod(s, now).start, end: s.currentPeriodEnd }
          : { start: null, end: null };
  if (!span.end) return { daysRemaining: 0, periodDays: 0, endsAt: null };
  const daysRemaining = Math.max(0, Math.ceil((span.end.getTime() - now.getTime()) / DAY_MS));
  const periodDays = span.start ? Math.round((span.end.getTime() - span.start.getTime()) / DAY_MS) : BILLING_PERIOD_DAYS;
  return { daysRemaining, periodDays, endsAt: span.end };
}

/**
 * The period running at `now`: a period paid ahead (its start still to come) follows a running one
 * of 30 days that ends where it starts; `paidAheadFrom` is that start, null when nothing is paid ahead.
 */
export function runningPeriod(
  s: Pick<SubscriptionState, 'currentPeriodStart'>,
  now: Date,
): { start: Date | null; paidAheadFrom: Date | null } {
  const start = s.currentPeriodStart;
  if (start && start.getTime() > now.getTime()) return { start: new Date(start.getTime() - PERIOD_MS), paidAheadFrom: start };
  return { start, paidAheadFrom: null };
}
