import { describe, expect, it } from 'vitest';
import { dashboardCards, dashboardStats, funnelOf, inLocalMonth, ratesOf, type StatAgent, type StatItem } from './dashboard-stats';

const agent = (id: string, over: Partial<StatAgent> = {}): StatAgent => ({
  id,
  name: `Agent ${id}`,
  status: 'active',
  jobsFound: 0,
  promptTemplate: 'custom',
  ...over,
});
const item = (over: Partial<StatItem> = {}): StatItem => ({
  agentId: 'a',
  status: 'draft',
  outcome: null,
  sentAt: null,
  proposalRequirements: 'Dear client',
  ...over,
});
/** A local time, as the ISO string the server sends. */
const local = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).toISOString();

describe('inLocalMonth', () => {
  const now = new Date(2026, 2, 15, 10);
  it.each([
    ['the first moment of the month', local(2026, 2, 1, 0), true],
    ['the last day of the month', new Date(2026, 2, 31, 23, 59).toISOString(), true],
    ['the month before', new Date(2026, 1, 28, 23, 59).toISOString(), false],
    ['the same month a year before', local(2025, 2, 15), false],
    ['the next month', local(2026, 3, 1, 0), false],
    ['no time', null, false],
    ['a broken time', 'not a date', false],
  ])('%s', (_label, iso, expected) => {
    expect(inLocalMonth(iso, now)).toBe(expected);
  });
});

describe('dashboardCards', () => {
  const now = new Date(2026, 2, 15);
  it.each<[string, StatAgent[], StatItem[], ReturnType<typeof dashboardCards>]>([
    ['nothing yet', [], [], { activeAgents: 0, sentThisMonth: 0, coverLetters: 0, jobsFound: 0 }],
    [
      'active agents only, jobs found summed',
      [agent('a', { jobsFound: 7 }), agent('b', { status: 'paused', jobsFound: 3 })],
      [],
      { activeAgents: 1, sentThisMonth: 0, coverLetters: 0, jobsFound: 10 },
    ],
    [
      'sent this month counts completed items sent in the local month only',
      [agent('a')],
      [
        item({ status: 'completed', sentAt: local(2026, 2, 2) }),
        item({ status: 'completed', sentAt: local(2026, 1, 27) }),
        item({ status: 'completed', sentAt: null }),
        item({ status: 'failed', sentAt: local(2026, 2, 3) }),
      ],
      { activeAgents: 1, sentThisMonth: 1, coverLetters: 4, jobsFound: 0 },
    ],
    [
      'cover letters are the letters written and kept (as the quota counts them): not discarded, not never written',
      [agent('a')],
      [
        item({ status: 'draft' }),
        item({ status: 'processing' }),
        item({ status: 'processing', proposalRequirements: null }),
        item({ status: 'completed' }),
        item({ status: 'failed' }),
        item({ status: 'failed', proposalRequirements: null }),
        item({ status: 'skipped' }),
      ],
      { activeAgents: 1, sentThisMonth: 0, coverLetters: 4, jobsFound: 0 },
    ],
  ])('%s', (_label, agents, items, expected) => {
    expect(dashboardCards(agents, items, now)).toEqual(expected);
  });
});

describe('funnelOf', () => {
  it.each<[string, StatItem[], ReturnType<typeof funnelOf>]>([
    ['no items', [], { found: 12, matched: 0, written: 0, sent: 0, replied: 0, interview: 0, hired: 0 }],
    [
      'every step counts the later ones, outcomes only on sent items',
      [
        item({ status: 'skipped' }),
        item({ status: 'failed', proposalRequirements: null }),
        item({ status: 'draft' }),
        item({ status: 'processing', outcome: 'hired' }),
        item({ status: 'completed' }),
        item({ status: 'completed', outcome: 'viewed' }),
        item({ status: 'completed', outcome: 'lost' }),
        item({ status: 'completed', outcome: 'replied' }),
        item({ status: 'completed', outcome: 'interview' }),
        item({ status: 'completed', outcome: 'hired' }),
      ],
      { found: 12, matched: 10, written: 8, sent: 6, replied: 3, interview: 2, hired: 1 },
    ],
  ])('%s', (_label, items, expected) => {
    expect(funnelOf([agent('a', { jobsFound: 12 })], items)).toEqual(expected);
  });
});

describe('ratesOf', () => {
  it('gives each rate with its counts and a 95 % Wilson interval, and nulls when nothing was sent', () => {
    expect(ratesOf({ sent: 0, replied: 0, interview: 0, hired: 0 })).toEqual({
      sent: 0,
      replied: { successes: 0, trials: 0, rate: null, low: null, high: null },
      interview: { successes: 0, trials: 0, rate: null, low: null, high: null },
      won: { successes: 0, trials: 0, rate: null, low: null, high: null },
    });
    const rates = ratesOf({ sent: 4, replied: 1, interview: 1, hired: 0 });
    expect(rates.replied).toMatchObject({ successes: 1, trials: 4, rate: 0.25 });
    expect(rates.replied.low).toBeCloseTo(0.0456, 3);
    expect(rates.replied.high).toBeCloseTo(0.6994, 3);
    expect(rates.won).toMatchObject({ successes: 0, rate: 0, low: 0 });
  });
});

describe('outcomes read from the marketplace', () => {
  it('count like the user’s marks, a polled reply counts even when the job was lost later, and a manual mark is taken as given', () => {
    const funnel = funnelOf(
      [],
      [
        item({ status: 'completed', outcome: 'replied', outcomeSource: 'marketplace', repliedAt: '2026-03-02T10:00:00Z' }),
        item({ status: 'completed', outcome: 'lost', outcomeSource: 'marketplace', repliedAt: '2026-03-02T10:00:00Z' }),
        item({ status: 'completed', outcome: 'lost', outcomeSource: 'manual', repliedAt: '2026-03-02T10:00:00Z' }),
        item({ status: 'completed', outcome: 'hired', outcomeSource: 'marketplace', repliedAt: null }),
      ],
    );
    expect(funnel).toMatchObject({ sent: 4, replied: 3, interview: 1, hired: 1 });
  });
});

describe('dashboardStats', () => {
  const rate = (rates: ReturnType<typeof ratesOf>) => [rates.sent, rates.replied.rate, rates.interview.rate, rates.won.rate];

  it('splits by agent, by the template each proposal was written from, and by marketplace; the overall funnel keeps the items of deleted agents', () => {
    const agents = [
      agent('a', { jobsFound: 10, promptTemplate: 'web_development', platform: 'upwork' }),
      agent('b', { jobsFound: 5, promptTemplate: 'custom', status: 'paused', platform: 'freelancer' }),
      agent('c', { jobsFound: 2, promptTemplate: 'web_development', platform: 'freelancer' }),
    ];
    const items = [
      item({ agentId: 'a', status: 'completed', outcome: 'replied', platform: 'upwork', promptTemplate: 'web_development' }),
      item({ agentId: 'a', status: 'completed', platform: 'upwork', promptTemplate: 'custom' }),
      item({ agentId: 'b', status: 'completed', outcome: 'hired', platform: 'freelancer' }),
      item({ agentId: 'c', status: 'completed', outcome: 'interview', platform: 'freelancer', promptTemplate: 'web_development' }),
      item({ agentId: 'c', status: 'draft', platform: 'freelancer' }),
      item({ agentId: 'gone', status: 'completed', platform: 'upwork' }),
      item({ agentId: null, status: 'completed', outcome: 'lost' }),
    ];
    const stats = dashboardStats(agents, items, new Date(2026, 2, 15));
    expect(stats.overall).toEqual({ found: 17, matched: 7, written: 7, sent: 6, replied: 3, interview: 2, hired: 1 });
    expect(rate(stats.overallRates)).toEqual([6, 0.5, 2 / 6, 1 / 6]);
    expect(stats.perAgent.map((one) => [one.agentId, one.name, one.funnel.matched, ...rate(one.rates)])).toEqual([
      ['a', 'Agent a', 2, 2, 0.5, 0, 0],
      ['b', 'Agent b', 1, 1, 1, 1, 1],
      ['c', 'Agent c', 2, 1, 1, 1, 0],
    ]);
    expect(stats.perAgent[0]!.funnel.found).toBe(10);
    // A proposal counts for its own template; one without a record counts for its agent's.
    expect(stats.perTemplate.map((row) => [row.template, row.agents, ...rate(row.rates)])).toEqual([
      ['web_development', 2, 2, 1, 0.5, 0],
      ['custom', 2, 2, 0.5, 0.5, 0.5],
    ]);
    expect(stats.perPlatform.map((row) => [row.platform, ...rate(row.rates)])).toEqual([
      ['upwork', 3, 1 / 3, 0, 0],
      ['freelancer', 2, 1, 1, 0.5],
    ]);
    expect(stats.cards).toEqual({ activeAgents: 2, sentThisMonth: 0, coverLetters: 7, jobsFound: 17 });
  });

  it('an agent without items has an empty funnel and no rates', () => {
    const stats = dashboardStats([agent('a', { jobsFound: 4 })], [], new Date());
    expect(stats.perAgent[0]).toMatchObject({
      funnel: { found: 4, matched: 0, sent: 0 },
      rates: { sent: 0, replied: { rate: null }, won: { rate: null } },
    });
    expect(stats.perTemplate.map((row) => [row.template, row.agents, row.rates.sent])).toEqual([['custom', 1, 0]]);
  });
});
