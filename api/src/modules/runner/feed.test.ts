import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '@shared/matching/job-fixture';
import type { SearchCriteria } from '@shared/schemas/job';
import type { SearchPage } from '../marketplaces/types';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { toAgentDto } from '../agents/agents';
import { freelancerLanes } from '../marketplaces/freelancer/adapter';
import { callsThisHour } from '../marketplaces/call-budget';
import { agentCriteria } from './criteria';
import { insideSearchFilters, SharedFeed, sharedQueryKey } from './feed';
import { Runner } from './runner';
import { DEFAULT_SCAN_EVERY_MS } from './schedule';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

/** Freelancer.com project searches that reached the sandbox over HTTP. */
const freelancerSearches = () => f.state.requests.filter((r) => r.startsWith('freelancer GET /projects/0.1/projects/active/'));
const upworkSearches = () => f.state.requests.filter((r) => r.startsWith('upwork POST /graphql marketplaceJobPostingsSearch'));

/** Three queries; every agent of one query has its own filters (types, budgets, window, clients). */
const QUERIES = [
  { title: 'React developer', skills: ['React'] },
  { title: 'Logo design', skills: ['Logo Design'] },
  { title: 'SEO specialist', skills: ['SEO'] },
];
const FILTERS: Array<Record<string, unknown>> = [
  {},
  { freelancerIsHourly: false, freelancerIsFixed: true, freelancerMinBudget: 300 },
  { freelancerIsHourly: true, freelancerIsFixed: false, freelancerHourlyRateMin: 30, freelancerHourlyRateMax: 60 },
  { datePosted: '24h', freelancerMaxBudget: 400 },
];

/** Ten Freelancer.com agents of four users on the three queries, each with its own filters. */
async function tenAgents(): Promise<string[]> {
  const ids: string[] = [];
  const owners: Array<Awaited<ReturnType<RunnerFixture['userWithAgent']>>> = [];
  for (let n = 0; n < 10; n++) {
    const fields = { ...QUERIES[n % 3], ...FILTERS[n % 4], platform: 'freelancer', sendMode: 'review', emailsPerDay: 10, minMatchScore: 0 };
    if (n < 4) {
      const owner = await f.userWithAgent(fields, { email: `feed.user${n}@gmail.com` });
      owners.push(owner);
      ids.push(owner.agentId);
      continue;
    }
    const { service, userId } = owners[n % 4]!;
    const { agent } = await service.create(userId, fields as never);
    await service.setStatus(userId, agent.id, 'active');
    ids.push(agent.id);
  }
  return ids;
}

async function agentRow(id: string) {
  const { agents } = tablesOf(f.t.db);
  return toAgentDto((await first(f.t.db.select().from(agents).where(eq(agents.id, id))))!);
}

describe('scan once, match many (Freelancer.com: its project search is public)', () => {
  it('ten agents on three distinct queries ask the marketplace once per query per interval, whatever their own filters', async () => {
    await tenAgents();
    const runner = new Runner(f.deps());
    const perQuery = QUERIES.map((q) => freelancerLanes({ ...q, platform: 'freelancer', pageLimit: 1 }).length);
    const oneInterval = perQuery.reduce((a, b) => a + b, 0);
    expect(new Set(QUERIES.map((q) => sharedQueryKey({ ...q, platform: 'freelancer', pageLimit: 1 }))).size).toBe(3);

    const first = await runner.tick();
    expect(first.runs).toHaveLength(10);
    expect(first.runs.every((run) => run.skipped === undefined)).toBe(true);
    // The first interval: once per query, and once more for a query whose agent with a day's window
    // ran before its agent with the default, wider one (the tick's lanes run agents side by side, in
    // no set order; the feed then learns the widest window each query needs: feed.ts).
    const firstInterval = freelancerSearches().length;
    expect(firstInterval).toBeGreaterThanOrEqual(oneInterval);
    expect(firstInterval).toBeLessThanOrEqual(oneInterval + perQuery[0]! + perQuery[1]!);

    // Half an interval on, a Run now-free tick finds nobody due: nothing more is asked.
    f.advance(DEFAULT_SCAN_EVERY_MS / 2);
    await runner.tick();
    expect(freelancerSearches()).toHaveLength(firstInterval);

    // The next interval: every agent searches again, and each query is asked once more, whatever the order.
    f.advance(DEFAULT_SCAN_EVERY_MS / 2 + 1000);
    const second = await runner.tick();
    expect(second.runs.filter((run) => run.skipped === undefined)).toHaveLength(10);
    expect(freelancerSearches()).toHaveLength(firstInterval + oneInterval);
  });

  it('each agent drafts only jobs its own search and filters accept', async () => {
    const ids = await tenAgents();
    const deps = f.deps();
    await new Runner(deps).tick();
    const now = deps.clock.now();
    let drafted = 0;
    for (const id of ids) {
      const agent = await agentRow(id);
      const { jobItems } = tablesOf(f.t.db);
      const items = await f.t.db.select().from(jobItems).where(eq(jobItems.agentId, id));
      drafted += items.length;
      // What the agent's own search (its filters sent to the marketplace) answers now.
      const own = await deps.marketplaces.freelancer.adapter.search(null, agentCriteria(agent, now), 0, 100);
      const ownIds = new Set(own.jobs.map((j) => j.externalId));
      for (const item of items)
        expect(ownIds.has(item.externalId), `${agent.title} ${JSON.stringify(FILTERS[ids.indexOf(id) % 4])} got ${item.externalId}`).toBe(
          true,
        );
    }
    // The shared answers did feed the agents.
    expect(drafted).toBeGreaterThan(10);
  });

  it('Run now still searches for itself, at once', async () => {
    const { agentId } = await f.userWithAgent({ ...QUERIES[0], sendMode: 'review', emailsPerDay: 3 });
    const runner = new Runner(f.deps());
    await runner.tick();
    const before = freelancerSearches().length;
    await runner.runNow(agentId);
    expect(freelancerSearches().length).toBeGreaterThan(before);
  });
});

describe('Upwork: searched per user, counted and bounded by the hour', () => {
  it('agents of two users with the same query search each under their own account', async () => {
    const fields = { title: 'React developer', skills: ['React'], platform: 'upwork', sendMode: 'review', emailsPerDay: 3 };
    await f.userWithAgent(fields, { email: 'up.ada@gmail.com' });
    await f.userWithAgent(fields, { email: 'up.bob@gmail.com' });
    const ada = await f.connect('upwork', 'ada_up');
    const bob = await f.connect('upwork', 'bob_up');
    let turn = 0;
    const session = async () => ({ accessToken: (turn++ % 2 ? bob : ada).accessToken });
    await new Runner(f.deps({ session, userCallsPerHour: { upwork: 100 } })).tick();
    expect(upworkSearches().length).toBeGreaterThanOrEqual(2);
    expect(freelancerSearches()).toHaveLength(0);
  });

  it("stops at the user's hourly ceiling, says so in the run history, and searches again the next hour", async () => {
    const { agentId, userId, token } = await f.userWithAgent({
      title: 'React developer',
      skills: ['React'],
      platform: 'upwork',
      sendMode: 'review',
      emailsPerDay: 20,
    });
    const deps = f.deps({ userCallsPerHour: { upwork: 3 } });
    const runner = new Runner(deps);
    const runs = [];
    for (let n = 0; n < 8; n++) {
      runs.push(...(await runner.tick()).runs);
      f.advance(DEFAULT_SCAN_EVERY_MS);
    }
    const searched = upworkSearches().length;
    // Counted at the wire and in the table alike; the ceiling reached, no search beyond the run that reached it.
    expect(await callsThisHour(deps.store, userId, 'upwork', new Date('2026-11-18T09:10:00Z'))).toBe(searched);
    expect(searched).toBeGreaterThanOrEqual(3);
    const limited = runs.filter((run) => run.skipped === 'call_limit');
    expect(limited).toHaveLength(1);
    expect(limited[0]!.reason).toMatch(/of 3 Upwork calls this hour/);
    expect(Date.parse(limited[0]!.nextRunAt)).toBeGreaterThanOrEqual(Date.parse('2026-11-18T10:00:00Z'));
    const { agentRuns } = tablesOf(f.t.db);
    const history = await f.t.db.select().from(agentRuns).where(eq(agentRuns.agentId, agentId));
    expect(history.some((row) => (row.counts as { skipped?: string }).skipped === 'call_limit')).toBe(true);

    // The next hour: it searches again.
    f.at('2026-11-18T10:01:00Z');
    const later = await runner.tick();
    expect(later.runs.map((run) => run.skipped)).toEqual([undefined]);
    expect(upworkSearches().length).toBeGreaterThan(searched);

    // Settings shows this hour's count and the configured ceiling (the app's default here), for the signed-in user only.
    const shown = await f.t.call('GET', '/api/integrations/upwork/calls', undefined, f.t.auth(token));
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({
      platform: 'upwork',
      hourStart: '2026-11-18T10:00:00.000Z',
      calls: upworkSearches().length - searched,
      ceiling: 60,
    });
    expect((await f.t.call('GET', '/api/integrations/freelancer/calls', undefined, f.t.auth(token))).json).toMatchObject({ ceiling: null });
    expect((await f.t.call('GET', '/api/integrations/fiverr/calls', undefined, f.t.auth(token))).status).toBe(400);
    expect((await f.t.call('GET', '/api/integrations/upwork/calls')).status).toBe(401);
  });
});

const MIN = 60_000;
const T0 = Date.parse('2026-11-18T09:00:00Z');
const criteria = (over: Partial<SearchCriteria> = {}): SearchCriteria => ({
  platform: 'freelancer',
  title: 'React developer',
  skills: ['React'],
  pageLimit: 1,
  postedSince: Math.floor(T0 / 1000) - 86_400,
  ...over,
});

/** A marketplace that answers its asked criteria, counted. */
function market(jobs = [makeJob({ id: '1', platform: 'freelancer' })]) {
  const asked: SearchCriteria[] = [];
  let failNext = false;
  return {
    asked,
    failOnce: () => void (failNext = true),
    ask: async (c: SearchCriteria): Promise<SearchPage> => {
      asked.push(c);
      if (failNext) {
        failNext = false;
        throw new Error('503');
      }
      return { jobs, total: jobs.length, hasMore: false };
    },
  };
}

describe('the shared query', () => {
  it('is the same for the same skills however the agent words or orders them, and differs by skill and language', () => {
    expect(sharedQueryKey(criteria({ title: 'React developer', skills: ['React'] }))).toBe(
      sharedQueryKey(criteria({ title: 'react', skills: ['React'], freelancerMinBudget: 500, freelancerIsHourly: false })),
    );
    expect(sharedQueryKey(criteria())).not.toBe(sharedQueryKey(criteria({ title: 'Logo design', skills: ['Logo Design'] })));
    expect(sharedQueryKey(criteria({ freelancerLanguage: ['en'] }))).not.toBe(sharedQueryKey(criteria({ freelancerLanguage: ['de'] })));
  });
});

describe('SharedFeed', () => {
  it('asks once per query per interval, without the agents own filters, and again once the interval is over', async () => {
    const feed = new SharedFeed(4 * MIN);
    const m = market();
    await feed.page(criteria({ freelancerMinBudget: 500 }), T0, m.ask);
    const second = await feed.page(criteria(), T0 + 3 * MIN, m.ask);
    expect(second.reused).toBe(true);
    expect(m.asked).toHaveLength(1);
    expect(m.asked[0]!.freelancerMinBudget).toBeUndefined();
    await feed.page(criteria(), T0 + 4 * MIN, m.ask);
    expect(m.asked).toHaveLength(2);
  });

  it("asks again for an agent whose window reaches further back, then asks with the widest window the query's agents need", async () => {
    const feed = new SharedFeed(4 * MIN);
    const m = market();
    const day = Math.floor(T0 / 1000) - 86_400;
    const week = Math.floor(T0 / 1000) - 7 * 86_400;
    await feed.page(criteria({ postedSince: day }), T0, m.ask);
    await feed.page(criteria({ postedSince: week }), T0 + MIN, m.ask);
    expect(m.asked.map((c) => c.postedSince)).toEqual([day, week]);
    // The next interval: the first agent (a day's window) asks with the week the other needs.
    await feed.page(criteria({ postedSince: day + 300 }), T0 + 5 * MIN, m.ask);
    await feed.page(criteria({ postedSince: week + 300 }), T0 + 6 * MIN, m.ask);
    expect(m.asked).toHaveLength(3);
    expect(m.asked[2]!.postedSince).toBeLessThanOrEqual(week + 300);
  });

  it('keeps no failed answer: the next agent of the query asks again', async () => {
    const feed = new SharedFeed(4 * MIN);
    const m = market();
    m.failOnce();
    await expect(feed.page(criteria(), T0, m.ask)).rejects.toThrow('503');
    await feed.page(criteria(), T0 + 1000, m.ask);
    expect(m.asked).toHaveLength(2);
  });

  it('hands each agent only the jobs its own types and budget filters accept', async () => {
    const fixed = makeJob({ id: 'f', platform: 'freelancer', type: 'fixed', minBudget: 250, maxBudget: 750, budgetUsd: 500 });
    const hourly = makeJob({ id: 'h', platform: 'freelancer', type: 'hourly', minBudget: 15, maxBudget: 25, budgetUsd: 20 });
    const feed = new SharedFeed(4 * MIN);
    const m = market([fixed, hourly]);
    const ids = async (c: SearchCriteria) => (await feed.page(c, T0, m.ask)).page.jobs.map((j) => j.externalId);
    expect(await ids(criteria())).toEqual(['f', 'h']);
    expect(await ids(criteria({ freelancerIsFixed: true, freelancerIsHourly: false }))).toEqual(['f']);
    expect(await ids(criteria({ freelancerMinBudget: 800 }))).toEqual(['h']);
    expect(await ids(criteria({ freelancerHourlyRateMin: 30 }))).toEqual(['f']);
    expect(m.asked).toHaveLength(1);
  });
});

describe('insideSearchFilters', () => {
  it('compares budgets in US dollars, as the marketplace does', () => {
    // 40,000 INR ≈ 480 USD.
    const inr = makeJob({ id: 'i', platform: 'freelancer', currency: 'INR', minBudget: 30_000, maxBudget: 50_000, budgetUsd: 480 });
    expect(insideSearchFilters(inr, criteria({ freelancerMinBudget: 500 }))).toBe(true);
    expect(insideSearchFilters(inr, criteria({ freelancerMinBudget: 700 }))).toBe(false);
    expect(insideSearchFilters(inr, criteria({ freelancerMaxBudget: 300 }))).toBe(false);
  });
});
