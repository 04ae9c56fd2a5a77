import { describe, expect, it } from 'vitest';
import type { Subscription } from '@shared/schemas/billing';
import { hiddenPlan, initialPlan, isChangingPlan, plansToOffer, subscribeIntent } from './billing-subscribe';

const q = (s: string) => new URLSearchParams(s);
const sub = (status: Subscription['status'], plan: Subscription['plan']) => ({ status, plan }) as Subscription;

describe('subscribeIntent', () => {
  it('reads router state first (an id or a plan object), then the plan query parameter', () => {
    expect(subscribeIntent({ selectedPlan: 'premium', isChangingPlan: true }, q('plan=pro'))).toEqual({ selectedPlan: 'premium', isChangingPlan: true });
    expect(subscribeIntent({ selectedPlan: { id: 'basic' } }, q(''))).toEqual({ selectedPlan: 'basic', isChangingPlan: false });
    expect(subscribeIntent(null, q('plan=PRO'))).toEqual({ selectedPlan: 'pro', isChangingPlan: false });
  });
  it('ignores unknown and free plans', () => {
    expect(subscribeIntent({ selectedPlan: 'gold' }, q('plan=free')).selectedPlan).toBeNull();
    expect(subscribeIntent('nonsense', q('plan=<script>')).selectedPlan).toBeNull();
  });
});

describe('change-plan mode', () => {
  it('is on for a running paid plan or when the caller says so; a trial subscribes', () => {
    const none = { selectedPlan: null, isChangingPlan: false };
    expect(isChangingPlan(sub('active', 'pro'), none)).toBe(true);
    expect(isChangingPlan(sub('non_renewing', 'basic'), none)).toBe(true);
    expect(isChangingPlan(sub('trialing', 'basic'), none)).toBe(false);
    expect(isChangingPlan(sub('free', 'free'), none)).toBe(false);
    expect(isChangingPlan(null, { selectedPlan: 'pro', isChangingPlan: true })).toBe(true);
  });
  it('hides the plan that renews by itself; a cancelled or failed one can be paid again', () => {
    expect(hiddenPlan(sub('active', 'pro'))).toBe('pro');
    expect(hiddenPlan(sub('non_renewing', 'pro'))).toBeNull();
    expect(hiddenPlan(sub('grace', 'pro'))).toBeNull();
    expect(hiddenPlan(sub('trialing', 'basic'))).toBeNull();
    expect(hiddenPlan(null)).toBeNull();
    expect(plansToOffer('pro').map((p) => p.id)).toEqual(['basic', 'premium']);
    expect(plansToOffer(null).map((p) => p.id)).toEqual(['basic', 'pro', 'premium']);
  });
  it('does not open the payment view for the hidden plan', () => {
    expect(initialPlan({ selectedPlan: 'pro', isChangingPlan: true }, 'pro')).toBeNull();
    expect(initialPlan({ selectedPlan: 'premium', isChangingPlan: true }, 'pro')).toBe('premium');
    expect(initialPlan({ selectedPlan: 'basic', isChangingPlan: false }, null)).toBe('basic');
    expect(initialPlan({ selectedPlan: null, isChangingPlan: false }, null)).toBeNull();
  });
});
