import { bidLimits, bidProblems, type BidLimits, type BidProblem, type BidTerms } from '@shared/bids';
import { MARKETPLACES, type Platform } from '@shared/marketplaces';
import type { JobItem } from '@shared/schemas/job-item';
import type { LetterProblem } from '@shared/schemas/letter';
import type { LooseT } from '../../lib/loose-t';

/** The longest letter the proposal's marketplace takes (Freelancer.com 1,500 characters, Upwork 5,000). */
export const letterLimit = (platform: Platform): number => MARKETPLACES[platform].letterMax;

/** A language's name in the reader's language (`es` → "Spanish", "espagnol"…); the code when unknown. */
export function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Why a letter was held (or fails its check now), in the reader's language (`letters.problem.<code>`). */
export function problemText(t: LooseT, problem: LetterProblem, uiLanguage: string): string {
  const number = new Intl.NumberFormat(uiLanguage);
  const count = (n: number | undefined) => (n === undefined ? '' : number.format(n));
  return t(`letters.problem.${problem.code}`, {
    words: problem.words ?? '',
    length: count(problem.length),
    limit: count(problem.limit),
    percent: count(problem.percent),
    found: problem.found ? languageName(problem.found, uiLanguage) : '',
    expected: problem.expected ? languageName(problem.expected, uiLanguage) : '',
  });
}

/** What the proposal's marketplace accepts as its bid (amount, period), from the job as kept on the item. */
export function bidTermsOf(item: Pick<JobItem, 'platform' | 'jobType' | 'budgetMin' | 'budgetMax'>): BidTerms {
  return { platform: item.platform, jobType: item.jobType ?? null, budgetMin: item.budgetMin ?? null, budgetMax: item.budgetMax ?? null };
}

export function bidLimitsOf(item: Pick<JobItem, 'platform' | 'jobType' | 'budgetMin' | 'budgetMax'>): BidLimits {
  return bidLimits(bidTermsOf(item));
}

/** A number typed in a field ('' and unreadable text: null). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export interface ReviewedBid {
  /** What changed against the proposal's own bid (absent: unchanged), to send with the approval. */
  changes: { bidAmount?: number; bidPeriodDays?: number };
  /** Why the bid cannot go out as typed; an empty or unreadable amount is `amountInvalid`. */
  problems: BidProblem[];
}

/**
 * The bid as the user typed it in the review, against the proposal's own: what to send (only what
 * changed) and what the marketplace would refuse. An empty field keeps the proposal's value.
 */
export function reviewedBid(
  item: Pick<JobItem, 'platform' | 'jobType' | 'budgetMin' | 'budgetMax' | 'bidAmount' | 'bidPeriodDays'>,
  amountText: string,
  periodText: string,
): ReviewedBid {
  const limits = bidLimitsOf(item);
  const amount = amountText.trim() === '' ? item.bidAmount : parseNumber(amountText);
  const period = limits.period ? (periodText.trim() === '' ? item.bidPeriodDays : parseNumber(periodText)) : null;
  const problems: BidProblem[] = [];
  if (amountText.trim() !== '' && amount === null) problems.push({ code: 'amountInvalid' });
  if (limits.period && periodText.trim() !== '' && period === null) problems.push({ code: 'periodInvalid', ...limits.period });
  problems.push(
    ...bidProblems(bidTermsOf(item), {
      amount: amount !== item.bidAmount ? amount : undefined,
      periodDays: period !== item.bidPeriodDays ? period : undefined,
    }),
  );
  const changes: ReviewedBid['changes'] = {};
  if (amount !== null && amount !== item.bidAmount) changes.bidAmount = amount;
  if (period !== null && period !== item.bidPeriodDays) changes.bidPeriodDays = period;
  return { changes, problems };
}

/** The text a bid problem is shown with (`agents.review.bid.<code>`), its amounts in the job's currency. */
export function bidProblemLine(t: LooseT, problem: BidProblem, money: (n: number) => string): string {
  switch (problem.code) {
    case 'amountLow':
      return t('agents.review.bid.amountLow', { min: money(problem.min) });
    case 'amountHigh':
      return t('agents.review.bid.amountHigh', { max: money(problem.max) });
    case 'periodInvalid':
      return t('agents.review.bid.periodInvalid', { min: problem.min, max: problem.max });
    case 'periodNotTaken':
      return t('agents.review.bid.periodNotTaken', { marketplace: problem.marketplace });
    case 'amountInvalid':
      return t('agents.review.bid.amountInvalid');
  }
}

/** An amount in a currency, in the reader's language (the code after it when the currency is unknown). */
export function moneyFormat(language: string, currency: string | null): (n: number) => string {
  if (!currency) return (n) => new Intl.NumberFormat(language).format(n);
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
    return (n) => format.format(n);
  } catch {
    return (n) => `${new Intl.NumberFormat(language).format(n)} ${currency}`;
  }
}

/** When the job was posted, relative to now ("3 hours ago", "2 days ago"), in the reader's language; '' when unknown. */
export function postedAgo(iso: string | null | undefined, now: number, language: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** The state a proposal is listed under in the inbox: drafts to review, queued, sent, failed (others: none). */
export type InboxState = 'drafts' | 'queued' | 'sent' | 'failed';
export const INBOX_STATES: readonly InboxState[] = ['drafts', 'queued', 'sent', 'failed'];

export function inboxState(item: Pick<JobItem, 'status' | 'stage'>): InboxState | null {
  if (item.status === 'draft') return 'drafts';
  if (item.status === 'processing' && item.stage !== 'writing') return 'queued';
  if (item.status === 'completed') return 'sent';
  if (item.status === 'failed') return 'failed';
  return null;
}

/** Best match first; equal matches newest first. */
export const byMatch = (a: Pick<JobItem, 'matchScore' | 'createdAt'>, b: Pick<JobItem, 'matchScore' | 'createdAt'>): number =>
  (b.matchScore ?? -1) - (a.matchScore ?? -1) || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

export interface InboxFilter {
  agentId: string | 'all';
  platform: Platform | 'all';
}

/** The inbox's lists: each state's proposals of the chosen agent and marketplace, best match first. */
export function inboxLists<T extends Pick<JobItem, 'status' | 'stage' | 'agentId' | 'platform' | 'matchScore' | 'createdAt'>>(
  items: readonly T[],
  filter: InboxFilter,
): Record<InboxState, T[]> {
  const lists: Record<InboxState, T[]> = { drafts: [], queued: [], sent: [], failed: [] };
  for (const item of items) {
    if (filter.agentId !== 'all' && item.agentId !== filter.agentId) continue;
    if (filter.platform !== 'all' && item.platform !== filter.platform) continue;
    const state = inboxState(item);
    if (state) lists[state].push(item);
  }
  for (const state of INBOX_STATES) lists[state].sort(byMatch);
  return lists;
}

/** Whether `iso` falls on the local day of `now`. */
export function sameLocalDay(iso: string | null | undefined, now: Date): boolean {
  if (!iso) return false;
  const at = new Date(iso);
  return !Number.isNaN(at.getTime()) && at.toDateString() === now.toDateString();
}

/** Per agent: drafts waiting for review and proposals sent today (local day). */
export function agentQueueStats(
  items: ReadonlyArray<Pick<JobItem, 'agentId' | 'status' | 'sentAt'>>,
  now: Date,
): Map<string, { drafts: number; sentToday: number }> {
  const stats = new Map<string, { drafts: number; sentToday: number }>();
  for (const item of items) {
    if (!item.agentId) continue;
    const entry = stats.get(item.agentId) ?? { drafts: 0, sentToday: 0 };
    if (item.status === 'draft') entry.drafts++;
    else if (item.status === 'completed' && sameLocalDay(item.sentAt, now)) entry.sentToday++;
    stats.set(item.agentId, entry);
  }
  return stats;
}
