import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ScoredJob } from '@shared/schemas/job';
import { JobCard } from './JobCard';

const en = JSON.parse(readFileSync(new URL('../../../../locales/en.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const upworkJob: ScoredJob = {
  id: 'upwork:1',
  platform: 'upwork',
  externalId: '1',
  title: 'React dashboard',
  description: 'Build a dashboard.',
  url: 'https://www.upwork.com/jobs/~01',
  type: 'fixed',
  currency: 'USD',
  minBudget: 500,
  maxBudget: 500,
  budgetUsd: 500,
  skills: ['React'],
  experienceLevel: null,
  duration: null,
  datePosted: '2026-11-25T08:00:00.000Z',
  clientName: null,
  clientLocation: 'Berlin, Germany',
  logoUrl: null,
  client: { paymentVerified: true, rating: 4.9, totalSpentUsd: 12500, country: 'Germany', hires: 7, jobsPosted: 9 },
  bidCount: 3,
  matchScore: 80,
  matchReason: '',
  matchFactors: [],
  riskFlags: [],
  status: 'new',
};

async function clientLine(job: ScoredJob): Promise<string> {
  const i18n = createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <JobCard job={job} now={Date.parse('2026-11-25T10:00:00.000Z')} />
    </I18nextProvider>,
  );
  const match = /<dt[^>]*>Client:<\/dt><dd[^>]*><bdi>([^<]*)<\/bdi>/.exec(html);
  if (!match) throw new Error(`no client line in ${html}`);
  return match[1]!;
}

describe('JobCard', () => {
  it('says what Upwork tells of a client it does not name, the country once (in the location)', async () => {
    expect(await clientLine(upworkJob)).toBe('Payment verified · Rated 4.9 · $12.5K spent · Hires: 7');
  });

  it('names a Freelancer.com client and adds what is known of them', async () => {
    const job: ScoredJob = {
      ...upworkJob,
      id: 'freelancer:2',
      platform: 'freelancer',
      clientName: 'Acme Ltd',
      clientLocation: null,
      client: { paymentVerified: false, rating: null, totalSpentUsd: null, country: 'India', hires: null },
    };
    expect(await clientLine(job)).toBe('Acme Ltd · Payment not verified · India');
  });

  it('says plainly that nothing is known when the marketplace said nothing', async () => {
    const job: ScoredJob = {
      ...upworkJob,
      clientLocation: null,
      client: { paymentVerified: null, rating: null, totalSpentUsd: null, country: null, hires: null },
    };
    expect(await clientLine(job)).toBe('No details given');
  });
});
