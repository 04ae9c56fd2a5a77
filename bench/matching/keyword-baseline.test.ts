import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseJob } from '@shared/scoring';
import { makeJob } from '@shared/matching/job-fixture';
import { keywordRateRank } from './keyword-baseline';
import { loadBenchSet } from './load';

const profile = {
  id: 'p',
  name: 'React dev',
  title: 'React developer',
  skills: ['react', 'typescript'],
  minHourlyUsd: 40,
  minFixedUsd: 300,
};

describe('the keyword-plus-rate baseline', () => {
  it('ranks by keywords found and drops jobs outside the rates or with none', () => {
    const jobs = [
      makeJob({ id: 'one', title: 'React widget', description: 'A small fix.' }),
      makeJob({ id: 'two', title: 'React and TypeScript dashboard', description: 'Charts.' }),
      makeJob({ id: 'cheap', title: 'React and TypeScript app', minBudget: 50, maxBudget: 80, budgetUsd: 65 }),
      makeJob({ id: 'other', title: 'Bookkeeping in Xero', description: 'Monthly reconciliations.' }),
    ].map(analyseJob);
    expect(keywordRateRank(jobs, profile).map((j) => j.id)).toEqual(['two', 'one']);
  });
});

describe('the labelled sets', () => {
  it('load through the adapters, every hard case with a known kind', () => {
    const set = loadBenchSet(path.join(__dirname, 'labelled'));
    expect(set.profiles.length).toBeGreaterThanOrEqual(6);
    expect(set.jobs.length).toBeGreaterThan(300);
    for (const kind of set.kinds.values()) expect(kind).toMatch(/^(scam:\w+|scope|wrongTrade|lowRate|hardPositive)$/);
  });
});
