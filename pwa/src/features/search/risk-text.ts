import type { RiskFlag } from '@shared/schemas/job';
import { decodeMatchReason, reasonShowsFlags } from '@shared/matching/reason';
import type { MatchFormat } from './search-match';

/**
 * A job's red flags in the reader's language: each flag's reason (an i18n key under `search.risk.`)
 * with the post's own words that raised it, or the numbers (what the work would cost and what is
 * offered; how many deliverables at what price each), or the client's signal.
 */

/** The post's words keep their own direction inside a right-to-left sentence (first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

export type Translate = (key: string, values?: Record<string, unknown>) => string;

const plain: Pick<MatchFormat, 'number' | 'usd'> = { number: String, usd: (n) => `$${n}` };

/** The reason of one flag, without its quote: an i18n key and its values. */
export function riskReason(flag: RiskFlag, format: Partial<MatchFormat> = {}): { key: string; values?: Record<string, string> } {
  const f = { ...plain, ...format };
  switch (flag.code) {
    case 'scopeOverBudget':
      return flag.expectedUsd !== undefined && flag.offeredUsd !== undefined
        ? { key: 'search.risk.scopeOverBudgetAmounts', values: { expected: f.usd(flag.expectedUsd), offered: f.usd(flag.offeredUsd) } }
        : { key: 'search.risk.code.scopeOverBudget' };
    case 'pricePerItemLow':
      return flag.items !== undefined && flag.perItemUsd !== undefined
        ? { key: 'search.risk.pricePerItemLowAmounts', values: { items: f.number(flag.items), perItem: f.usd(flag.perItemUsd) } }
        : { key: 'search.risk.code.pricePerItemLow' };
    case 'clientRisk':
      return flag.signal ? { key: `search.risk.client.${flag.signal}` } : { key: 'search.risk.code.clientRisk' };
    default:
      return { key: `search.risk.code.${flag.code}` };
  }
}

/**
 * One flag as a line: its reason, and the post's words in quotes when a phrase raised it. A flag the
 * learned model read (not named by a rule) says so: it reads like that, by its wording; one it read
 * below its flag (`unsure`) says it only possibly is.
 */
export function riskLine(flag: RiskFlag, t: Translate, format?: Partial<MatchFormat>): string {
  const { key, values } = riskReason(flag, format);
  const named = t(key, values);
  const reason = flag.unsure
    ? t('search.risk.unsure', { reason: named })
    : flag.likely
      ? t('search.risk.likely', { reason: named })
      : named;
  const quote = flag.quote?.trim();
  return quote ? t('search.risk.quoted', { reason, quote: isolate(quote) }) : reason;
}

/** Whether a job's flags hold it only for a look (the learned reading unsure), with no red flag among them. */
export const onlyForALook = (flags: readonly RiskFlag[]): boolean => flags.length > 0 && flags.every((flag) => flag.unsure);

/** Every flag of a job as lines, in the server's order. */
export function riskLines(flags: readonly RiskFlag[], t: Translate, format?: Partial<MatchFormat>): string[] {
  return flags.map((flag) => riskLine(flag, t, format));
}

/**
 * A job item's flags: as the server sent them, or read from its stored reason (a row kept on the
 * device from before the server sent them).
 */
export function itemRiskFlags(item: { riskFlags?: readonly RiskFlag[] | undefined; matchReason: string | null }): RiskFlag[] {
  if (item.riskFlags && item.riskFlags.length > 0) return [...item.riskFlags];
  return reasonShowsFlags(item.matchReason) ? decodeMatchReason(item.matchReason).flags : [];
}

/** The risk filter of a list: everything, the jobs without a flag, or only the flagged ones. */
export const RISK_FILTERS = ['all', 'hide', 'only'] as const;
export type RiskFilter = (typeof RISK_FILTERS)[number];

export function filterByRisk<T>(list: readonly T[], filter: RiskFilter, flagsOf: (entry: T) => readonly RiskFlag[]): T[] {
  if (filter === 'all') return [...list];
  return list.filter((entry) => flagsOf(entry).length > 0 === (filter === 'only'));
}
