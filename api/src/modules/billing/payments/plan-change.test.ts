import { describe, expect, it } from 'vitest';
import { checkoutEffect, currentBasis, mulDivRound, quotePlan, type ChangeState } from './plan-change';

const DAY = 86_400_000;
const start = new Date('2026-03-01T10:00:00Z');
const end = new Date(start.getTime() + 30 * DAY);
const at = (days: number) => new Date(start.getTime() + days * DAY);

const state = (over: Partial<ChangeState> = {}): ChangeState => ({
  status: 'active',
  plan: 'basic',
  currentPeriodStart: start,
  currentPeriodEnd: end,
  scheduledPlan: null,
  scheduledAt: null,
  providerSubscriptionCode: 'SUB_1',
  ...over,
});

describe('mulDivRound', () => {
  it.each([
    [2500, 20, 30, 1667],
    [1200, 20, 30, 800],
    [1, 1, 2, 1],
    [1, 1, 3, 0],
    [3_800_000, 7, 30, 886_667],
  ])('%i × %i / %i = %i (half up, integers)', (a, b, c, want) => {
    expect(mulDivRound(a, b, c)).toBe(want);
  });
});

describe('what choosing a plan does (quotePlan)', () => {
  it.each([
    ['a trial', state({ status: 'trialing', plan: 'basic', currentPeriodEnd: null, providerSubscriptionCode: null }), 'pro', 'subscribe'],
    [
      'the free tier',
      state({ status: 'free', plan: 'free', currentPeriodEnd: null, providerSubscriptionCode: null }),
      'basic',
      'subscribe',
    ],
    ['grace, the same plan', state({ status: 'grace' }), 'basic', 'renew'],
    ['grace, another plan', state({ status: 'grace' }), 'premium', 'subscribe'],
    ['a higher plan', state(), 'pro', 'upgrade'],
    ['a lower plan, renewing', state({ plan: 'premium' }), 'basic', 'downgrade'],
    ['the lower plan already scheduled', state({ plan: 'premium', scheduledPlan: 'basic', scheduledAt: end }), 'basic', 'scheduled'],
    [
      'back to the current plan after scheduling a downgrade',
      state({ plan: 'premium', scheduledPlan: 'basic', scheduledAt: end }),
      'premium',
      'keep',
    ],
    ['the renewing plan itself', state(), 'basic', 'current'],
    ['the cancelled plan', state({ status: 'non_renewing' }), 'basic', 'resume'],
    ['a lower plan after cancelling', state({ status: 'non_renewing', plan: 'pro' }), 'basic', 'downgrade'],
    ['a higher plan after cancelling', state({ status: 'non_renewing' }), 'premium', 'upgrade'],
    ['the same plan without automatic renewal', state({ providerSubscriptionCode: null }), 'basic', 'prepay'],
    ['a lower plan without automatic renewal', state({ plan: 'pro', providerSubscriptionCode: null }), 'basic', 'prepay'],
    [
      'a plan already paid ahead',
      state({ providerSubscriptionCode: null, currentPeriodStart: end, currentPeriodEnd: at(60) }),
      'basic',
      'paid_ahead',
    ],
  ] as const)('%s → %s', (_label, s, plan, kind) => {
    expect(quotePlan(s, plan, { currency: 'USD', now: at(10), discountPercent: 0 }).kind).toBe(kind);
  });

  it('a new subscription pays the full price (less an earned referral discount) for 30 days from now', () => {
    const now = at(3);
    const q = quotePlan(state({ status: 'trialing', currentPeriodEnd: null, providerSubscriptionCode: null }), 'pro', {
      currency: 'USD',
      now,
      discountPercent: 30,
    });
    expect(q).toMatchObject({
      kind: 'subscribe',
      price: 2500,
      total: 1750,
      startsAt: now.toISOString(),
      periodEnds: at(33).toISOString(),
      discountKept: false,
    });
    expect(q.lines).toEqual([
      { type: 'plan', plan: 'pro', days: null, percent: null, amount: 2500 },
      { type: 'discount', plan: null, days: null, percent: 30, amount: 750 },
    ]);
    expect(q.next).toEqual({ plan: 'pro', at: at(33).toISOString(), amount: 2500 });
  });

  it('an upgrade charges the new plan for the days left less a credit for the unused days, and keeps the period end', () => {
    const now = at(10);
    const q = quotePlan(state(), 'pro', { currency: 'USD', now, discountPercent: 0 });
    expect(q.lines).toEqual([
      { type: 'plan', plan: 'pro', days: 20, percent: null, amount: 1667 },
      { type: 'credit', plan: 'basic', days: 20, percent: null, amount: 800 },
    ]);
    expect(q).toMatchObject({ kind: 'upgrade', total: 867, startsAt: now.toISOString(), periodEnds: end.toISOString() });
    // From the next period, the new plan's full price.
    expect(q.next).toEqual({ plan: 'pro', at: end.toISOString(), amount: 2500 });
  });

  it('counts a started day as a day left, in naira too; the referral discount is kept for a full-price payment', () => {
    const q = quotePlan(state({ plan: 'pro' }), 'premium', {
      currency: 'NGN',
      now: new Date(at(23).getTime() + 3600_000),
      discountPercent: 30,
    });
    expect(q.lines.map((l) => [l.type, l.days, l.amount])).toEqual([
      ['plan', 7, 1_866_667],
      ['credit', 7, 886_667],
    ]);
    expect(q.total).toBe(980_000);
    expect(q.discountKept).toBe(true);
  });

  it('an upgrade over a lower plan paid ahead credits each part at its own price', () => {
    // Pro until day 30, Basic paid ahead for days 30 to 60, upgraded to Premium on day 20.
    const s = state({
      plan: 'pro',
      providerSubscriptionCode: null,
      currentPeriodStart: end,
      currentPeriodEnd: at(60),
      scheduledPlan: 'basic',
      scheduledAt: end,
    });
    const q = quotePlan(s, 'premium', { currency: 'USD', now: at(20), discountPercent: 0 });
    expect(q.lines).toEqual([
      { type: 'plan', plan: 'premium', days: 40, percent: null, amount: 7067 },
      { type: 'credit', plan: 'pro', days: 10, percent: null, amount: 833 },
      { type: 'credit', plan: 'basic', days: 30, percent: null, amount: 1200 },
    ]);
    expect(q.total).toBe(7067 - 833 - 1200);
    expect(q.periodEnds).toBe(at(60).toISOString());
  });

  it('a downgrade costs nothing now and starts at the period end at its own price', () => {
    const q = quotePlan(state({ plan: 'premium' }), 'basic', { currency: 'USD', now: at(5), discountPercent: 0 });
    expect(q).toMatchObject({
      kind: 'downgrade',
      total: 0,
      lines: [],
      startsAt: end.toISOString(),
      periodEnds: end.toISOString(),
      next: { plan: 'basic', at: end.toISOString(), amount: 1200 },
    });
  });

  it('resuming costs nothing and renews the plan at the period end', () => {
    const q = quotePlan(state({ status: 'non_renewing', plan: 'pro' }), 'pro', { currency: 'USD', now: at(25), discountPercent: 0 });
    expect(q).toMatchObject({ kind: 'resume', total: 0, next: { plan: 'pro', at: end.toISOString(), amount: 2500 } });
  });

  it('paying ahead (no automatic renewal) buys the next period from the current end', () => {
    const q = quotePlan(state({ plan: 'pro', providerSubscriptionCode: null }), 'basic', {
      currency: 'USD',
      now: at(25),
      discountPercent: 0,
    });
    expect(q).toMatchObject({ kind: 'prepay', total: 1200, startsAt: end.toISOString(), periodEnds: at(60).toISOString() });
  });

  it('renewing in grace continues the cycle from the lapsed period end', () => {
    const q = quotePlan(state({ status: 'grace' }), 'basic', { currency: 'USD', now: at(31), discountPercent: 0 });
    expect(q).toMatchObject({ kind: 'renew', total: 1200, periodEnds: at(60).toISOString() });
  });
});

describe('applying a paid checkout (checkoutEffect)', () => {
  it('an upgrade changes the plan now and keeps the period; a pending downgrade is dropped', () => {
    const s = state({ plan: 'pro', scheduledPlan: 'basic', scheduledAt: end });
    const effect = checkoutEffect(s, { kind: 'upgrade', plan: 'premium' }, at(12));
    expect(effect.patch).toMatchObject({
      plan: 'premium',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      scheduledPlan: null,
      scheduledAt: null,
      status: 'active',
    });
    expect(effect.reason).toBe('upgraded');
  });

  it('an upgrade of a cancelled plan leaves it cancelled (Resume keeps it going)', () => {
    const effect = checkoutEffect(state({ status: 'non_renewing' }), { kind: 'upgrade', plan: 'pro' }, at(12));
    expect(effect.patch).toMatchObject({ plan: 'pro', status: 'non_renewing', cancelAtPeriodEnd: true });
  });

  it('a lower plan paid ahead takes over at the current end', () => {
    const effect = checkoutEffect(state({ plan: 'pro', providerSubscriptionCode: null }), { kind: 'prepay', plan: 'basic' }, at(25));
    expect(effect.patch).toMatchObject({
      plan: 'pro',
      currentPeriodStart: end,
      currentPeriodEnd: at(60),
      scheduledPlan: 'basic',
      scheduledAt: end,
    });
  });

  it('a subscription from a trial starts 30 days from the payment', () => {
    const paidAt = at(2);
    const effect = checkoutEffect(
      state({ status: 'trialing', currentPeriodEnd: null, currentPeriodStart: null }),
      { kind: 'subscribe', plan: 'pro' },
      paidAt,
    );
    expect(effect.patch).toMatchObject({ plan: 'pro', status: 'active', currentPeriodStart: paidAt, currentPeriodEnd: at(32) });
    expect(effect.reason).toBe('trial_converted');
  });
});

describe('the basis a charge is applied against (currentBasis)', () => {
  it('a trial, the free tier and a grace are one lapsed basis; a paid plan is its plan, period end and schedule', () => {
    expect(currentBasis(state({ status: 'trialing' }))).toBe('lapsed');
    expect(currentBasis(state({ status: 'free' }))).toBe('lapsed');
    expect(currentBasis(state({ status: 'grace' }))).toBe('lapsed');
    expect(currentBasis(state())).toBe(`paid:basic:${end.getTime()}:-`);
    expect(currentBasis(state({ status: 'non_renewing' }))).toBe(`paid:basic:${end.getTime()}:-`);
    expect(currentBasis(state({ plan: 'pro', scheduledPlan: 'basic', scheduledAt: end }))).not.toBe(currentBasis(state({ plan: 'pro' })));
  });
});
