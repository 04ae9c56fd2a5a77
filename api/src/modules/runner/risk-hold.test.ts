import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { jobItemListResponseSchema } from '@shared/schemas/job-item';
import { tablesOf } from '../../store/schema/index';
import { JobItemService } from '../proposals/job-items';
import { coverLetterQuota, coverLetterQuotaService } from '../proposals/cover-letter-quota';
import type { MarketplaceAdapter, Marketplaces } from '../marketplaces/types';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { analyseJob } from '@shared/scoring';
import { assessRisk } from '@shared/matching/risk/assess';
import { generateProject } from '../marketplaces/sandbox/projects';
import { usageToday } from './caps';
import { Runner } from './runner';
import { sendDue, sendOne } from './sender';

/**
 * A job with a red flag that would pass the agent's floor is held as a draft with its flag: never
 * queued or sent on its own, outside the daily cap, sent only once the user approves it.
 */

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const FEE = 'Easy work from home. You pay a $30 registration fee to start, refunded with your first pay.';

/**
 * The sandbox's Freelancer.com, whose search answers the jobs `pick` makes of its real page (real
 * projects, so bids land), in that order.
 */
function marketplacesAnswering(pick: (page: Job[]) => Job[]): Marketplaces {
  const base = f.deps().marketplaces;
  const real = base.freelancer.adapter;
  const adapter = new Proxy(real, {
    get(target, prop) {
      if (prop === 'search')
        return async (...args: Parameters<MarketplaceAdapter['search']>) => {
          const page = await target.search(...args);
          const jobs = pick(page.jobs);
          return { ...page, jobs, total: jobs.length, hasMore: false };
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...base, freelancer: { ...base.freelancer, adapter } };
}

/** A client with a record of hiring: nothing about it raises a client-risk flag. */
const trusted = (job: Job): Job => ({
  ...job,
  client: { ...job.client, paymentVerified: true, totalSpentUsd: 5_000, hires: 8, jobsPosted: 10 },
});

/** Three real fixed-price projects of the page, from trusted clients: the first to be flagged, the other two clean. */
function threeProjects(page: Job[]): [Job, Job, Job] {
  const fixed = page.filter((job) => job.type === 'fixed' && job.description.length > 0).map(trusted);
  expect(fixed.length).toBeGreaterThanOrEqual(3);
  return [fixed[0]!, fixed[1]!, fixed[2]!];
}

describe('a flagged job', () => {
  it('an auto-send agent holds it as a draft with its flag, sends the clean one, and the flagged one does not use the cap', async () => {
    // Two proposals a day; a floor of 0 lets every job in the rates pass, so only the flag decides.
    const { userId, agentId, token } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 2, minMatchScore: 0 });
    let round = 0;
    const marketplaces = marketplacesAnswering((page) => {
      const [flagged, clean, later] = threeProjects(page);
      // The flagged one first: were it counted, it would take a place of the day's two.
      return round === 0 ? [{ ...flagged, description: `${flagged.description}\n\n${FEE}` }, clean] : [later];
    });
    const deps = f.deps({ marketplaces });
    const runner = new Runner(deps);

    const first = await runner.runNow(agentId);
    expect(first).toMatchObject({ queued: 1, flagged: 1, drafts: 0, failed: 0 });
    const afterFirst = await f.items(userId);
    expect(afterFirst).toHaveLength(2);
    const held = afterFirst.find((item) => item.status === 'draft')!;
    // The clean one was queued to go out (Run now may have sent it already).
    const queued = afterFirst.find((item) => item.id !== held.id)!;
    expect(held).toMatchObject({ status: 'draft', stage: null, sendAfter: null, approvedAt: null });
    expect(held.proposalRequirements).toBeTruthy();
    expect(queued.status === 'completed' || queued.stage === 'queued').toBe(true);

    // The API (and the sync pull, through the same DTO) carries the flag and the post's words.
    const listed = await f.t.call('GET', `/api/automations/${agentId}/jobs`, undefined, f.t.auth(token));
    const data = jobItemListResponseSchema.parse(listed.json).data;
    expect(data.find((item) => item.id === held.id)?.riskFlags).toEqual([
      expect.objectContaining({ code: 'upfrontFee', quote: expect.stringContaining('registration fee') }),
    ]);
    expect(data.find((item) => item.id === queued.id)?.riskFlags).toEqual([]);

    // Only the clean one counts against the day's cap.
    const usage = await usageToday(f.t.db, userId, 'freelancer', agentId, f.server.clock.now(), 'UTC');
    expect(usage).toMatchObject({ total: 1, onPlatform: 1, byAgent: 1, flaggedByAgent: 1 });

    // The sender posts the clean one only.
    await sendDue(deps);
    expect((await f.bids()).map((bid) => String(bid.projectId))).toEqual([queued.externalId]);
    expect((await f.item(held.id))?.status).toBe('draft');

    // A second run still has a place left for a clean job: the flagged draft took none.
    round = 1;
    const second = await runner.runNow(agentId);
    expect(second).toMatchObject({ queued: 1, flagged: 0 });
    // It keeps the agent's pacing: queued one gap after the first send, and sent then.
    const next = (await f.items(userId)).find((item) => item.stage === 'queued')!;
    expect(next.sendAfter!.getTime()).toBeGreaterThan(f.server.clock.now().getTime());
    f.at(next.sendAfter!.toISOString());
    await sendDue(deps);
    expect(await f.bids()).toHaveLength(2);
    expect((await f.item(held.id))?.status).toBe('draft');
  });

  it('is held as a draft by a review agent too, at most the run’s allowance of them', async () => {
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 });
    const marketplaces = marketplacesAnswering((page) =>
      page.filter((job) => job.type === 'fixed').map((job) => ({ ...job, description: `${job.description}\n\n${FEE}` })),
    );
    const summary = await new Runner(f.deps({ marketplaces })).runNow(agentId);
    expect(summary).toMatchObject({ drafts: 0, queued: 0, flagged: 2 });
    const mine = await f.items(userId);
    expect(mine).toHaveLength(2);
    expect(mine.every((item) => item.status === 'draft')).toBe(true);
    // The flagged drafts of the day are bounded: another run holds no more of them.
    const again = await new Runner(f.deps({ marketplaces })).runNow(agentId);
    expect(again).toMatchObject({ flagged: 0 });
    expect(await f.items(userId)).toHaveLength(2);
  });
});

/**
 * `base` with the title and text of a post the learned reading doubts (read between its lower cut
 * and its threshold: `unsure`, no red flag), found among the sandbox's own postings so the test
 * holds whatever the model's next training.
 */
function doubted(base: Job): Job {
  for (let k = 0; k < 5_000; k++) {
    const project = generateProject('freelancer', k);
    const job = { ...base, title: project.title, description: project.description };
    const flags = assessRisk(analyseJob(job));
    if (flags.length > 0 && flags.every((flag) => flag.unsure)) return job;
  }
  throw new Error('no sandbox posting reads between the learned reading’s two cuts');
}

describe('a job the learned reading doubts', () => {
  it('an auto-send agent holds it for the user’s look, outside the cap, with its doubt; a review agent drafts it as any pick', async () => {
    const page = (jobs: Job[]) => {
      const [first, clean] = threeProjects(jobs);
      return [doubted(first), clean];
    };
    const auto = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 2, minMatchScore: 0 });
    const deps = f.deps({ marketplaces: marketplacesAnswering(page) });
    expect(await new Runner(deps).runNow(auto.agentId)).toMatchObject({ queued: 1, flagged: 1, drafts: 0 });
    const held = (await f.items(auto.userId)).find((item) => item.status === 'draft')!;
    const listed = await f.t.call('GET', `/api/automations/${auto.agentId}/jobs`, undefined, f.t.auth(auto.token));
    expect(jobItemListResponseSchema.parse(listed.json).data.find((item) => item.id === held.id)?.riskFlags).toEqual([
      expect.objectContaining({ likely: true, unsure: true }),
    ]);
    expect(await usageToday(f.t.db, auto.userId, 'freelancer', auto.agentId, f.server.clock.now(), 'UTC')).toMatchObject({
      byAgent: 1,
      flaggedByAgent: 1,
    });
    await sendDue(deps);
    expect((await f.bids()).map((bid) => String(bid.projectId))).not.toContain(held.externalId);
    expect((await f.item(held.id))?.status).toBe('draft');

    // A review agent's drafts all wait for the user's tap: the doubt holds nothing more, but the
    // draft still shows it, and it counts against the cap like any pick.
    const review = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 }, { email: 'doubt.review@gmail.com' });
    expect(await new Runner(deps).runNow(review.agentId)).toMatchObject({ drafts: 2, flagged: 0 });
    const reviewed = await f.t.call('GET', `/api/automations/${review.agentId}/jobs`, undefined, f.t.auth(review.token));
    const drafts = jobItemListResponseSchema.parse(reviewed.json).data;
    expect(drafts.filter((item) => item.riskFlags.length > 0)).toEqual([
      expect.objectContaining({ status: 'draft', riskFlags: [expect.objectContaining({ likely: true, unsure: true })] }),
    ]);
    expect(await usageToday(f.t.db, review.userId, 'freelancer', review.agentId, f.server.clock.now(), 'UTC')).toMatchObject({
      byAgent: 2,
      flaggedByAgent: 0,
    });
  });
});

describe('the letter quota and a flagged draft', () => {
  it('takes no letter for a flagged draft, and gives none back when it is discarded', async () => {
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 });
    const marketplaces = marketplacesAnswering((page) => {
      const [flagged, clean] = threeProjects(page);
      return [{ ...flagged, description: `${flagged.description}\n\n${FEE}` }, clean];
    });
    const deps = f.deps({ marketplaces, quota: coverLetterQuotaService(f.t.store) });
    expect(await new Runner(deps).runNow(agentId)).toMatchObject({ drafts: 1, flagged: 1 });
    const used = async () => (await coverLetterQuota(f.t.store, userId, f.server.clock.now())).used;
    expect(await used()).toBe(1);
    const held = (await f.items(userId)).find((item) => item.matchReason?.includes('"r":'))!;
    await new JobItemService({ store: f.t.store, clock: f.server.clock }).discard(userId, held.id);
    expect((await f.item(held.id))?.status).toBe('skipped');
    expect(await used()).toBe(1);
  });
});

describe('the sender and a flagged item', () => {
  /** Queued to go out now without the user's approval (as an older runner, or a bug, might leave it). */
  const queueUnapproved = async (itemId: string, fields: { writer?: 'offline' } = {}) => {
    const { jobItems } = tablesOf(f.t.db);
    await f.t.db
      .update(jobItems)
      .set({ status: 'processing', stage: 'queued', sendAfter: f.server.clock.now(), approvedAt: null, ...fields })
      .where(eq(jobItems.id, itemId));
  };
  /** The agent made an active auto-send agent behind the runner's back. */
  const switchToAuto = async (agentId: string) => {
    const { agents } = tablesOf(f.t.db);
    const row = (await f.t.db.select().from(agents).where(eq(agents.id, agentId)))[0]!;
    await f.t.db
      .update(agents)
      .set({ fields: { ...row.fields, sendMode: 'auto' }, status: 'active' })
      .where(eq(agents.id, agentId));
  };

  it('never posts a flagged item the user did not approve, and sends it once they do', async () => {
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 2, minMatchScore: 0 });
    const marketplaces = marketplacesAnswering((page) => {
      const [flagged] = threeProjects(page);
      return [{ ...flagged, description: `${flagged.description}\n\n${FEE}` }];
    });
    const deps = f.deps({ marketplaces });
    expect(await new Runner(deps).runNow(agentId)).toMatchObject({ flagged: 1, queued: 0 });
    const [held] = await f.items(userId);

    // Queued without the user's approval: held back.
    await queueUnapproved(held!.id);
    expect(await sendOne(deps, held!.id)).toBe('held');
    expect(await f.bids()).toHaveLength(0);
    expect(f.state.posts).toHaveLength(0);
    expect(await f.item(held!.id)).toMatchObject({ status: 'draft', stage: null, sendAfter: null });

    // The user's own tap: approved, it goes out as usual.
    await new JobItemService({ store: f.t.store, clock: f.server.clock }).approve(userId, held!.id);
    await sendDue(deps);
    expect(await f.item(held!.id)).toMatchObject({ status: 'completed' });
    expect(f.state.posts).toEqual([`freelancer:${held!.externalId}`]);
  });

  it('never posts a review draft with a doubt the user did not approve, even queued after a switch to auto', async () => {
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 });
    const deps = f.deps({ marketplaces: marketplacesAnswering((page) => [doubted(threeProjects(page)[0])]) });
    expect(await new Runner(deps).runNow(agentId)).toMatchObject({ drafts: 1, flagged: 0 });
    const [item] = await f.items(userId);
    await switchToAuto(agentId);
    await queueUnapproved(item!.id);
    expect(await sendOne(deps, item!.id)).toBe('held');
    expect(f.state.posts).toHaveLength(0);
  });

  it('never posts an offline writer’s letter the user did not approve, even one queued before this rule', async () => {
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2, minMatchScore: 0 });
    const marketplaces = marketplacesAnswering((page) => [threeProjects(page)[1]]);
    const deps = f.deps({ marketplaces });
    expect(await new Runner(deps).runNow(agentId)).toMatchObject({ drafts: 1 });
    const [item] = await f.items(userId);

    // An active auto-send agent with an offline letter left queued (by the runner of an older
    // release): held back, never posted.
    await switchToAuto(agentId);
    await queueUnapproved(item!.id, { writer: 'offline' });
    expect(await sendOne(deps, item!.id)).toBe('held');
    expect(f.state.posts).toHaveLength(0);
    expect(await f.item(item!.id)).toMatchObject({ status: 'draft', stage: null, sendAfter: null });

    await new JobItemService({ store: f.t.store, clock: f.server.clock }).approve(userId, item!.id);
    await sendDue(deps);
    expect(f.state.posts).toEqual([`freelancer:${item!.externalId}`]);
  });
});
