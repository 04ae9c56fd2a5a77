import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { toAgentDto } from '../agents/agents';
import { toUserDto } from '../accounts/users';
import { JobItemService } from '../proposals/job-items';
import { toJobItemDto } from '../proposals/job-item-dto';
import type { Marketplaces } from '../marketplaces/types';
import { pickJobs } from './criteria';
import { runAgent, type PipelineDeps } from './pipeline';
import { allowance, DEFAULT_SCAN_EVERY_MS, STANDOUT_MARGIN, standoutScore } from './schedule';
import { usageToday } from './caps';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const MIN = 60_000;
const WINDOW = { startTime: '09:00', endTime: '17:00' }; // UTC; the fixture's day starts at 09:00

/** A Freelancer.com project as its search answers it, posted at `postedAt`. */
function job(id: number, postedAt: string, kind: 'react' | 'poor', extra: Partial<Job> = {}): Job {
  const react = kind === 'react';
  return {
    id: `freelancer:${id}`,
    platform: 'freelancer',
    externalId: String(id),
    title: react ? 'React developer for a TypeScript dashboard' : 'Bookkeeping for a bakery',
    description: react
      ? 'We need a React developer to build a TypeScript dashboard with charts, forms and a Node.js API. React hooks, tests.'
      : 'Monthly bookkeeping and payroll for a small bakery: invoices, receipts, tax returns, spreadsheets.',
    url: `https://www.freelancer.com/projects/${id}`,
    type: 'fixed',
    currency: 'USD',
    minBudget: 250,
    maxBudget: 750,
    budgetUsd: 500,
    skills: react ? ['React', 'TypeScript', 'Node.js'] : ['Accounting', 'Excel'],
    experienceLevel: 'intermediate',
    duration: null,
    datePosted: postedAt,
    clientName: null,
    clientLocation: 'US',
    logoUrl: null,
    client: { paymentVerified: true, rating: 4.8, totalSpentUsd: 12_000, country: 'US', hires: 9, jobsPosted: 11 },
    bidCount: 2,
    ...extra,
  } satisfies Job;
}

/** The runner's dependencies, the marketplace's search answering `feed` (the jobs posted by now), counted. */
function feedDeps(feed: Job[], overrides: Partial<PipelineDeps> = {}): { deps: PipelineDeps; searches: () => number } {
  const deps = f.deps(overrides);
  let searches = 0;
  for (const entry of Object.values(deps.marketplaces as Marketplaces)) {
    entry.adapter.search = async () => {
      searches++;
      const now = deps.clock.now().getTime();
      const jobs = feed.filter((j) => Date.parse(j.datePosted) <= now).map((j) => ({ ...j, skills: [...j.skills] }));
      return { jobs, total: jobs.length, hasMore: false };
    };
  }
  return { deps, searches: () => searches };
}

async function agentRow(agentId: string) {
  const { agents, users } = tablesOf(f.t.db);
  const row = (await first(f.t.db.select().from(agents).where(eq(agents.id, agentId))))!;
  const user = (await first(f.t.db.select().from(users).where(eq(users.id, row.userId))))!;
  return { row, agent: toAgentDto(row), user: toUserDto(user) };
}

/** The match score the agent gives a job (what its minimum is compared with). */
async function scoreOf(agentId: string, j: Job): Promise<number> {
  const { agent, user } = await agentRow(agentId);
  const { ranked, passedOver } = pickJobs([j], { ...agent, minMatchScore: 0 }, user, { now: f.server.clock.now() });
  return (ranked[0] ?? passedOver[0])!.match.score;
}

/** A review agent of five proposals a day, 09:00–17:00, its minimum set between a React job's score and a poor one's. */
async function reviewAgent(margin: 'good' | 'standout', sendMode: 'review' | 'auto' = 'review') {
  const made = await f.userWithAgent({
    title: 'React developer',
    skills: ['React', 'TypeScript'],
    sendMode,
    emailsPerDay: 5,
    datePosted: '24h',
    minMatchScore: 0,
    ...WINDOW,
  });
  const good = await scoreOf(made.agentId, job(1, '2026-11-18T08:00:00Z', 'react'));
  const poor = await scoreOf(made.agentId, job(2, '2026-11-18T08:00:00Z', 'poor'));
  // The React jobs pass the minimum (and stand far above it, or not); the bookkeeping job does not.
  const floor = margin === 'standout' ? Math.max(poor + 1, good - STANDOUT_MARGIN) : Math.max(poor + 1, good - 10);
  expect(good).toBeGreaterThanOrEqual(floor);
  expect(margin === 'standout' ? good >= standoutScore(floor) : good < standoutScore(floor)).toBe(true);
  expect(poor).toBeLessThan(floor);
  await made.service.update(made.userId, made.agentId, { minMatchScore: floor });
  return made;
}

describe('scan often, send at the pace of the day', () => {
  it('drafts a fresh job above the minimum at the next search, minutes later, not at the next paced run', async () => {
    const { userId, agentId } = await reviewAgent('good');
    const feed = [job(100, '2026-11-18T08:30:00Z', 'react')];
    const { deps, searches } = feedDeps(feed);

    const first = await runAgent(deps, agentId);
    expect(first.drafts).toBe(1);
    // The next search comes in minutes; the old pacing (five a day over eight hours) waited 96 minutes.
    expect(Date.parse(first.nextRunAt) - f.server.clock.now().getTime()).toBe(DEFAULT_SCAN_EVERY_MS);
    const { deps: paced } = feedDeps(feed, { scanEveryMs: 0 });
    f.at('2026-11-18T09:01:00Z');
    expect(Date.parse((await runAgent(paced, agentId)).nextRunAt) - Date.parse('2026-11-18T09:01:00Z')).toBe(96 * MIN);

    // A React project posted at 09:02 is drafted, and pushed to the user, at the search that follows.
    feed.push(job(101, '2026-11-18T09:02:00Z', 'react'));
    f.at(first.nextRunAt);
    const notices = f.state.notices.length;
    const second = await runAgent(deps, agentId);
    expect(second.drafts).toBe(1);
    expect((await f.items(userId)).map((i) => i.externalId).sort()).toEqual(['100', '101']);
    expect(f.state.notices.slice(notices)).toMatchObject([{ userId, kind: 'draft_waiting' }]);
    expect(searches()).toBeGreaterThanOrEqual(2);

    // Posted → draft, on the agent: the job posted during its hours (the one from before 09:00 is not counted).
    const { row } = await agentRow(agentId);
    expect(row.runState?.latency).toEqual({ lastMs: 2 * MIN, medianMs: 2 * MIN, recent: [2 * MIN] });
  });

  it('does not draft a job below the minimum, and says it waits for one that reaches it', async () => {
    const { userId, agentId } = await reviewAgent('good');
    const { deps } = feedDeps([job(200, '2026-11-18T08:50:00Z', 'poor')]);
    const summary = await runAgent(deps, agentId);
    expect(summary).toMatchObject({ drafts: 0, poorMatch: 1, waiting: { reason: 'jobs' } });
    expect(await f.items(userId)).toHaveLength(0);
    // The page learns what the agent waits for.
    expect((await agentRow(agentId)).row.runState?.last?.waiting).toEqual({ reason: 'jobs' });
  });

  it('keeps part of the day for later jobs: a morning of good jobs takes two of five, new jobs the rest as it opens, the kept ones what is left at the end', async () => {
    const { userId, agentId } = await reviewAgent('good');
    const feed = Array.from({ length: 6 }, (_, i) => job(300 + i, `2026-11-18T08:${10 + i * 5}:00Z`, 'react'));
    const { deps } = feedDeps(feed);

    const morning = await runAgent(deps, agentId);
    const bucket = allowance({ start: new Date('2026-11-18T09:00:00Z'), end: new Date('2026-11-18T17:00:00Z') }, 5, f.server.clock.now());
    expect(bucket.allowedSoFar).toBe(2);
    expect(morning).toMatchObject({ drafts: 2, overCap: 4, waiting: { reason: 'reserve', kept: 4 } });
    expect(morning.waiting).toMatchObject({ opensAt: bucket.opensAt!.toISOString() });
    expect(await f.items(userId)).toHaveLength(2);
    // The night's posts are old news at 09:00: kept in the pool, not drafted as waiting.
    expect((await f.items(userId)).filter((i) => i.waitingShare)).toHaveLength(0);

    // A search a few minutes on drafts nothing more: the rest of the day's allowance is kept.
    f.at(morning.nextRunAt);
    expect(await runAgent(deps, agentId)).toMatchObject({ drafts: 0, waiting: { reason: 'reserve' } });
    expect(await f.items(userId)).toHaveLength(2);

    // Once one more opens, it waits for a new job (the kept ones are older news), drafted at the search after its post.
    f.at(bucket.opensAt!.toISOString());
    expect(await runAgent(deps, agentId)).toMatchObject({ drafts: 0, waiting: { reason: 'jobs' } });
    feed.push(job(310, '2026-11-18T10:21:00Z', 'react'));
    f.at('2026-11-18T10:24:00Z');
    expect(await runAgent(deps, agentId)).toMatchObject({ drafts: 1 });
    expect((await f.items(userId)).map((i) => i.externalId)).toContain('310');

    // The last search of the day spends what is left on the best of the jobs kept.
    f.at('2026-11-18T16:58:00Z');
    expect(await runAgent(deps, agentId)).toMatchObject({ drafts: 2 });
    expect(await f.items(userId)).toHaveLength(5);
  });

  it('spends beyond the part kept for later on a job far above the minimum', async () => {
    const { userId, agentId } = await reviewAgent('standout');
    const feed = Array.from({ length: 4 }, (_, i) => job(400 + i, `2026-11-18T08:${10 + i * 5}:00Z`, 'react'));
    const summary = await runAgent(feedDeps(feed).deps, agentId);
    expect(summary).toMatchObject({ drafts: 4, overCap: 0 });
    expect(await f.items(userId)).toHaveLength(4);
  });
});

describe('the allowance over the window', () => {
  const window = { start: new Date('2026-11-18T09:00:00Z'), end: new Date('2026-11-18T17:00:00Z') };
  const at = (hhmm: string) => new Date(`2026-11-18T${hhmm}:00Z`);
  it('opens part of the day at the start and the rest evenly, all of it before the end', () => {
    expect(allowance(window, 5, at('09:00'))).toEqual({ allowedSoFar: 2, opensAt: at('10:20') });
    expect(allowance(window, 5, at('10:20')).allowedSoFar).toBe(3);
    expect(allowance(window, 5, at('13:00')).allowedSoFar).toBe(4);
    expect(allowance(window, 5, at('16:59')).allowedSoFar).toBe(5);
    expect(allowance(window, 5, at('16:59')).opensAt).toBeNull();
    // One a day is open from the start; a large plan opens 40 % at once.
    expect(allowance(window, 1, at('09:00'))).toEqual({ allowedSoFar: 1, opensAt: null });
    expect(allowance(window, 150, at('09:00')).allowedSoFar).toBe(60);
  });
});

/** A fee scam's words: a job saying them raises a red flag. */
const FEE = 'Easy work from home. You pay a $30 registration fee to start, refunded with your first pay.';

/** What each good job is about, in words of its own (the writer's letters for two alike would be near copies, held for review). */
const ABOUT: Record<string, string> = {
  'a booking calendar':
    'Clinic owners want patients to pick appointment slots online, move them twice at most, and get a reminder by text message the evening before.',
  'an invoice tracker':
    'Accountants list overdue payments per client, chase them with polite emails and export monthly totals to spreadsheets for their year-end filing.',
  'a fleet dashboard':
    'Dispatchers follow delivery vans on a live map, compare fuel used per route across weeks, and read driver shift reports before the morning briefing.',
  'a recipe site':
    'Home cooks search dishes by what is left in the fridge, save favourites into folders, scale portions and print a shopping list sorted by aisle.',
  'a survey panel':
    'Researchers publish questionnaires to a panel of respondents, screen them by age and region, and watch completion rates climb during a field week.',
  'a school portal':
    'Parents read homework notes and lunch menus, teachers post grades after each test, and the office sends closure alerts on snowy mornings.',
};

/** A good React job of its own words: `strong` matches the agent's skills fully, `weaker` less. */
function goodJob(id: number, postedAt: string, what: string, strength: 'strong' | 'weaker' = 'strong'): Job {
  const about = ABOUT[what] ?? `A shop called ${what} wants its catalogue, basket and checkout rebuilt, with stock counts synced nightly.`;
  return job(id, postedAt, 'react', {
    title: `React developer for ${what}`,
    ...(strength === 'strong'
      ? { description: `${about} We need a React developer: TypeScript, a Node.js API, React hooks and tests.` }
      : { skills: ['React'], description: `${about} We need a React developer for a few screens.` }),
  });
}

describe("a good job while the day's share is spent", () => {
  /** The morning: two good jobs from the night take the two proposals open at 09:00. */
  async function morningSpent(sendMode: 'review' | 'auto') {
    const made = await reviewAgent('good', sendMode);
    const feed = [goodJob(500, '2026-11-18T08:10:00Z', 'a booking calendar'), goodJob(501, '2026-11-18T08:20:00Z', 'an invoice tracker')];
    const { deps } = feedDeps(feed);
    const morning = await runAgent(deps, made.agentId);
    expect(morning.drafts + morning.queued).toBe(2);
    return { ...made, feed, deps };
  }

  it('is drafted at the scan that finds it and the user told, outside the cap', async () => {
    const { userId, agentId, feed, deps } = await morningSpent('review');
    feed.push(goodJob(502, '2026-11-18T09:02:00Z', 'a school portal'));
    f.at('2026-11-18T09:04:00Z');
    const notices = f.state.notices.length;
    const found = await runAgent(deps, agentId);
    expect(found).toMatchObject({ drafts: 1, overCap: 0, waiting: { reason: 'reserve', kept: 1 } });
    const item = (await f.items(userId)).find((i) => i.externalId === '502')!;
    expect(item).toMatchObject({ status: 'draft', waitingShare: true });
    // The device is told, so the draft's card can say it waits for the next share.
    expect(toJobItemDto(item).waitingShare).toBe(true);
    expect(f.state.notices.slice(notices)).toMatchObject([{ userId, kind: 'draft_waiting' }]);
    // Drafted two minutes after posting, and the day's cap still counts the two of the morning only.
    expect((await agentRow(agentId)).row.runState?.latency?.lastMs).toBe(2 * MIN);
    expect(await usageToday(f.t.db, userId, 'freelancer', agentId, f.server.clock.now(), 'UTC')).toMatchObject({
      total: 2,
      waitingTotal: 1,
    });
  });

  it("an auto agent's refill sends the best waiting draft, not the newest or the oldest; a flagged one never", async () => {
    const { userId, agentId, feed, deps, service } = await morningSpent('auto');
    // Three good jobs through the morning, the middle one the best match; and a fee scam.
    feed.push(goodJob(510, '2026-11-18T09:02:00Z', 'a school portal', 'weaker'));
    feed.push(goodJob(511, '2026-11-18T09:06:00Z', 'a fleet dashboard'));
    feed.push(goodJob(512, '2026-11-18T09:10:00Z', 'a recipe site', 'weaker'));
    const scam = goodJob(513, '2026-11-18T09:10:00Z', 'a survey panel');
    feed.push({ ...scam, description: `${scam.description}\n\n${FEE}` });
    const scores = await Promise.all(feed.slice(2, 5).map((j) => scoreOf(agentId, j)));
    expect(scores[1]).toBeGreaterThan(Math.max(scores[0]!, scores[2]!));
    // All four above the minimum, none far enough above it to take a proposal kept for later.
    const floor = Math.min(...scores) - 1;
    await service.update(userId, agentId, { minMatchScore: floor });
    expect(Math.max(...scores)).toBeLessThan(standoutScore(floor));
    for (const at of ['09:04', '09:08', '09:12']) {
      f.at(`2026-11-18T${at}:00Z`);
      await runAgent(deps, agentId);
    }
    const byId = async () => new Map((await f.items(userId)).map((i) => [i.externalId, i]));
    let items = await byId();
    for (const id of ['510', '511', '512']) expect(items.get(id)).toMatchObject({ status: 'draft', waitingShare: true });
    expect(items.get('513')).toMatchObject({ status: 'draft', waitingShare: false });
    const before = await usageToday(f.t.db, userId, 'freelancer', agentId, f.server.clock.now(), 'UTC');
    expect(before).toMatchObject({ total: 2, byAgent: 2, waitingByAgent: 3, flaggedByAgent: 1 });

    // One more proposal opens at 10:20: it goes to the best waiting draft, queued to be sent.
    f.at('2026-11-18T10:20:00Z');
    expect(await runAgent(deps, agentId)).toMatchObject({ queued: 1, drafts: 0 });
    items = await byId();
    expect(items.get('511')).toMatchObject({ status: 'processing', stage: 'queued' });
    for (const id of ['510', '512', '513']) expect(items.get(id)).toMatchObject({ status: 'draft', stage: null });
    // Queued, it counts against the day's cap.
    expect(await usageToday(f.t.db, userId, 'freelancer', agentId, f.server.clock.now(), 'UTC')).toMatchObject({ total: 3, byAgent: 3 });

    // At the end of the day the rest of the share goes to the waiting drafts; the flagged one stays the user's.
    f.at('2026-11-18T16:58:00Z');
    expect(await runAgent(deps, agentId)).toMatchObject({ queued: 2 });
    items = await byId();
    for (const id of ['510', '512']) expect(items.get(id)).toMatchObject({ stage: 'queued' });
    expect(items.get('513')).toMatchObject({ status: 'draft', stage: null });
  });

  it("an auto agent's refill never sends a waiting draft the user has edited: it is theirs to send", async () => {
    const { userId, agentId, feed, deps } = await morningSpent('auto');
    feed.push(goodJob(520, '2026-11-18T09:02:00Z', 'a fleet dashboard'));
    f.at('2026-11-18T09:04:00Z');
    await runAgent(deps, agentId);
    const draft = (await f.items(userId)).find((i) => i.externalId === '520')!;
    expect(draft).toMatchObject({ status: 'draft', waitingShare: true });
    // The user starts rewriting the letter (and has not sent it yet).
    const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
    const seen = await decisions.get(userId, draft.id);
    await decisions.update(userId, draft.id, {
      proposalRequirements: `${draft.proposalRequirements}\n\nP.S. I can start on Monday.`,
      baseVersion: seen.version,
    });
    // The share refills through the day: the edited draft stays the user's, unsent.
    for (const at of ['10:20', '16:58']) {
      f.at(`2026-11-18T${at}:00Z`);
      expect(await runAgent(deps, agentId)).toMatchObject({ queued: 0 });
    }
    expect(await f.item(draft.id)).toMatchObject({ status: 'draft', stage: null, waitingShare: true });
    // The device is told, so its card does not say it waits for the next share.
    expect(toJobItemDto((await f.item(draft.id))!).userEdited).toBe(true);
    // The user's own tap still sends it within the cap.
    await decisions.approve(userId, draft.id);
    expect(await f.item(draft.id)).toMatchObject({ status: 'processing', stage: 'queued' });
  });

  it('writes no more waiting letters a day than the agent sends, nor than the plan sends for the user', async () => {
    const { userId, agentId, feed, deps } = await morningSpent('review');
    for (let i = 0; i < 8; i++) feed.push(goodJob(600 + i, `2026-11-18T09:0${i}:00Z`, `shop number ${i}`));
    f.at('2026-11-18T09:09:00Z');
    // Five a day: five waiting drafts at most, the other good jobs kept for a later share.
    expect(await runAgent(deps, agentId)).toMatchObject({ drafts: 5, overCap: 3 });
    expect((await f.items(userId)).filter((i) => i.waitingShare)).toHaveLength(5);
  });
});
