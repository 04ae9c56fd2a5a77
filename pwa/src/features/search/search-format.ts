import { formatMoney } from '@shared/currency';
import type { ScoredJob } from '@shared/schemas/job';

/** The job card's description limit (part 2, section 9). */
export const DESCRIPTION_LIMIT = 150;

/**
 * The card's description: cut at `limit` characters (on a word boundary when one is close) with an
 * ellipsis; `undefined` when there is nothing to show (the card then says "No description available.").
 */
export function truncateDescription(text: string | null | undefined, limit = DESCRIPTION_LIMIT): string | undefined {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  let cut = chars.slice(0, limit).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= limit * 0.8) cut = cut.slice(0, space);
  return `${cut.replace(/[\s.,;:!?-]+$/u, '')}…`;
}

export type BudgetView =
  { kind: 'none' } | { kind: 'single'; amount: string; hourly: boolean } | { kind: 'range'; min: string; max: string; hourly: boolean };

/**
 * An amount in a job's currency. Dollars follow the product's rule (Arabic puts the sign after the
 * number); other currencies show an unambiguous symbol ("CA$", "A$", "€"), never a bare "$" that
 * would read as US dollars.
 */
export function jobMoney(amount: number, currency: string, language: string): string {
  const code = (currency || 'USD').toUpperCase();
  if (code === 'USD' || code === 'NGN') return formatMoney(amount, code, language);
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  const primary = language.toLowerCase().split(/[-_]/)[0] || 'en';
  try {
    return new Intl.NumberFormat(primary, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'symbol',
      maximumFractionDigits: whole ? 0 : 2,
      minimumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${code}`;
  }
}

const usable = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * The specification's budget rule: "min - max", a single value when both are equal (or only one is
 * known), otherwise "Not specified"; amounts in the job's currency for the reader's language.
 */
export function budgetView(job: Pick<ScoredJob, 'minBudget' | 'maxBudget' | 'currency' | 'type'>, language: string): BudgetView {
  const { minBudget: min, maxBudget: max } = job;
  const currency = job.currency || 'USD';
  const hourly = job.type === 'hourly';
  const money = (n: number) => jobMoney(n, currency, language);
  if (usable(min) && usable(max)) {
    if (min === max) return { kind: 'single', amount: money(min), hourly };
    return { kind: 'range', min: money(Math.min(min, max)), max: money(Math.max(min, max)), hourly };
  }
  if (usable(min)) return { kind: 'single', amount: money(min), hourly };
  if (usable(max)) return { kind: 'single', amount: money(max), hourly };
  return { kind: 'none' };
}

/** The text of a budget view ("$50 - $100", "$30", or the translated "Not specified"); `perHour` wraps hourly amounts. */
export function budgetText(view: BudgetView, words: { notSpecified: string; perHour: (amount: string) => string }): string {
  if (view.kind === 'none') return words.notSpecified;
  const amount = view.kind === 'single' ? view.amount : `${view.min} - ${view.max}`;
  return view.hourly ? words.perHour(amount) : amount;
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** How long ago a date was, as a value and unit for `Intl.RelativeTimeFormat` (negative = past). */
export function relativeTime(iso: string, nowMs: number): { value: number; unit: RelativeUnit } | undefined {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return undefined;
  const seconds = Math.round((at - nowMs) / 1000);
  const abs = Math.abs(seconds);
  const steps: Array<[RelativeUnit, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['week', 7 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (abs >= size) return { value: Math.round(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}

/** `relativeTime` formatted in the reader's language ("3 hours ago", "قبل ٣ ساعات"). */
export function formatRelative(iso: string, nowMs: number, language: string): string | undefined {
  const rel = relativeTime(iso, nowMs);
  if (!rel) return undefined;
  try {
    return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(rel.value, rel.unit);
  } catch {
    return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(rel.value, rel.unit);
  }
}

/** The spec's status badge: new is secondary, applied and saved are default. */
export function statusBadgeVariant(status: ScoredJob['status']): 'secondary' | 'default' {
  return status === 'new' ? 'secondary' : 'default';
}

/** The match score's band, for its colour (the number is always shown too). */
export function scoreBand(score: number): 'high' | 'medium' | 'low' {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}
