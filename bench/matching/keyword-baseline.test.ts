import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseJob } from '@shared/scoring';
import { makeJob } from '@shared/matching/job-fixture';
import { keywordRateRank } from './keyword-baseline';
import { HELD_OUT_SETS, loadBenchSet } from './load';

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
  it('load through the adapters: twenty tuning profiles, eleven held-out sets apart, hard cases of every kind', () => {
    const set = loadBenchSet(path.join(__dirname, 'labelled'));
    const helds = HELD_OUT_SETS.map((dir) => loadBenchSet(path.join(__dirname, dir)));
    expect(set.profiles.length).toBeGreaterThanOrEqual(20);
    expect(set.jobs.length).toBeGreaterThanOrEqual(40 * set.profiles.length);
    for (const held of helds) expect(held.profiles.length).toBeGreaterThanOrEqual(5);
    // The held-out profiles are not the tuning ones, nor each other's, and no job is in two sets.
    const ids = [set, ...helds].flatMap((s) => s.profiles.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
    const jobIds = [set, ...helds].flatMap((s) => s.jobs.map((j) => j.id));
    expect(new Set(jobIds).size).toBe(jobIds.length);
    for (const s of [set, ...helds]) {
      const kinds = [...s.kinds.values()];
      for (const kind of kinds) expect(kind).toMatch(/^(scam:\w+|scope|wrongTrade|lowRate|hardPositive)$/);
      expect(kinds.filter((k) => k !== 'hardPositive').length).toBeGreaterThanOrEqual(s.jobs.length / 4);
      for (const kind of ['scope', 'wrongTrade', 'lowRate', 'hardPositive']) expect(kinds).toContain(kind);
    }
  });
});
