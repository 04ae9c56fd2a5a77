import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tablesOf } from '../../store/schema/index';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { AgentService } from '../agents/agents';
import { consumeCoverLetter, coverLetterQuota } from './cover-letter-quota';
import { JobItemService } from './job-items';

let t: TestApp;
let service: JobItemService;
let userId: string;
let token: string;
let itemId: string;

beforeEach(async () => {
  t = makeTestApp();
  const { jobItems } = tablesOf(t.db);
  service = new JobItemService({ store: t.store, clock: t.clock });
  const signed = await t.signup();
  userId = signed.user.id;
  token = signed.token;
  const { agent } = await new AgentService({ store: t.store, clock: t.clock }).create(userId, {
    title: 'developer',
    platform: 'freelancer',
  });
  itemId = crypto.randomUUID();
  const now = t.clock.now();
  await t.db.insert(jobItems).values({
    id: itemId,
    userId,
    agentId: agent.id,
    platform: 'freelancer',
    externalId: '42',
    title: 'Logo',
    status: 'draft',
    proposalRequirements: 'The letter as written',
    createdAt: now,
    updatedAt: now,
  });
});
afterEach(() => t.close());

describe('proposal edits with a base version', () => {
  it('merges per field: a letter changed since the base conflicts, the outcome set meanwhile does not', async () => {
    expect(await service.update(userId, itemId, { proposalRequirements: 'Edited in tab A', baseVersion: 1 })).toMatchObject({ version: 2 });
    // Tab B still on version 1: its letter conflicts and nothing changes, with the current proposal in the answer.
    let error: unknown;
    try {
      await service.update(userId, itemId, { proposalRequirements: 'Edited in tab B', baseVersion: 1 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      code: 'conflict',
      status: 409,
      details: { conflictFields: ['proposalRequirements'], current: { proposalRequirements: 'Edited in tab A', version: 2 } },
    });
    expect(await service.get(userId, itemId)).toMatchObject({ proposalRequirements: 'Edited in tab A', version: 2 });
    // The same letter as the server's is no conflict; an outcome on the old base merges.
    expect(await service.update(userId, itemId, { proposalRequirements: 'Edited in tab A', baseVersion: 1 })).toMatchObject({ version: 2 });
    expect(await service.update(userId, itemId, { outcome: 'viewed', baseVersion: 1 })).toMatchObject({ outcome: 'viewed', version: 3 });
    // A letter edit on version 2 (after tab A's) goes through even though the outcome changed since.
    expect(await service.update(userId, itemId, { proposalRequirements: 'Seen A, then edited', baseVersion: 2 })).toMatchObject({
      proposalRequirements: 'Seen A, then edited',
      version: 4,
    });
  });

  it('an approval on a version whose letter changed since is refused: nothing unseen goes out', async () => {
    await service.update(userId, itemId, { proposalRequirements: 'Edited elsewhere', baseVersion: 1 });
    await expect(service.approve(userId, itemId, undefined, { baseVersion: 1 })).rejects.toThrow(/changed since you opened it/);
    await expect(service.approve(userId, itemId, 'My own letter', { baseVersion: 1 })).rejects.toThrow(/changed since you opened it/);
    expect((await service.get(userId, itemId)).status).toBe('draft');
    // The letter the server has, or an approval made on the current version, goes out.
    expect(await service.approve(userId, itemId, 'Edited elsewhere', { baseVersion: 1 })).toMatchObject({
      status: 'processing',
      stage: 'queued',
    });
  });

  it('takes a base per field: a letter seen on the current version goes out although the write stands on an older one', async () => {
    await service.update(userId, itemId, { proposalRequirements: 'Edited elsewhere', baseVersion: 1 });
    expect(await service.approve(userId, itemId, undefined, { baseVersion: 1, baseVersions: { proposalRequirements: 2 } })).toMatchObject({
      status: 'processing',
    });
  });

  it('never answers the field versions to a client', async () => {
    expect(Object.keys(await service.get(userId, itemId))).not.toContain('fieldVersions');
  });
});

describe('decisions made at the same moment', () => {
  it('two discards of one draft (two tabs) give its letter back to the quota once', async () => {
    const { activityLog } = tablesOf(t.db);
    const now = t.clock.now();
    // Two letters taken today: this draft's and another one's.
    for (let i = 0; i < 2; i++) await t.store.tx((tx) => consumeCoverLetter(tx, userId, now));
    expect((await coverLetterQuota(t.store, userId, now)).used).toBe(2);

    const answers = await Promise.all([service.discard(userId, itemId), service.discard(userId, itemId)]);
    expect(answers.map((item) => item.status)).toEqual(['skipped', 'skipped']);
    // The second saw the first's discard in its own transaction: one refund, one line in the feed.
    expect((await coverLetterQuota(t.store, userId, now)).used).toBe(1);
    const lines = await t.db.select().from(activityLog).where(eq(activityLog.userId, userId));
    expect(lines.filter((line) => line.kind === 'proposal_discarded')).toHaveLength(1);
  });

  it('an approval and a discard at once: one wins, the other is refused, and the quota matches the winner', async () => {
    const now = t.clock.now();
    await t.store.tx((tx) => consumeCoverLetter(tx, userId, now));
    const [approved, discarded] = await Promise.allSettled([service.approve(userId, itemId), service.discard(userId, itemId)]);
    // Either may commit first (on PostgreSQL the loser's transaction is run again and sees the winner).
    expect([approved.status, discarded.status].sort()).toEqual(['fulfilled', 'rejected']);
    if (approved.status === 'fulfilled') {
      expect(discarded).toMatchObject({
        status: 'rejected',
        reason: { code: 'conflict', message: 'Only a draft or a failed proposal can be discarded' },
      });
      expect(await service.get(userId, itemId)).toMatchObject({ status: 'processing', stage: 'queued' });
      expect((await coverLetterQuota(t.store, userId, now)).used).toBe(1);
    } else {
      expect(approved).toMatchObject({ status: 'rejected', reason: { code: 'conflict' } });
      expect(await service.get(userId, itemId)).toMatchObject({ status: 'skipped' });
      // The discard gave the letter back.
      expect((await coverLetterQuota(t.store, userId, now)).used).toBe(0);
    }
  });
});

describe("the marketplace's letter limit", () => {
  // Freelancer.com takes 1,500 characters; the schema's 8,000 let a longer edit be approved and then fail at send.
  const long = `${'A sentence about the logo work that runs on. '.repeat(40)}Thanks.`;

  it('refuses an edited Freelancer.com letter over 1,500 characters, naming the limit, and changes nothing', async () => {
    expect(long.length).toBeGreaterThan(1500);
    await expect(service.update(userId, itemId, { proposalRequirements: long })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Freelancer\.com.*1,?500/),
    });
    await expect(service.approve(userId, itemId, long)).rejects.toMatchObject({ status: 400 });
    expect(await service.get(userId, itemId)).toMatchObject({ status: 'draft', proposalRequirements: 'The letter as written', version: 1 });
  });

  it('refuses to approve a stored letter over the limit until it is shortened', async () => {
    const { jobItems } = tablesOf(t.db);
    await t.db.update(jobItems).set({ proposalRequirements: long }).where(eq(jobItems.id, itemId));
    await expect(service.approve(userId, itemId)).rejects.toMatchObject({ status: 400 });
    expect(await service.approve(userId, itemId, 'A shorter letter about the logo, with one question: which colours?')).toMatchObject({
      status: 'processing',
    });
  });
});

describe('the bid set in the review', () => {
  // A Freelancer.com project budgeted ₹2,500–21,000: the runner bid the midpoint, ₹11,750, over 7 days.
  beforeEach(async () => {
    const { jobItems } = tablesOf(t.db);
    await t.db
      .update(jobItems)
      .set({ jobType: 'fixed', budgetMin: 2500, budgetMax: 21000, bidAmount: 11750, bidCurrency: 'INR', bidPeriodDays: 7 })
      .where(eq(jobItems.id, itemId));
  });

  it('goes out with the amount and period the user chose, within the marketplace rules', async () => {
    expect(await service.approve(userId, itemId, undefined, {}, { amount: 4000, periodDays: 12 })).toMatchObject({
      status: 'processing',
      bidAmount: 4000,
      bidPeriodDays: 12,
    });
  });

  it('refuses a bid below the project minimum or a period outside 1–365 days, naming the rule, and changes nothing', async () => {
    await expect(service.approve(userId, itemId, undefined, {}, { amount: 2000 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/at least 2,500 INR/),
      details: { issues: [{ path: 'bidAmount' }] },
    });
    await expect(service.approve(userId, itemId, undefined, {}, { periodDays: 400 })).rejects.toMatchObject({
      status: 400,
      details: { issues: [{ path: 'bidPeriodDays' }] },
    });
    await expect(service.approve(userId, itemId, undefined, {}, { amount: 3000.555 })).rejects.toMatchObject({ status: 400 });
    expect(await service.get(userId, itemId)).toMatchObject({ status: 'draft', bidAmount: 11750, bidPeriodDays: 7, version: 1 });
  });

  it('over the API: a bid of the wrong type is a 400, a good one is stored; an Upwork proposal takes no period', async () => {
    const auth = t.auth(token);
    const bad = await t.call('POST', `/api/job-items/${itemId}/approve`, { bidAmount: '4000' }, auth);
    expect(bad.status).toBe(400);
    const { jobItems } = tablesOf(t.db);
    await t.db.update(jobItems).set({ platform: 'upwork', jobType: 'hourly' }).where(eq(jobItems.id, itemId));
    const period = await t.call('POST', `/api/job-items/${itemId}/approve`, { bidAmount: 45, bidPeriodDays: 10 }, auth);
    expect(period.status).toBe(400);
    expect(period.json.message).toMatch(/Upwork proposals carry no delivery period/);
    const low = await t.call('POST', `/api/job-items/${itemId}/approve`, { bidAmount: 2 }, auth);
    expect(low.status).toBe(400);
    const good = await t.call('POST', `/api/job-items/${itemId}/approve`, { bidAmount: 45 }, auth);
    expect(good.status).toBe(200);
    expect(good.json.data).toMatchObject({ status: 'processing', bidAmount: 45, bidPeriodDays: 7 });
  });
});

describe('a proposal sent by hand on Upwork', () => {
  it('keeps the letter the user copied to the marketplace, not the draft it started from', async () => {
    const sent = await service.markSent(userId, itemId, 'The letter as copied, with my own last line.');
    expect(sent).toMatchObject({ status: 'completed', proposalRequirements: 'The letter as copied, with my own last line.' });
    // Marked again (a replay): nothing changes.
    expect(await service.markSent(userId, itemId, 'Another text')).toMatchObject({
      proposalRequirements: 'The letter as copied, with my own last line.',
    });
  });

  it('over the API without a body (an older app): the stored letter', async () => {
    const auth = t.auth(token);
    const bare = await t.call('POST', `/api/job-items/${itemId}/mark-sent`, undefined, auth);
    expect(bare.status).toBe(200);
    expect(bare.json.data).toMatchObject({ status: 'completed', proposalRequirements: 'The letter as written' });
  });

  it('over the API, with the letter copied', async () => {
    const auth = t.auth(token);
    const marked = await t.call('POST', `/api/job-items/${itemId}/mark-sent`, { proposalRequirements: 'Copied and pasted.' }, auth);
    expect(marked.status).toBe(200);
    expect(marked.json.data).toMatchObject({ status: 'completed', proposalRequirements: 'Copied and pasted.' });
  });
});

describe('an approval with time to undo it', () => {
  it('waits before it goes out, and a hold meanwhile takes it back to the drafts', async () => {
    const now = t.clock.now().getTime();
    expect(await service.approve(userId, itemId, undefined, {}, { undoSeconds: 30 })).toMatchObject({
      status: 'processing',
      stage: 'queued',
      sendAfter: new Date(now + 30_000).toISOString(),
    });
    expect(await service.hold(userId, itemId)).toMatchObject({ status: 'draft', approvedAt: null });
    const tooLong = await t.call('POST', `/api/job-items/${itemId}/approve`, { undoSeconds: 3600 }, t.auth(token));
    expect(tooLong.status).toBe(400);
  });
});
