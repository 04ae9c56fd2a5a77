import { describe, expect, it } from 'vitest';
import type { AgentRun } from '@shared/schemas/agent-run';
import { FILTER_RULES } from '@shared/schemas/job';
import en from '../../../../locales/en.json';
import ar from '../../../../locales/ar.json';
import { groupedJobs, runLine, skipText } from './run-history';

const catalogue =
  (messages: object) =>
  (key: string, values: Record<string, unknown> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    if (typeof text !== 'string') throw new Error(`missing key ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
const english = catalogue(en);
const arabic = catalogue(ar);
const format = { number: (n: number) => String(n), usd: (n: number) => `$${n}` };

const run: AgentRun = {
  id: 'r1',
  agentId: 'a1',
  at: '2026-11-18T09:00:00.000Z',
  manual: false,
  counts: { found: 4, clientFiltered: 1, queued: 0, drafts: 1, flagged: 1, failed: 0, returned: 0, poorMatch: 1, overCap: 1, quota: 0 },
  jobs: [
    { externalId: '1', title: 'React dashboard', url: 'https://x.test/1', score: 82, outcome: 'drafted', skip: null },
    { externalId: '2', title: 'Crypto wallet', url: 'https://x.test/2', score: 77, outcome: 'flagged', skip: null },
    { externalId: '3', title: 'Vue app', url: 'https://x.test/3', score: 70, outcome: 'skipped', skip: { code: 'overCap' } },
    { externalId: '4', title: 'Logo', url: 'https://x.test/4', score: 12, outcome: 'skipped', skip: { code: 'belowFloor', floor: 55 } },
    {
      externalId: '5',
      title: 'Site fix',
      url: 'https://x.test/5',
      score: null,
      outcome: 'skipped',
      skip: { code: 'client', filter: 'paymentVerified', value: null },
    },
  ],
};

describe('a run as the Runs tab shows it', () => {
  it('groups its jobs (kept, held, skipped) and says why each skipped one was', () => {
    expect(groupedJobs(run).map((g) => [g.group, g.jobs.map((j) => j.externalId)])).toEqual([
      ['kept', ['1']],
      ['flagged', ['2']],
      ['skipped', ['3', '4', '5']],
    ]);
    const skipped = run.jobs.filter((j) => j.skip).map((j) => skipText(j.skip!, english, format));
    expect(skipped).toEqual([
      "Over today's limit: kept for a later run",
      'Match under your minimum of 55',
      "Client's payment method not verified",
    ]);
    expect(skipText({ code: 'client', filter: 'spent', value: 120 }, english, format)).toBe('Client has spent $120, under your minimum');
    expect(skipText({ code: 'filtered', rule: 'type' }, arabic, format)).toBe(arabic('agents.runs.skip.filtered.type'));
    // Every rule that rules a job out says so, in English and in Arabic (a missing key throws).
    for (const rule of FILTER_RULES) {
      expect(skipText({ code: 'filtered', rule }, english, format)).not.toBe('');
      expect(skipText({ code: 'filtered', rule }, arabic, format)).not.toBe('');
    }
    expect(skipText({ code: 'filtered', rule: 'wordRateBelow' }, english, format)).toBe('Pays a word rate under your hourly minimum');
  });

  it('counts the client-filtered jobs among those found and skipped; a run that did nothing says why', () => {
    expect(runLine(run, english)).toBe('Found 5 · drafted 1 · queued 0 · held 1 · skipped 3 · failed 0');
    const idle: AgentRun = { ...run, jobs: [], counts: { ...run.counts, skipped: 'cap_reached' } };
    expect(runLine(idle, english)).toBe("Today's proposal limit is reached.");
  });
});
