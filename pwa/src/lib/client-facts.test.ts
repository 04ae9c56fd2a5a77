import { describe, expect, it } from 'vitest';
import { clientFacts, clientFactTexts } from './client-facts';

const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

describe("the client's facts", () => {
  it('lists what the marketplace said of the client, leaving out what it did not say', () => {
    expect(clientFacts({ paymentVerified: true, rating: 4.8, totalSpentUsd: 12000, country: 'Germany', hires: 7 })).toEqual([
      { key: 'verified' },
      { key: 'rating', rating: 4.8 },
      { key: 'spent', usd: 12000 },
      { key: 'hires', count: 7 },
      { key: 'country', country: 'Germany' },
    ]);
    expect(clientFacts({ paymentVerified: false, rating: null, totalSpentUsd: 0, country: null, hires: null })).toEqual([
      { key: 'unverified' },
    ]);
    expect(clientFacts(null)).toEqual([]);
  });

  it('says each fact in the reader’s language, leaving out what the screen shows elsewhere', () => {
    const client = { paymentVerified: true, rating: 4.85, totalSpentUsd: 12500, country: 'Germany', hires: 7 };
    expect(clientFactTexts(client, t, 'en')).toEqual([
      'clientFacts.verified',
      'clientFacts.rating {"rating":"4.8"}',
      'clientFacts.spent {"amount":"$12.5K"}',
      'clientFacts.hires {"count":7}',
      'Germany',
    ]);
    expect(clientFactTexts(client, t, 'en', ['country'])).not.toContain('Germany');
  });
});
