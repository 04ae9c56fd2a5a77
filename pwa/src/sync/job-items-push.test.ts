import { describe, expect, it } from 'vitest';
import type { JobItem } from '@shared/schemas/job-item';
import type { BidpilotDb } from '../data/db';
import { createJobItemRepository, JOB_ITEM_NOT_FOUND, JOB_ITEM_WRONG_STATUS } from '../data/job-items-repository';
import { pull } from './pull';
import { push } from './push';
import { FakeServer } from './testing/fake-server';
import { testDb } from '../data/testing/fake-db';

function ids(...values: string[]) {
  const queue = [...values];
  return () => queue.shift() ?? crypto.randomUUID();
}

/** A server with two drafts, pulled into the local database. */
async function setup(uuid?: () => string) {
  const db = await testDb('u1');
  const server = new FakeServer('u1');
  server.seedJobItem({ id: 'j1', agentId: 'a1', title: 'Logo design', proposalRequirements: 'Letter one' });
  server.seedJobItem({ id: 'j2', agentId: 'a1', title: 'Landing page', proposalRequirements: 'Letter two' });
  await pull({ db, transport: server });
  const writes: string[] = [];
  const repo = createJobItemRepository({ db, uuid, now: () => Date.UTC(2026, 1, 1), onWrite: (entry) => writes.push(entry.op) });
  return { db, server, repo, writes };
}

/** The writes that reached the server (not the pulls). */
const sent = (server: FakeServer) => server.received.filter((r) => r.method !== 'GET');

const local = async (db: BidpilotDb, id: string) => (await db.jobItems.get(id))!;

describe('job item decisions through the outbox', () => {
  it('approves with the edited letter optimistically and queues the request in the same write', async () => {
    const { db, repo, writes } = await setup(ids('key-1'));

    const item = await repo.approve('j1', 'Edited letter');

    expect(item).toMatchObject({ status: 'processing', proposalRequirements: 'Edited letter' });
    const row = await local(db, 'j1');
    expect(row).toMatchObject({ status: 'processing', proposalRequirements: 'Edited letter' });
    expect(row.server).toMatchObject({ status: 'draft', proposalRequirements: 'Letter one', version: 1 });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        id: 'key-1',
        entity: 'jobItem',
        entityId: 'j1',
        op: 'approve',
        payload: { proposalRequirements: 'Edited letter' },
        baseVersion: 1,
        state: 'pending',
      }),
    ]);
    expect(writes).toEqual(['approve']);
  });

  it('sends each decision with its entry id as the Idempotency-Key and stores the answer', async () => {
    const { db, server, repo } = await setup(ids('k-approve', 'k-discard'));
    await repo.approve('j1');
    await repo.discard('j2');

    const result = await push({ db, transport: server });

    expect(result).toEqual({ acknowledged: 2, rejected: 0, conflicts: 0 });
    expect(sent(server).map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/job-items/j1/approve', 'k-approve'],
      ['POST', '/job-items/j2/discard', 'k-discard'],
    ]);
    expect(await db.outbox.count()).toBe(0);
    const j1 = await local(db, 'j1');
    expect(j1).toMatchObject({ status: 'processing', version: 2, proposalRequirements: 'Letter one' });
    expect(j1.server).toBeUndefined();
    expect((await local(db, 'j2')).status).toBe('skipped');
    expect((server.jobItems.get('j2') as JobItem).status).toBe('skipped');
  });

  it('marks a draft sent by hand, then records its outcome; a lost answer is re-sent once', async () => {
    const { db, server, repo } = await setup();
    await repo.markSent('j1');
    expect((await local(db, 'j1')).status).toBe('completed');
    await repo.setOutcome('j1', 'interview');
    expect((await local(db, 'j1')).outcome).toBe('interview');

    server.faults = ['lose-answer'];
    await expect(push({ db, transport: server })).rejects.toMatchObject({ code: 'offline' });
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['markSent', 'editJob']);
    await push({ db, transport: server });

    expect(sent(server).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /job-items/j1/mark-sent',
      'POST /job-items/j1/mark-sent',
      'PUT /job-items/j1',
    ]);
    // The outcome goes with the version it was set on (the one the mark-sent made: the user saw it).
    expect(sent(server)[2]!.body).toEqual({ outcome: 'interview', baseVersion: 2 });
    expect(server.applied).toBe(2);
    expect(server.jobItems.get('j1')).toMatchObject({ status: 'completed', outcome: 'interview', version: 3 });
    expect(await local(db, 'j1')).toMatchObject({ status: 'completed', outcome: 'interview', version: 3 });
  });

  it('sends the bid set in the review and the Undo wait with the approval', async () => {
    const { db, server, repo } = await setup();
    const item = await repo.approve('j1', undefined, undefined, { bidAmount: 4000, bidPeriodDays: 12, undoSeconds: 30 });
    expect(item).toMatchObject({ status: 'processing', bidAmount: 4000, bidPeriodDays: 12, sendAfter: '2026-02-01T00:00:30.000Z' });
    await push({ db, transport: server });
    expect(sent(server)[0]!.body).toEqual({ bidAmount: 4000, bidPeriodDays: 12, undoSeconds: 30, baseVersion: 1 });
    expect(server.jobItems.get('j1')).toMatchObject({ status: 'processing', bidAmount: 4000, bidPeriodDays: 12 });
  });

  it('marks a draft sent with the letter copied to the marketplace, which the server keeps', async () => {
    const { db, server, repo } = await setup();
    expect(await repo.markSent('j1', 'The letter as pasted on Upwork')).toMatchObject({
      status: 'completed',
      proposalRequirements: 'The letter as pasted on Upwork',
    });
    await push({ db, transport: server });
    expect(sent(server)[0]).toMatchObject({
      path: '/job-items/j1/mark-sent',
      body: { proposalRequirements: 'The letter as pasted on Upwork' },
    });
    expect(server.jobItems.get('j1')).toMatchObject({ status: 'completed', proposalRequirements: 'The letter as pasted on Upwork' });
  });

  it('saves two letter edits in a row: the second stands on the version the first made', async () => {
    const { db, server, repo } = await setup();
    await repo.saveLetter('j1', 'Second draft');
    await repo.saveLetter('j1', 'Third draft');
    expect((await local(db, 'j1')).proposalRequirements).toBe('Third draft');

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 2, rejected: 0, conflicts: 0 });
    expect(sent(server).map((r) => r.body)).toEqual([
      { proposalRequirements: 'Second draft', baseVersion: 1 },
      { proposalRequirements: 'Third draft', baseVersion: 2 },
    ]);
    expect(server.jobItems.get('j1')).toMatchObject({ proposalRequirements: 'Third draft', version: 3 });
  });

  it('rolls a refused decision back to the server record, keeps a notice, and sends what is behind it', async () => {
    const { db, server, repo } = await setup();
    await repo.approve('j1');
    await repo.discard('j2');
    // Meanwhile the runner failed j1 elsewhere: it can no longer be approved.
    server.editJobItemElsewhere('j1', { status: 'failed', lastError: 'Bid refused' });

    const result = await push({ db, transport: server });

    expect(result).toEqual({ acknowledged: 1, rejected: 1, conflicts: 0 });
    const j1 = await local(db, 'j1');
    expect(j1).toMatchObject({ status: 'draft' }); // the last record this device had from the server
    expect(j1.server).toBeUndefined();
    expect((await local(db, 'j2')).status).toBe('skipped');
    expect(await db.notices.toArray()).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        entity: 'jobItem',
        entityId: 'j1',
        entityName: 'Logo design',
        op: 'approve',
        code: 'conflict',
        message: 'Only a draft can be approved',
      }),
    ]);
    await pull({ db, transport: server });
    expect(await local(db, 'j1')).toMatchObject({ status: 'failed', lastError: 'Bid refused' });
  });

  it('keeps a letter edited here over an older record; the server keeps the newer one and both letters are shown', async () => {
    const { db, server, repo } = await setup();
    await repo.saveLetter('j1', 'Mine');
    server.editJobItemElsewhere('j1', { proposalRequirements: 'Theirs' });
    // A pull while the edit waits keeps the edit on top of the newer record.
    await pull({ db, transport: server });
    expect(await local(db, 'j1')).toMatchObject({
      proposalRequirements: 'Mine',
      version: 2,
      server: expect.objectContaining({ proposalRequirements: 'Theirs' }),
    });

    const result = await push({ db, transport: server });

    expect(result.conflicts).toBe(1);
    expect(await local(db, 'j1')).toMatchObject({ proposalRequirements: 'Theirs', version: 2 });
    expect((await db.notices.toArray())[0]).toMatchObject({
      kind: 'conflict',
      entity: 'jobItem',
      op: 'editJob',
      code: 'conflict',
      baseVersion: 2,
      lost: [{ field: 'proposalRequirements', yours: 'Mine', theirs: 'Theirs' }],
    });
  });

  it('forgets an item the server no longer has', async () => {
    const { db, server, repo } = await setup();
    await repo.approve('j1');
    server.jobItems.delete('j1');
    await push({ db, transport: server });
    expect(await db.jobItems.get('j1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses decisions that do not fit the status, and unknown items, without queueing anything', async () => {
    const { db, repo } = await setup();
    await repo.approve('j1');
    await expect(repo.approve('j1')).rejects.toThrow(JOB_ITEM_WRONG_STATUS);
    await expect(repo.markSent('j1')).rejects.toThrow(JOB_ITEM_WRONG_STATUS);
    await expect(repo.saveLetter('j1', 'late')).rejects.toThrow(JOB_ITEM_WRONG_STATUS);
    await expect(repo.discard('nope')).rejects.toThrow(JOB_ITEM_NOT_FOUND);
    expect(await db.outbox.count()).toBe(1);
  });

  it('is atomic: when the outbox entry cannot be written, the item is unchanged', async () => {
    const { db, repo } = await setup(ids('same', 'same'));
    await repo.discard('j2');
    await expect(repo.approve('j1')).rejects.toThrow();
    expect(await local(db, 'j1')).toMatchObject({ status: 'draft' });
    expect((await local(db, 'j1')).server).toBeUndefined();
  });

  it('a letter dialog opened before another tab saved a letter: its approval is not sent over the letter it did not see', async () => {
    const { db, server, repo } = await setup();
    const opened = await local(db, 'j1'); // tab B opens the dialog
    await repo.saveLetter('j1', 'Rewritten in tab A', await local(db, 'j1'));
    await repo.approve('j1', undefined, opened); // tab B approves the letter it shows

    const result = await push({ db, transport: server });

    expect(result).toEqual({ acknowledged: 1, rejected: 0, conflicts: 1 });
    expect(sent(server)[1]!.body).toEqual({ baseVersion: 1 });
    expect(server.jobItems.get('j1')).toMatchObject({ status: 'draft', proposalRequirements: 'Rewritten in tab A' });
    expect(await db.notices.toArray()).toEqual([
      expect.objectContaining({
        kind: 'conflict',
        op: 'approve',
        baseVersion: 2,
        lost: [{ field: 'proposalRequirements', yours: 'Letter one', theirs: 'Rewritten in tab A' }],
      }),
    ]);
  });

  it("an approval made after seeing the other tab's letter goes out with it", async () => {
    const { db, server, repo } = await setup();
    await repo.saveLetter('j1', 'Rewritten in tab A', await local(db, 'j1'));
    await repo.approve('j1', undefined, await local(db, 'j1'));

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 2, rejected: 0, conflicts: 0 });
    expect(sent(server)[1]!.body).toEqual({ baseVersion: 2 });
    expect(server.jobItems.get('j1')).toMatchObject({ status: 'processing', proposalRequirements: 'Rewritten in tab A' });
  });
});
