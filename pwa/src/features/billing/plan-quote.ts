import { PAID_CHANGE_KINDS, type PlanChangeKind, type PlanQuote, type QuoteLine } from '@shared/schemas/plan-change';
import { formatMinorAmount } from './billing-price';

/*
 * How the subscribe page and the change-plan dialog tell a plan quote (GET /api/plans/quotes): every
 * amount shown is the server's, in the currency checkout charges, so the page and the charge agree.
 */

/** Kinds with nothing to choose: the plan renewing by itself, the one already scheduled, a period already paid ahead. */
const NOTHING_TO_DO: readonly PlanChangeKind[] = ['current', 'scheduled', 'paid_ahead'];

export function isPaidChange(kind: PlanChangeKind): boolean {
  return (PAID_CHANGE_KINDS as readonly string[]).includes(kind);
}

/** The quotes a user can act on (cards on /subscribe, rows in the change dialog), cheapest first. */
export function offeredQuotes(quotes: readonly PlanQuote[]): PlanQuote[] {
  return quotes.filter((quote) => !NOTHING_TO_DO.includes(quote.kind));
}

/** The i18n key of a plan card's action for what choosing it does. */
export function quoteActionKey(kind: PlanChangeKind): string {
  switch (kind) {
    case 'subscribe':
      return 'plans.subscribe';
    case 'renew':
      return 'subscribe.action.renew';
    case 'prepay':
      return 'subscribe.action.prepay';
    case 'upgrade':
      return 'subscribe.action.upgrade';
    case 'downgrade':
      return 'subscribe.action.downgrade';
    case 'keep':
      return 'subscribe.action.keep';
    case 'resume':
      return 'subscribe.action.resume';
    default:
      return 'subscribe.action.current';
  }
}

export interface QuoteLineView {
  /** i18n key and its values. */
  key: string;
  values: Record<string, unknown>;
  /** The amount as shown: a credit and a discount with a minus sign. */
  amount: string;
}

/** One line of the charge, as the payment view lists it (`planName` turns a plan id into its name). */
export function quoteLineView(line: QuoteLine, currency: string, language: string, planName: (plan: string) => string): QuoteLineView {
  const money = formatMinorAmount(line.amount, currency, language);
  const plan = line.plan ? planName(line.plan) : '';
  switch (line.type) {
    case 'plan':
      return line.days === null
        ? { key: 'subscribe.quote.planPeriod', values: { plan }, amount: money }
        : { key: 'subscribe.quote.planDays', values: { plan, count: line.days }, amount: money };
    case 'credit':
      return { key: 'subscribe.quote.credit', values: { plan, count: line.days ?? 0 }, amount: `−${money}` };
    case 'discount':
      return { key: 'subscribe.quote.discount', values: { percent: line.percent ?? 0 }, amount: `−${money}` };
  }
}

/** What the confirm button of the payment view says: the exact amount checkout charges, or the free change it makes. */
export function confirmLabel(quote: PlanQuote, language: string): { key: string; values: Record<string, unknown> } {
  if (isPaidChange(quote.kind))
    return { key: 'subscribe.pay', values: { price: formatMinorAmount(quote.total, quote.currency, language) } };
  if (quote.kind === 'resume') return { key: 'subscribe.confirm.resume', values: {} };
  if (quote.kind === 'keep') return { key: 'subscribe.confirm.keep', values: {} };
  return { key: 'subscribe.confirm.downgrade', values: {} };
}

/** The sentence under the lines: when the plan is in force, what this pays for and what the next period costs. */
export function quoteNote(quote: PlanQuote, trialRunning: boolean): string {
  switch (quote.kind) {
    case 'subscribe':
      return trialRunning ? 'subscribe.note.subscribeTrial' : 'subscribe.note.subscribe';
    case 'renew':
      return 'subscribe.note.renew';
    case 'prepay':
      return 'subscribe.note.prepay';
    case 'upgrade':
      return 'subscribe.note.upgrade';
    case 'downgrade':
      return 'subscribe.note.downgrade';
    case 'keep':
      return 'subscribe.note.keep';
    case 'resume':
      return 'subscribe.note.resume';
    default:
      return 'subscribe.note.nothing';
  }
}
