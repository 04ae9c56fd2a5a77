import { describe, expect, it } from 'vitest';
import { budgetText, budgetView, formatRelative, relativeTime, scoreBand, statusBadgeVariant, truncateDescription } from './search-format';

const words = { notSpecified: 'Not specified', perHour: (amount: string) => `${amount} / hr` };
const text = (job: Parameters<typeof budgetView>[0], language = 'en') => budgetText(budgetView(job, language), words);

describe('the budget rule', () => {
  it('shows "min - max" with the currency', () => {
    expect(text({ minBudget: 250, maxBudget: 750, currency: 'USD', type: 'fixed' })).toBe('$250 - $750');
    expect(text({ minBudget: 100, maxBudget: 300, currency: 'EUR', type: 'fixed' })).toBe('€100 - €300');
    // Never a bare "$" for another dollar.
    expect(text({ minBudget: 40, maxBudget: 340, currency: 'CAD', type: 'fixed' })).toBe('CA$40 - CA$340');
    expect(text({ minBudget: 10, maxBudget: 10, currency: 'aud', type: 'fixed' })).toBe('A$10');
  });
  it('shows a single value when min and max are equal, or only one is known', () => {
    expect(text({ minBudget: 500, maxBudget: 500, currency: 'USD', type: 'fixed' })).toBe('$500');
    expect(text({ minBudget: 40, maxBudget: null, currency: 'USD', type: 'fixed' })).toBe('$40');
    expect(text({ minBudget: null, maxBudget: 90, currency: 'GBP', type: 'fixed' })).toBe('£90');
  });
  it('says "Not specified" with no usable amount', () => {
    expect(text({ minBudget: null, maxBudget: null, currency: 'USD', type: 'fixed' })).toBe('Not specified');
    expect(text({ minBudget: 0, maxBudget: 0, currency: 'USD', type: 'hourly' })).toBe('Not specified');
  });
  it('marks hourly amounts and orders a reversed range', () => {
    expect(text({ minBudget: 50, maxBudget: 25, currency: 'USD', type: 'hourly' })).toBe('$25 - $50 / hr');
  });
  it('puts the dollar sign after the number in Arabic', () => {
    expect(text({ minBudget: 100, maxBudget: 100, currency: 'USD', type: 'fixed' }, 'ar')).toMatch(/^[٠-٩0-9٬,]+\$$/u);
  });
});

describe('truncateDescription', () => {
  it('keeps text of at most 150 characters as is (spaces collapsed)', () => {
    const exact = 'a'.repeat(150);
    expect(truncateDescription(exact)).toBe(exact);
    expect(truncateDescription('  Build   a\nlanding page ')).toBe('Build a landing page');
  });
  it('cuts longer text at 150 characters with an ellipsis, on a word boundary when close', () => {
    const long = `${'word '.repeat(40)}end`;
    const cut = truncateDescription(long)!;
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(151);
    expect(cut).not.toMatch(/\s…$/);
    const unbroken = 'x'.repeat(400);
    expect(truncateDescription(unbroken)).toBe(`${'x'.repeat(150)}…`);
  });
  it('never splits a character made of two code units', () => {
    const emoji = '😀'.repeat(200);
    expect(truncateDescription(emoji)).toBe(`${'😀'.repeat(150)}…`);
  });
  it('answers undefined for an empty description (the card says "No description available.")', () => {
    expect(truncateDescription('')).toBeUndefined();
    expect(truncateDescription('   ')).toBeUndefined();
    expect(truncateDescription(null)).toBeUndefined();
  });
});

describe('posted dates', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('picks the largest whole unit', () => {
    expect(relativeTime('2026-05-10T09:00:00Z', now)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeTime('2026-05-08T12:00:00Z', now)).toEqual({ value: -2, unit: 'day' });
    expect(relativeTime('2026-05-10T11:59:40Z', now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTime('not a date', now)).toBeUndefined();
  });
  it('formats in the reader language', () => {
    expect(formatRelative('2026-05-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelative('2026-05-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelative('2026-05-10T09:00:00Z', now, 'fr')).toBe('il y a 3 heures');
  });
});

it('status badges: new is secondary, applied and saved are default', () => {
  expect(statusBadgeVariant('new')).toBe('secondary');
  expect(statusBadgeVariant('applied')).toBe('default');
  expect(statusBadgeVariant('saved')).toBe('default');
});

it('score bands', () => {
  expect([scoreBand(100), scoreBand(70), scoreBand(69), scoreBand(40), scoreBand(39), scoreBand(0)]).toEqual([
    'high',
    'high',
    'medium',
    'medium',
    'low',
    'low',
  ]);
});
