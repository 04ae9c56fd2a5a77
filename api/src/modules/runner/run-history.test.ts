import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentRunListResponseSchema, RUN_HISTORY_KEPT, type AgentRun } from '@shared/schemas/agent-run';
import type { Job } from '@shared/schemas/job';
import { tablesOf } from '../../store/schema/index';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { Runner } from './runner';
import { MatchIndex } from './match-index';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

/** The deps with a search whose first job's client has not verified a payment method, and the jobs it answered. */
function depsWithUnverifiedFirstClient() {
  const d = f.deps();
  const adapter = d.marketplaces.freelancer.adapter;
  const search = adapter.search.bind(adapter);
  const answered: Job[] = [];
  adapter.search = async (...args) => {
    const page = await search(...args);
    const jobs = page.jobs.map((job, i) => (i === 0 ? { ...job, client: { ...job.client, paymentVerified: false } } : job));
    answered.push(...jobs);
    return { ...page, jobs };
  };
  return { d, answered };
}

async function runsOf(agentId: string, token: string): Promise<AgentRun[]> {
  const res = await f.t.call('GET', `/api/automations/${agentId}/runs`, undefined, f.t.auth(token));
  expect(res.status).toBe(200);
  return agentRunListResponseSchema.parse(res.json).data;
}

describe("an agent's run history", () => {
  it('keeps what a Run now found, kept and skipped with the reason, the client-filtered job included', async () => {
    const { agentId, token } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 30, clientVerifiedOnly: true });
    const { d, answered } = depsWithUnverifiedFirstClient();
    const summary = await new Runner(d).runNow(agentId);
    const firstJob = answered[0]!;
    const unverified = answered.filter((job) => job.client.paymentVerified === false).length;
    expect(unverified).toBeGreaterThan(0);
    expect(summary).toMatchObject({ clientFiltered: unverified, drafts: 2 });

    const [run] = await runsOf(agentId, token);
    expect(run).toMatchObject({ agentId, manual: true, counts: { drafts: 2, clientFiltered: unverified, found: summary!.found } });
    const byOutcome = (outcome: string) => run!.jobs.filter((job) => job.outcome === outcome);
    expect(byOutcome('drafted')).toHaveLength(2);
    expect(byOutcome('drafted').every((job) => job.skip === null && job.score !== null)).toBe(true);
    // The unverified client's job, skipped for the filter, never scored.
    expect(run!.jobs.find((job) => job.externalId === firstJob.externalId)).toMatchObject({
      outcome: 'skipped',
      score: null,
      skip: { code: 'client', filter: 'paymentVerified' },
    });
    // Every other skipped job says why: under the floor, outside the rates, or left for a later run.
    const skipped = byOutcome('skipped');
    expect(skipped.length).toBeGreaterThan(1);
    expect(skipped.every((job) => job.skip !== null)).toBe(true);
    expect(skipped.filter((job) => job.skip?.code === 'overCap').length).toBe(summary!.overCap);
    expect(skipped.filter((job) => job.skip?.code === 'belowFloor' || job.skip?.code === 'filtered').length).toBe(summary!.poorMatch);
    expect(skipped.filter((job) => job.skip?.code === 'client')).toHaveLength(unverified);
    // The kept jobs are listed first.
    expect(run!.jobs.slice(0, 2).map((job) => job.outcome)).toEqual(['drafted', 'drafted']);
  });

  it('records scheduled runs too, answers another user 404, and keeps only the newest runs of each agent', async () => {
    const { agentId, token } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 3, minMatchScore: 0 });
    const runner = new Runner(f.deps());
    const tick = await runner.tick();
    expect(tick.runs.map((r) => r.agentId)).toEqual([agentId]);
    const [scheduled] = await runsOf(agentId, token);
    // Paced across the active hours: the first scheduled run drafts one.
    expect(scheduled).toMatchObject({ manual: false, counts: { drafts: 1 } });

    const other = await f.t.signup('someone.else@gmail.com');
    const foreign = await f.t.call('GET', `/api/automations/${agentId}/runs`, undefined, f.t.auth(other.token));
    expect(foreign.status).toBe(404);

    for (let i = 0; i < RUN_HISTORY_KEPT + 2; i++) {
      f.advance(60_000);
      await runner.runNow(agentId);
    }
    const { agentRuns } = tablesOf(f.t.db);
    expect(await f.t.db.select().from(agentRuns).where(eq(agentRuns.agentId, agentId))).toHaveLength(RUN_HISTORY_KEPT);
    const runs = await runsOf(agentId, token);
    expect(runs).toHaveLength(RUN_HISTORY_KEPT);
    // Newest first; the scheduled run has been dropped, and a manual run that hit the day's cap is kept with why.
    expect(runs.every((run) => run.manual)).toBe(true);
    expect(runs[0]!.counts.skipped).toBe('cap_reached');
    expect(Date.parse(runs[0]!.at)).toBeGreaterThan(Date.parse(runs.at(-1)!.at));
  });
});

describe('a tick through the index on skill ids (match-index.ts)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('drafts what scoring every job drafts, scoring only the jobs that can reach the floor', async () => {
    const fields = { title: 'React developer', sendMode: 'review', emailsPerDay: 3, minMatchScore: 55 };
    // The search answers the marketplace's page and two projects of other trades (a wide query's answer).
    const tick = async (fixture: RunnerFixture, matchIndex: boolean) => {
      const { agentId, userId, token } = await fixture.userWithAgent(fields);
      const d = fixture.deps();
      const adapter = d.marketplaces.freelancer.adapter;
      const search = adapter.search.bind(adapter);
      adapter.search = async (...args) => {
        const page = await search(...args);
        const [first] = page.jobs;
        // A fixed price within every filter of the agent's, whatever the page's first project offers.
        const other = (id: string, title: string, description: string, skills: string[]): Job => ({
          ...first!,
          type: 'fixed',
          currency: 'USD',
          minBudget: 400,
          maxBudget: 800,
          budgetUsd: 800,
          id: `freelancer:${id}`,
          externalId: id,
          url: `https://www.freelancer.com/projects/${id}`,
          title,
          description,
          skills,
        });
        const jobs = [
          ...page.jobs,
          other('91000001', 'Bookkeeping for a bakery', 'Monthly bookkeeping, payroll and tax returns for a small bakery.', [
            'Bookkeeping',
          ]),
          other('91000002', 'Logo for a coffee roaster', 'A modern logo and a brand guide for our coffee roastery.', ['Logo Design']),
        ];
        return { ...page, jobs, total: jobs.length };
      };
      const [run] = (await new Runner(d, { matchIndex }).tick()).runs;
      const items = await fixture.items(userId);
      return { run, drafted: items.map((item) => item.externalId).sort(), agentId, token };
    };
    const reaches = vi.spyOn(MatchIndex.prototype, 'reaches');
    const all = await tick(f, false);
    expect(reaches).not.toHaveBeenCalled();
    const other = await runnerFixture();
    try {
      const indexed = await tick(other, true);
      expect(indexed.drafted.length).toBeGreaterThan(0);
      expect(indexed.drafted).toEqual(all.drafted);
      const counts = ({ found, poorMatch, drafts, overCap }: NonNullable<typeof all.run>) => ({ found, poorMatch, drafts, overCap });
      expect(counts(indexed.run!)).toEqual(counts(all.run!));
      // The tick asked the index, and it left out the bookkeeping project (the logo one meets the user's branding skill).
      const left = reaches.mock.calls.filter((_, i) => reaches.mock.results[i]!.value === false).map(([, job]) => job.job.externalId);
      expect(left).toContain('91000001');
      expect(left.length).toBeLessThan(indexed.run!.found);
    } finally {
      await other.close();
    }
  });
});
