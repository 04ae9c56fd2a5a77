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
let itemId: string;

beforeEach(async () => {
  t = makeTestApp();
  const { jobItems } = tablesOf(t.db);
  service = new JobItemService({ store: t.store, clock: t.clock });
  userId = (await t.signup()).user.id;
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
