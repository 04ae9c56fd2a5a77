import { describe, expect, it } from 'vitest';
import type { PlanQuote } from '@shared/schemas/plan-change';
import { confirmLabel, offeredQuotes, quoteActionKey, quoteLineView } from './plan-quote';

const quote = (over: Partial<PlanQuote> = {}): PlanQuote => ({
  plan: 'pro',
  kind: 'subscribe',
  currency: 'USD',
  price: 2500,
  lines: [{ type: 'plan', plan: 'pro', days: null, percent: null, amount: 2500 }],
  total: 2500,
  startsAt: '2026-03-01T10:00:00.000Z',
  periodEnds: '2026-03-31T10:00:00.000Z',
  next: { plan: 'pro', at: '2026-03-31T10:00:00.000Z', amount: 2500 },
  discountKept: false,
  ...over,
});
const names = (plan: string) => ({ basic: 'Basic', pro: 'Pro', premium: 'Premium' })[plan] ?? plan;

describe('the Pay button says what checkout charges', () => {
  it('with the referral discount: the discounted total, not the plan price', () => {
    const discounted = quote({
      lines: [
        { type: 'plan', plan: 'pro', days: null, percent: null, amount: 2500 },
        { type: 'discount', plan: null, days: null, percent: 30, amount: 750 },
      ],
      total: 1750,
    });
    expect(confirmLabel(discounted, 'en')).toEqual({ key: 'subscribe.pay', values: { price: '$17.50' } });
    expect(discounted.lines.map((line) => quoteLineView(line, 'USD', 'en', names))).toEqual([
      { key: 'subscribe.quote.planPeriod', values: { plan: 'Pro' }, amount: '$25' },
      { key: 'subscribe.quote.discount', values: { percent: 30 }, amount: '−$7.50' },
    ]);
  });

  it('an upgrade: the new plan for the days left, the credit for unused days, and the difference on the button', () => {
    const upgrade = quote({
      kind: 'upgrade',
      lines: [
        { type: 'plan', plan: 'pro', days: 20, percent: null, amount: 1667 },
        { type: 'credit', plan: 'basic', days: 20, percent: null, amount: 800 },
      ],
      total: 867,
    });
    expect(upgrade.lines.map((line) => quoteLineView(line, 'USD', 'en', names))).toEqual([
      { key: 'subscribe.quote.planDays', values: { plan: 'Pro', count: 20 }, amount: '$16.67' },
      { key: 'subscribe.quote.credit', values: { plan: 'Basic', count: 20 }, amount: '−$8' },
    ]);
    expect(confirmLabel(upgrade, 'en').values).toEqual({ price: '$8.67' });
  });

  it('in naira, in kobo from the server', () => {
    expect(confirmLabel(quote({ currency: 'NGN', price: 3_800_000, total: 3_800_000 }), 'en').values).toEqual({ price: '₦38,000' });
  });

  it('a change without payment confirms instead of paying', () => {
    expect(confirmLabel(quote({ kind: 'resume', lines: [], total: 0 }), 'en').key).toBe('subscribe.confirm.resume');
    expect(confirmLabel(quote({ kind: 'downgrade', lines: [], total: 0 }), 'en').key).toBe('subscribe.confirm.downgrade');
  });
});

describe('which plans are offered', () => {
  it('not the plan that renews by itself, one already scheduled or a period already paid; a cancelled plan is offered to resume', () => {
    const quotes = [
      quote({ plan: 'basic', kind: 'current' }),
      quote({ plan: 'pro', kind: 'upgrade' }),
      quote({ plan: 'premium', kind: 'paid_ahead' }),
    ];
    expect(offeredQuotes(quotes).map((q) => q.plan)).toEqual(['pro']);
    const cancelled = [
      quote({ plan: 'basic', kind: 'downgrade' }),
      quote({ plan: 'pro', kind: 'resume' }),
      quote({ plan: 'premium', kind: 'upgrade' }),
    ];
    expect(offeredQuotes(cancelled).map((q) => [q.plan, quoteActionKey(q.kind)])).toEqual([
      ['basic', 'subscribe.action.downgrade'],
      ['pro', 'subscribe.action.resume'],
      ['premium', 'subscribe.action.upgrade'],
    ]);
  });
});
