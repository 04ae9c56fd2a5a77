import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { isFlaggedReason } from '@shared/scoring';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import type { Marketplaces } from '../marketplaces/types';
import { runAgent, type PipelineDeps } from './pipeline';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const DAY = 86_400_000;

/** The runner's dependencies, every job a search answered kept by id (with its date and bids). */
function recordingDeps(): { deps: PipelineDeps; seen: Map<string, Job> } {
  // Reads as much as the product does (up to 200 a lane), reaching back weeks for a narrow skill.
  const deps = f.deps({ searchSize: 200 });
  const seen = new Map<string, Job>();
  const markets = deps.marketplaces as Marketplaces;
  for (const entry of Object.values(markets)) {
    const search = entry.adapter.search.bind(entry.adapter);
    entry.adapter.search = async (...args) => {
      const page = await search(...args);
      for (const job of page.jobs) seen.set(job.externalId, job);
      return page;
    };
  }
  return { deps, seen };
}

describe("an agent's posted-within window", () => {
  it("drafts only jobs posted inside the window (the default week), youngest and least crowded first, on a new agent's first run", async () => {
    // A new review agent with the defaults: its window is the specification's `1w`.
    // Logo design: a narrow trade whose 200 newest posts reach back two weeks (drafts of 10-day-old posts with 80 bids, before).
    const { userId, agentId } = await f.userWithAgent({ title: 'Logo design', skills: ['Logo Design'], emailsPerDay: 5, minMatchScore: 0 });
    const { deps, seen } = recordingDeps();
    const now = f.server.clock.now().getTime();
    const summary = await runAgent(deps, agentId, { manual: true });
    expect(summary.drafts).toBe(5);

    // A flagged job is held for the user outside the cap; the cap's five are the others.
    const drafted = (await f.items(userId)).filter((item) => !isFlaggedReason(item.matchReason)).map((item) => seen.get(item.externalId)!);
    expect(drafted).toHaveLength(5);
    // The sandbox has projects up to two weeks old; none older than a week was even searched, let alone drafted.
    for (const job of seen.values()) expect(now - Date.parse(job.datePosted)).toBeLessThanOrEqual(7 * DAY + 60_000);
    for (const job of drafted) expect(now - Date.parse(job.datePosted)).toBeLessThanOrEqual(7 * DAY);
    // The cap went to young jobs: on average the drafted ones are younger and less crowded than what was found.
    const mean = (jobs: Job[], of: (job: Job) => number) => jobs.reduce((sum, job) => sum + of(job), 0) / jobs.length;
    const age = (job: Job) => now - Date.parse(job.datePosted);
    const bids = (job: Job) => job.bidCount ?? 0;
    expect(mean(drafted, age)).toBeLessThan(mean([...seen.values()], age));
    expect(mean(drafted, bids)).toBeLessThan(mean([...seen.values()], bids));
  });

  it('keeps a narrower window: with 24h, every job drafted was posted in the last day', async () => {
    const { userId, agentId } = await f.userWithAgent({ title: 'developer', emailsPerDay: 5, minMatchScore: 0, datePosted: '24h' });
    const { deps, seen } = recordingDeps();
    const now = f.server.clock.now().getTime();
    await runAgent(deps, agentId, { manual: true });
    const drafted = await f.items(userId);
    expect(drafted.length).toBeGreaterThan(0);
    for (const item of drafted) expect(now - Date.parse(seen.get(item.externalId)!.datePosted)).toBeLessThanOrEqual(DAY);
  });
});
