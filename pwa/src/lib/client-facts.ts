import type { JobClient } from '@shared/schemas/job';

/** What the marketplace said of the client, as facts for one line (keys under `clientFacts`). */
export type ClientFact =
  | { key: 'verified' }
  | { key: 'unverified' }
  | { key: 'rating'; rating: number }
  | { key: 'spent'; usd: number }
  | { key: 'hires'; count: number }
  | { key: 'country'; country: string };

/** The facts the marketplace gave (a zero rating, spend or hire count says nothing, so it is left out). */
export function clientFacts(client: JobClient | null | undefined): ClientFact[] {
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
 * The client's facts as every screen says them (a job card of the search, a proposal card, the
 * review): each in the reader's language, money compact in US dollars. `t` is the screen's
 * translator; `omit` leaves out facts the screen already shows elsewhere (the card's location).
 */
export function clientFactTexts(
  client: JobClient | null | undefined,
  t: (key: string, vars?: Record<string, unknown>) => string,
  language: string,
  omit: readonly ClientFact['key'][] = [],
): string[] {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
  return clientFacts(client)
    .filter((fact) => !omit.includes(fact.key))
    .map((fact) => {
      switch (fact.key) {
        case 'verified':
          return t('clientFacts.verified');
        case 'unverified':
          return t('clientFacts.unverified');
        case 'rating':
          return t('clientFacts.rating', { rating: fact.rating.toFixed(1) });
        case 'spent':
          return t('clientFacts.spent', { amount: money.format(fact.usd) });
        case 'hires':
          return t('clientFacts.hires', { count: fact.count });
        case 'country':
          return fact.country;
      }
    });
}
