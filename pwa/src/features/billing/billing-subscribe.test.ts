import { describe, expect, it } from 'vitest';
import type { Subscription } from '@shared/schemas/billing';
import { isChangingPlan, subscribeIntent } from './billing-subscribe';

const q = (s: string) => new URLSearchParams(s);
const sub = (status: Subscription['status'], plan: Subscription['plan']) => ({ status, plan }) as Subscription;

describe('subscribeIntent', () => {
  it('reads router state first (an id or a plan object), then the plan query parameter', () => {
    expect(subscribeIntent({ selectedPlan: 'premium', isChangingPlan: true }, q('plan=pro'))).toEqual({
      selectedPlan: 'premium',
      isChangingPlan: true,
    });
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
});
