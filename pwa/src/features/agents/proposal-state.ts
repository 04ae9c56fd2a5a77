import type { JobItem } from '@shared/schemas/job-item';

/** Where a proposal on its way out stands, for its card (an i18n key under agents.proposals). */
export type StageNote =
  { key: 'sendsAt'; at: Date; sameDay: boolean } | { key: 'sendsNow' } | { key: 'sending' } | { key: 'writing' } | null;

export function stageNote(item: Pick<JobItem, 'status' | 'stage' | 'sendAfter'>, now: Date): StageNote {
  if (item.status !== 'processing') return null;
  if (item.stage === 'sending') return { key: 'sending' };
  if (item.stage === 'writing') return { key: 'writing' };
  const at = item.sendAfter ? new Date(item.sendAfter) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return { key: 'sendsNow' };
  return { key: 'sendsAt', at, sameDay: at.toDateString() === now.toDateString() };
}

/** What the marketplace said of the client, as facts for one line (keys under agents.proposals.client). */
export type ClientFact =
  | { key: 'verified' }
  | { key: 'unverified' }
  | { key: 'rating'; rating: number }
  | { key: 'spent'; usd: number }
  | { key: 'hires'; count: number }
  | { key: 'country'; country: string };

export function clientFacts(client: JobItem['client']): ClientFact[] {
  if (!client) return [];
  const facts: ClientFact[] = [];
  if (client.paymentVerified === true) facts.push({ key: 'verified' });
  if (client.paymentVerified === false) facts.push({ key: 'unverified' });
  if (client.rating !== null && client.rating > 0) facts.push({ key: 'rating', rating: client.rating });
  if (client.totalSpentUsd !== null && client.totalSpentUsd > 0) facts.push({ key: 'spent', usd: client.totalSpentUsd });
  if (client.hires !== null && client.hires > 0) facts.push({ key: 'hires', count: client.hires });
  if (client.country) facts.push({ key: 'country', country: client.country });
  return facts;
}

/**
 * The client's facts as the proposal screens say them (the card and the review): each in the
 * reader's language, money compact in US dollars. `t` is the screen's translator.
 */
export function clientFactTexts(
  client: JobItem['client'],
  t: (key: string, vars?: Record<string, unknown>) => string,
  language: string,
): string[] {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
  return clientFacts(client).map((fact) => {
    switch (fact.key) {
      case 'verified':
        return t('agents.proposals.client.verified');
      case 'unverified':
        return t('agents.proposals.client.unverified');
      case 'rating':
        return t('agents.proposals.client.rating', { rating: fact.rating.toFixed(1) });
      case 'spent':
        return t('agents.proposals.client.spent', { amount: money.format(fact.usd) });
      case 'hires':
        return t('agents.proposals.client.hires', { count: fact.count });
      case 'country':
        return fact.country;
    }
  });
}
