import { describe, expect, it } from 'vitest';
import { parseSearchParams, searchProjects } from '../freelancer/sandbox/search';
import {
  ACTIVE_DAYS,
  bidStats,
  findProject,
  generateProject,
  latestIndex,
  POST_INTERVAL_MS,
  postedProjects,
  projectIndex,
  SANDBOX_EPOCH_MS,
} from './projects';
import { hasTerm, searchText } from './text-search';
import { matchesExpression, searchJobs } from '../upwork/sandbox/search';

const NOW = Date.parse('2026-01-05T09:00:00Z');
const params = (query: string) => parseSearchParams(new URL(`http://x/?${query}`));

describe('project generator', () => {
  it('is deterministic: project k is the same whenever it is asked for', () => {
    const a = generateProject('freelancer', 104_321);
    const b = JSON.parse(JSON.stringify(generateProject('freelancer', 104_321)));
    expect(JSON.parse(JSON.stringify(a))).toEqual(b);
    expect(generateProject('upwork', 104_321).title).not.toBe(undefined);
    expect(projectIndex('freelancer', a.id)).toBe(104_321);
    expect(projectIndex('upwork', generateProject('upwork', 104_321).id)).toBe(104_321);
    expect(projectIndex('upwork', generateProject('upwork', 104_321).ciphertext)).toBe(104_321);
  });

  it('posts one project every interval, and shows the last 14 days', () => {
    const list = postedProjects('freelancer', NOW);
    expect(list).toHaveLength((ACTIVE_DAYS * 86_400_000) / POST_INTERVAL_MS);
    expect(list[0]!.postedAt).toBeLessThanOrEqual(NOW);
    expect(list[0]!.postedAt).toBe(SANDBOX_EPOCH_MS + latestIndex(NOW) * POST_INTERVAL_MS);
    expect(list.every((p, i) => i === 0 || p.postedAt < list[i - 1]!.postedAt)).toBe(true);
    const later = postedProjects('freelancer', NOW + POST_INTERVAL_MS);
    expect(later[0]!.k).toBe(list[0]!.k + 1);
    expect(later[1]!.id).toBe(list[0]!.id);
    expect(findProject('freelancer', String(Number(list[0]!.id) + 1), NOW)).toBeNull(); // not posted yet
  });

  it('gives realistic, varied projects', () => {
    const list = postedProjects('freelancer', NOW).slice(0, 2000);
    const categories = new Set(list.map((p) => p.category.name));
    const currencies = new Set(list.map((p) => p.currency.code));
    const countries = new Set(list.map((p) => p.client.country.code));
    expect(categories.size).toBe(6);
    expect([...currencies].sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'INR', 'USD']);
    expect(list.filter((p) => p.currency.code === 'USD').length).toBeGreaterThan(list.length / 2);
    expect(countries.size).toBeGreaterThanOrEqual(15);
    expect(new Set(list.map((p) => p.type))).toEqual(new Set(['fixed', 'hourly']));
    expect(new Set(list.map((p) => p.client.paymentVerified))).toEqual(new Set([true, false]));
    for (const p of list.slice(0, 50)) {
      expect(p.description.split(/[.!?]\s/).length).toBeGreaterThanOrEqual(3);
      expect(p.skills.length).toBeGreaterThanOrEqual(2);
      expect(p.budgetMin).toBeGreaterThan(0);
      expect(p.client.rating).toBeGreaterThanOrEqual(0);
      expect(p.client.rating).toBeLessThanOrEqual(5);
    }
    const inr = list.find((p) => p.currency.code === 'INR')!;
    expect(inr.budgetMin).toBeGreaterThan(inr.budgetMinUsd * 10); // amounts are in the project's currency
  });
});

describe('Freelancer search filters', () => {
  const list = postedProjects('freelancer', NOW);

  it('matches all query terms, or any with or_search_query', () => {
    const all = searchProjects(list, params('query=react%20stripe&limit=100'), NOW);
    const any = searchProjects(list, params('query=react%20stripe&or_search_query=true&limit=100'), NOW);
    expect(all.total).toBeGreaterThan(0);
    expect(any.total).toBeGreaterThan(all.total);
    for (const p of all.page) expect(p.text.set.has('react') && p.text.set.has('stripe')).toBe(true);
    for (const p of any.page) expect(p.text.set.has('react') || p.text.set.has('stripe')).toBe(true);
  });

  it('finds, through its word index, every project a scan of the whole catalogue finds, in the same order', () => {
    // A copy of the list has no index yet; the scan is what the search did before the index.
    for (const query of ['react', 'react stripe', '"react native"', 'logo design', 'seo', 'php laravel', 'c++', 'node.js', 'zzz-none']) {
      for (const or of [false, true]) {
        const words = (query.match(/"[^"]+"|\S+/g) ?? []).map((t) => t.replace(/"/g, ''));
        const scanned = list.filter((p) => (or ? words.some((w) => hasTerm(p.text, w)) : words.every((w) => hasTerm(p.text, w))));
        const found = searchProjects(
          [...list],
          params(`query=${encodeURIComponent(query)}&limit=100${or ? '&or_search_query=true' : ''}`),
          NOW,
        );
        expect(found.total, `${query}${or ? ' (any)' : ''}`).toBe(scanned.length);
        const ids = new Set(scanned.map((p) => p.id));
        expect(found.page.every((p) => ids.has(p.id))).toBe(true);
        // Equal relevance keeps the list's order (newest first), as the scan did.
        const newestFirst = scanned.slice(0, 100).map((p) => p.id);
        expect(
          searchProjects(
            [...list],
            params(
              `query=${encodeURIComponent(query)}&limit=100&sort_field=bid_enddate&reverse_sort=true${or ? '&or_search_query=true' : ''}`,
            ),
            NOW,
          ).page.map((p) => p.id),
        ).toEqual(newestFirst);
      }
    }
  });

  it('matches whole words, as a search engine does: java is not javascript, react finds React.js', () => {
    const java = searchProjects(list, params('query=java&limit=100'), NOW);
    for (const p of java.page) expect(p.text.set.has('java')).toBe(true);
    expect(java.page.some((p) => p.skills.some((s) => s.name === 'JavaScript') && !p.text.set.has('java'))).toBe(false);
    const react = searchProjects(list, params('query=react&limit=100'), NOW);
    expect(react.page.some((p) => p.skills.some((s) => s.name === 'React.js'))).toBe(true);
    const phrase = searchProjects(list, params('query=%22react%20native%22&limit=100'), NOW);
    expect(phrase.total).toBeGreaterThan(0);
    for (const p of phrase.page) expect(hasTerm(p.text, 'react native')).toBe(true);
  });

  it('honours jobs, types, prices (USD), hourly rates, countries, languages and times', () => {
    const r1 = searchProjects(list, params('jobs[]=13&jobs[]=759&project_types[]=fixed&min_price=500&max_price=2000&limit=100'), NOW);
    expect(r1.total).toBeGreaterThan(0);
    for (const p of r1.page) {
      expect(p.skills.some((s) => s.id === 13 || s.id === 759)).toBe(true);
      expect(p.type).toBe('fixed');
      expect(p.budgetMaxUsd === null || p.budgetMaxUsd >= 500).toBe(true);
      expect(p.budgetMinUsd).toBeLessThanOrEqual(2000);
    }
    const r2 = searchProjects(
      list,
      params('project_types[]=hourly&min_hourly_rate=40&countries[]=de&countries[]=fr&languages[]=de&languages[]=fr&limit=100'),
      NOW,
    );
    expect(r2.total).toBeGreaterThan(0);
    for (const p of r2.page) {
      expect(p.type).toBe('hourly');
      expect(p.budgetMaxUsd!).toBeGreaterThanOrEqual(40);
      expect(['de', 'fr']).toContain(p.client.country.code);
      expect(['de', 'fr']).toContain(p.language);
    }
    const from = Math.floor((NOW - 3_600_000) / 1000);
    const r3 = searchProjects(list, params(`from_time=${from}&limit=100`), NOW);
    expect(r3.total).toBe(13); // posted at -60, -55, … , -0 minutes
    const to = Math.floor((NOW - 13 * 86_400_000) / 1000);
    expect(searchProjects(list, params(`to_time=${to}&limit=5`), NOW).page.every((p) => p.postedAt <= to * 1000)).toBe(true);
  });

  it('sorts by time_updated (reverse_sort: newest first), caps limit at 100 and pages with offset', () => {
    const newest = searchProjects(list, params('sort_field=time_updated&reverse_sort=true&limit=500'), NOW);
    expect(newest.page).toHaveLength(100);
    expect(newest.page[0]!.k).toBeGreaterThan(newest.page[99]!.k);
    const oldest = searchProjects(list, params('sort_field=time_updated&limit=3'), NOW);
    expect(oldest.page[0]!.k).toBeLessThan(newest.page[0]!.k - 3000);
    const second = searchProjects(list, params('sort_field=time_updated&reverse_sort=true&limit=10&offset=10'), NOW);
    expect(second.page[0]!.id).toBe(newest.page[10]!.id);
  });

  it('honours the average-bid bounds (USD), each for its own project type', () => {
    const r = searchProjects(list, params('min_avg_price=800&max_avg_hourly_rate=20&limit=100'), NOW);
    expect(r.total).toBeGreaterThan(0);
    for (const p of r.page) {
      const avgUsd = bidStats(p, NOW).avg * p.currency.exchange_rate;
      if (p.type === 'fixed') expect(avgUsd).toBeGreaterThanOrEqual(800);
      else expect(avgUsd).toBeLessThanOrEqual(20);
    }
  });

  it('refuses malformed numbers', () => {
    expect(() => params('min_price=abc')).toThrow(/min_price/);
    expect(() => params('project_types[]=contest')).toThrow(/project type/);
  });
});

describe('Upwork search filters', () => {
  const list = postedProjects('upwork', NOW);

  it('understands a partial Lucene expression', () => {
    const t = searchText;
    expect(matchesExpression(t('react and node developer'), 'react node')).toBe(true);
    expect(matchesExpression(t('react developer'), 'react node')).toBe(false);
    expect(matchesExpression(t('vue developer'), 'react OR vue')).toBe(true);
    expect(matchesExpression(t('react developer'), 'react -wordpress')).toBe(true);
    expect(matchesExpression(t('react wordpress'), 'react NOT wordpress')).toBe(false);
    expect(matchesExpression(t('a landing page'), '"landing page"')).toBe(true);
    expect(matchesExpression(t('a page for landing'), '"landing page"')).toBe(false);
    expect(matchesExpression(t('JavaScript developer'), 'java')).toBe(false);
  });

  it('matches searchTerm_eq terms as words or phrases: all, any, exact, none', () => {
    const any = searchJobs(
      list,
      { searchTerm_eq: { orTerms_any: ['react native', 'flutter'] }, pagination_eq: { first: 50 } },
      'RECENCY',
      NOW,
    );
    expect(any.total).toBeGreaterThan(0);
    for (const p of any.page) expect(hasTerm(p.text, 'react native') || hasTerm(p.text, 'flutter')).toBe(true);
    const none = searchJobs(
      list,
      { searchTerm_eq: { orTerms_any: ['react'], excludeTerms_any: ['react native'] }, pagination_eq: { first: 50 } },
      'RECENCY',
      NOW,
    );
    for (const p of none.page) expect(hasTerm(p.text, 'react') && !hasTerm(p.text, 'react native')).toBe(true);
    const all = searchJobs(list, { searchTerm_eq: { andTerms_all: ['react', 'stripe'] }, pagination_eq: { first: 50 } }, 'RECENCY', NOW);
    for (const p of all.page) expect(hasTerm(p.text, 'react') && hasTerm(p.text, 'stripe')).toBe(true);
  });

  it('honours type, experience, duration, rate, budget, payment, days posted and pagination', () => {
    const hourly = searchJobs(
      list,
      {
        jobType_eq: 'HOURLY',
        experienceLevel_eq: 'EXPERT',
        duration_any: ['MONTH', 'QUARTER'],
        hourlyRate_eq: { rangeStart: 30, rangeEnd: 60 },
        verifiedPaymentOnly_eq: true,
        pagination_eq: { first: 100 },
      },
      'RECENCY',
      NOW,
    );
    expect(hourly.page).toHaveLength(50);
    for (const p of hourly.page) {
      expect(p.type).toBe('hourly');
      expect(p.experienceLevel).toBe('EXPERT');
      expect(['MONTH', 'QUARTER']).toContain(p.duration);
      expect(p.budgetMaxUsd!).toBeGreaterThanOrEqual(30);
      expect(p.budgetMinUsd).toBeLessThanOrEqual(60);
      expect(p.client.paymentVerified).toBe(true);
    }
    const fixed = searchJobs(
      list,
      {
        jobType_eq: 'FIXED',
        budgetRange_eq: { rangeStart: 500, rangeEnd: 1500 },
        daysPosted_eq: 1,
        pagination_eq: { first: 50, after: '5' },
      },
      'RECENCY',
      NOW,
    );
    expect(fixed.offset).toBe(5);
    for (const p of fixed.page) {
      expect(p.budgetMinUsd).toBeGreaterThanOrEqual(500);
      expect(p.budgetMinUsd).toBeLessThanOrEqual(1500);
      expect(NOW - p.postedAt).toBeLessThanOrEqual(86_400_000);
    }
    expect(() => searchJobs(list, { pagination_eq: { first: 10, after: 'abc' } }, 'RECENCY', NOW)).toThrow(/cursor/);
  });
});
