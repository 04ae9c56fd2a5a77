import { BILLING_PERIOD_DAYS, type BillingCurrency, type SubscriptionStatus } from '@shared/schemas/billing';
import type { PlanChangeKind, PlanQuote, QuoteLine } from '@shared/schemas/plan-change';
import { PLAN_IDS, priceMinor, type PaidPlanId, type PlanId } from '@shared/plans';
import { DAY_MS, GRACE_MS, PERIOD_MS } from '../subscription-state';

/*
 * Plan changes as pure rules (decisions.md "plan changes"): what choosing a plan does and costs at a
 * moment (the quote), the subscription a paid checkout leaves, and the basis a charge must still find
 * to be applied. Money is integers in the smallest unit; a period is 30 days.
 */

/** The parts of a subscription a plan change reads. */
export interface ChangeState {
  status: SubscriptionStatus;
  plan: PlanId;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  scheduledPlan: PaidPlanId | null;
  scheduledAt: Date | null;
  /** The Paystack subscription that renews the plan (disabled, when cancelled). */
  providerSubscriptionCode: string | null;
}

export type PaidChangeKind = 'subscribe' | 'renew' | 'prepay' | 'upgrade';

/** `a × b / c` rounded half up, in integers (non-negative operands). */
export function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

const rank = (plan: PlanId) => PLAN_IDS.indexOf(plan);
const isLapsed = (status: SubscriptionStatus) => status === 'trialing' || status === 'free' || status === 'grace';
const iso = (date: Date) => date.toISOString();

/** Whole days from `now` to `until`, a started day counted (at least 1 while `until` is ahead). */
function daysUntil(now: Date, until: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));
}

/** The plan the subscription has from its period end (a scheduled plan taking over by then, else the plan). */
export function planAtPeriodEnd(s: ChangeState): PlanId {
  const end = s.currentPeriodEnd;
  if (s.scheduledPlan && s.scheduledAt && end && s.scheduledAt.getTime() <= end.getTime()) return s.scheduledPlan;
  return s.plan;
}

/** What choosing `target` does now (see planChangeKindSchema). */
export function changeKind(s: ChangeState, target: PaidPlanId, now: Date): PlanChangeKind {
  if (s.status === 'trialing' || s.status === 'free') return 'subscribe';
  if (s.status === 'grace') return target === s.plan ? 'renew' : 'subscribe';
  const end = s.currentPeriodEnd;
  if (!end || end.getTime() <= now.getTime()) return 'subscribe';
  if (rank(target) > rank(s.plan)) return 'upgrade';
  const renewing = s.providerSubscriptionCode !== null;
  if (!renewing) {
    // Nothing renews by itself: the next period is paid ahead, once.
    const paidAhead = end.getTime() - now.getTime() > PERIOD_MS || s.scheduledPlan !== null;
    if (paidAhead) return s.scheduledPlan === target ? 'scheduled' : 'paid_ahead';
    return 'prepay';
  }
  if (s.status === 'non_renewing') return target === s.plan ? 'resume' : 'downgrade';
  if (target === s.plan) return s.scheduledPlan ? 'keep' : 'current';
  return s.scheduledPlan === target ? 'scheduled' : 'downgrade';
}

/** The charge of an upgrade: the new plan for the days left, less a credit for each part's unused days. */
function upgradeLines(s: ChangeState, target: PaidPlanId, currency: BillingCurrency, now: Date, end: Date): QuoteLine[] {
  const daysLeft = Math.max(1, daysUntil(now, end));
  const lines: QuoteLine[] = [
    {
      type: 'plan',
      plan: target,
      days: daysLeft,
      percent: null,
      amount: mulDivRound(priceMinor(target, currency), daysLeft, BILLING_PERIOD_DAYS),
    },
  ];
  const split =
    s.scheduledPlan && s.scheduledAt && s.scheduledAt.getTime() < end.getTime()
      ? Math.min(daysLeft, daysUntil(now, s.scheduledAt))
      : daysLeft;
  const parts: Array<[PlanId, number]> = [
    [s.plan, split],
    [s.scheduledPlan ?? s.plan, daysLeft - split],
  ];
  for (const [plan, days] of parts) {
    if (days <= 0 || plan === 'free') continue;
    lines.push({ type: 'credit', plan, days, percent: null, amount: mulDivRound(priceMinor(plan, currency), days, BILLING_PERIOD_DAYS) });
  }
  return lines;
}

const totalOf = (lines: QuoteLine[]) => lines.reduce((sum, line) => sum + (line.type === 'plan' ? line.amount : -line.amount), 0);

/**
 * The quote for choosing `target` at `now`: its kind, what checkout charges (lines and total), when
 * the plan is in force, the period it pays for and the next period's price. An earned referral
 * discount (`discountPercent`) comes off a full-price payment; an upgrade leaves it for the renewal.
 */
export function quotePlan(
  s: ChangeState,
  target: PaidPlanId,
  opts: { currency: BillingCurrency; now: Date; discountPercent: number },
): PlanQuote {
  const { currency, now, discountPercent } = opts;
  const kind = changeKind(s, target, now);
  const price = priceMinor(target, currency);
  const end = s.currentPeriodEnd;
  const base = { plan: target, kind, currency, price, discountKept: false };
  const fullPrice = (from: Date, startsAt: Date): PlanQuote => {
    const lines: QuoteLine[] = [{ type: 'plan', plan: target, days: null, percent: null, amount: price }];
    if (discountPercent > 0)
      lines.push({
        type: 'discount',
        plan: null,
        days: null,
        percent: discountPercent,
        amount: price - mulDivRound(price, 100 - discountPercent, 100),
      });
    const periodEnds = new Date(from.getTime() + PERIOD_MS);
    return {
      ...base,
      lines,
      total: totalOf(lines),
      startsAt: iso(startsAt),
      periodEnds: iso(periodEnds),
      next: { plan: target, at: iso(periodEnds), amount: price },
    };
  };
  const free = (startsAt: Date, nextPlan: PlanId | null): PlanQuote => ({
    ...base,
    lines: [],
    total: 0,
    startsAt: iso(startsAt),
    periodEnds: end ? iso(end) : null,
    next: end && nextPlan && nextPlan !== 'free' ? { plan: nextPlan, at: iso(end), amount: priceMinor(nextPlan, currency) } : null,
  });

  switch (kind) {
    case 'subscribe':
      return fullPrice(now, now);
    case 'renew': {
      const continues = end !== null && now.getTime() <= end.getTime() + GRACE_MS;
      return fullPrice(continues && end ? end : now, now);
    }
    case 'prepay':
      return fullPrice(end!, end!);
    case 'upgrade': {
      const lines = upgradeLines(s, target, currency, now, end!);
      return {
        ...base,
        lines,
        total: totalOf(lines),
        startsAt: iso(now),
        periodEnds: iso(end!),
        next: { plan: target, at: iso(end!), amount: price },
        discountKept: discountPercent > 0,
      };
    }
    case 'downgrade':
      return free(end!, target);
    case 'scheduled':
      return free(s.scheduledAt ?? end!, target);
    case 'keep':
    case 'resume':
      return free(now, kind === 'keep' ? s.plan : planAtPeriodEnd(s));
    case 'current':
    case 'paid_ahead':
      return free(now, s.status === 'active' && s.providerSubscriptionCode ? planAtPeriodEnd(s) : null);
  }
}

/**
 * The subscription a quote is made against, as one string: a trial, the free tier and a grace are
 * one lapsed state (a checkout for them stays good while any of them lasts); a running paid plan is
 * its plan, period end and scheduled plan. A charge is applied only while its basis still holds.
 */
export function currentBasis(s: ChangeState): string {
  if (isLapsed(s.status)) return 'lapsed';
  return `paid:${s.plan}:${s.currentPeriodEnd?.getTime() ?? 0}:${s.scheduledPlan ?? '-'}`;
}

export interface CheckoutEffect {
  patch: {
    plan: PaidPlanId;
    status: SubscriptionStatus;
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
    scheduledPlan: PaidPlanId | null;
    scheduledAt: Date | null;
    cancelAtPeriodEnd: boolean;
    graceEndsAt: null;
  };
  reason: string;
  /** The plan changed now (the history marks it). */
  planChange: boolean;
}

/** The subscription after a paid checkout of `payment.kind` for `payment.plan`, paid at `paidAt`. */
export function checkoutEffect(s: ChangeState, payment: { kind: PaidChangeKind; plan: PaidPlanId }, paidAt: Date): CheckoutEffect {
  const { plan } = payment;
  const end = s.currentPeriodEnd;
  const plain = { scheduledPlan: null, scheduledAt: null, cancelAtPeriodEnd: false, graceEndsAt: null, status: 'active' as const };
  const fromPaid = !isLapsed(s.status) && s.plan !== 'free' && s.plan !== plan;
  switch (payment.kind) {
    case 'upgrade': {
      const cancelled = s.status === 'non_renewing';
      return {
        patch: {
          ...plain,
          plan,
          status: cancelled ? 'non_renewing' : 'active',
          cancelAtPeriodEnd: cancelled,
          currentPeriodStart: s.currentPeriodStart ?? paidAt,
          currentPeriodEnd: end ?? new Date(paidAt.getTime() + PERIOD_MS),
        },
        reason: 'upgraded',
        planChange: true,
      };
    }
    case 'prepay': {
      const from = end ?? paidAt;
      const current = s.plan === 'free' ? plan : s.plan;
      const later = plan !== current;
      return {
        patch: {
          ...plain,
          plan: current,
          currentPeriodStart: from,
          currentPeriodEnd: new Date(from.getTime() + PERIOD_MS),
          scheduledPlan: later ? plan : null,
          scheduledAt: later ? from : null,
        },
        reason: 'prepaid',
        planChange: false,
      };
    }
    case 'renew': {
      const continues = s.status === 'grace' && s.plan === plan && end !== null && paidAt.getTime() <= end.getTime() + GRACE_MS;
      const from = continues && end ? end : paidAt;
      return {
        patch: { ...plain, plan, currentPeriodStart: from, currentPeriodEnd: new Date(from.getTime() + PERIOD_MS) },
        reason: 'renewed',
        planChange: fromPaid,
      };
    }
    case 'subscribe':
      return {
        patch: { ...plain, plan, currentPeriodStart: paidAt, currentPeriodEnd: new Date(paidAt.getTime() + PERIOD_MS) },
        reason: s.status === 'trialing' ? 'trial_converted' : fromPaid ? 'plan_changed' : 'subscribed',
        planChange: fromPaid,
      };
  }
}
