import { describe, expect, it } from 'vitest';
import type { Subscription } from '@shared/schemas/billing';
import { canCancel, currentPlanId, FALLBACK_PERIOD_DAYS, isPaidState, periodProgress, statusView } from './billing-status';

const sub = (over: Partial<Subscription> = {}): Subscription => ({
  plan: 'pro',
  status: 'active',
  trial: false,
  trialEndsAt: null,
  currentPeriodStart: '2026-01-01T00:00:00.000Z',
  paidAheadFrom: null,
  currentPeriodEnds: '2026-01-31T00:00:00.000Z',
  graceEndsAt: null,
  daysRemaining: 12,
  periodDays: 30,
  cancelAtPeriodEnd: false,
  autoRenew: true,
  currency: 'USD',
  amount: 2500,
  providerSubscriptionCode: 'SUB_1',
  canCancel: true,
  canResume: false,
  scheduledPlan: null,
  scheduledAt: null,
  paymentMethod: { channel: 'card', brand: 'visa', last4: '4081' },
  nextCharge: null,
  ...over,
});

describe('statusView', () => {
  it('explains a trial with its end date and what to do', () => {
    const view = statusView(sub({ status: 'trialing', plan: 'basic', trial: true, trialEndsAt: '2026-01-08T00:00:00.000Z' }));
    expect(view).toMatchObject({
      tone: 'info',
      labelKey: 'billing.status.trialing',
      explanationKey: 'billing.status.trialingExplain',
      actionKey: 'billing.status.trialingAction',
      date: '2026-01-08T00:00:00.000Z',
    });
  });
  it('says when an active plan renews, or that it will not renew by itself', () => {
    expect(statusView(sub())).toMatchObject({
      tone: 'success',
      explanationKey: 'billing.status.activeRenews',
      date: '2026-01-31T00:00:00.000Z',
    });
    expect(statusView(sub()).actionKey).toBeUndefined();
    expect(statusView(sub({ autoRenew: false }))).toMatchObject({
      explanationKey: 'billing.status.activeNoRenew',
      actionKey: 'billing.status.activeNoRenewAction',
    });
  });
  it('tells a cancelled plan runs to the end of the period, and a grace when it ends', () => {
    expect(statusView(sub({ status: 'non_renewing', cancelAtPeriodEnd: true }))).toMatchObject({
      tone: 'warning',
      labelKey: 'billing.status.nonRenewing',
      date: '2026-01-31T00:00:00.000Z',
    });
    expect(statusView(sub({ status: 'grace', graceEndsAt: '2026-02-03T00:00:00.000Z' }))).toMatchObject({
      tone: 'warning',
      labelKey: 'billing.status.grace',
      actionKey: 'billing.status.graceAction',
      date: '2026-02-03T00:00:00.000Z',
    });
  });
  it('treats no subscription as the free tier', () => {
    expect(statusView(null)).toMatchObject({ status: 'free', labelKey: 'billing.status.free', actionKey: 'billing.status.freeAction' });
    expect(currentPlanId(null)).toBe('free');
  });
});

describe('periodProgress', () => {
  it('answers the days left and their share of the period', () => {
    expect(periodProgress(sub())).toEqual({ daysRemaining: 12, periodDays: 30, percentRemaining: 40 });
    expect(periodProgress(sub({ status: 'trialing', daysRemaining: 7, periodDays: 7 }))).toEqual({
      daysRemaining: 7,
      periodDays: 7,
      percentRemaining: 100,
    });
  });
  it('falls back to a 30-day period and keeps the share between 0 and 100', () => {
    expect(periodProgress(sub({ periodDays: 0, daysRemaining: 15 }))).toEqual({
      daysRemaining: 15,
      periodDays: FALLBACK_PERIOD_DAYS,
      percentRemaining: 50,
    });
    expect(periodProgress(sub({ periodDays: 30, daysRemaining: 45 }))?.percentRemaining).toBe(100);
    expect(periodProgress(sub({ daysRemaining: 0 }))?.percentRemaining).toBe(0);
  });
  it('has nothing to show on the free tier', () => {
    expect(periodProgress(sub({ status: 'free', plan: 'free' }))).toBeNull();
    expect(periodProgress(null)).toBeNull();
  });
});

describe('isPaidState and canCancel', () => {
  it('counts running paid states only', () => {
    expect(['active', 'non_renewing', 'grace'].every((s) => isPaidState(s as Subscription['status']))).toBe(true);
    expect(isPaidState('trialing')).toBe(false);
    expect(isPaidState('free')).toBe(false);
  });
  it('offers cancelling only when the server says it can', () => {
    expect(canCancel(sub())).toBe(true);
    expect(canCancel(sub({ canCancel: false }))).toBe(false);
    expect(canCancel(null)).toBe(false);
  });
});
