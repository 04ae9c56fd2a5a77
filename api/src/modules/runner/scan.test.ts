import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { toAgentDto } from '../agents/agents';
import { toUserDto } from '../accounts/users';
import type { Marketplaces } from '../marketplaces/types';
import { pickJobs } from './criteria';
import { runAgent, type PipelineDeps } from './pipeline';
import { allowance, DEFAULT_SCAN_EVERY_MS, STANDOUT_MARGIN, standoutScore } from './schedule';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const MIN = 60_000;
const WINDOW = { startTime: '09:00', endTime: '17:00' }; // UTC; the fixture's day starts at 09:00

/** A Freelancer.com project as its search answers it, posted at `postedAt`. */
function job(id: number, postedAt: string, kind: 'react' | 'poor'): Job {
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
async function reviewAgent(margin: 'good' | 'standout') {
  const made = await f.userWithAgent({
    title: 'React developer',
    skills: ['React', 'TypeScript'],
    sendMode: 'review',
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
