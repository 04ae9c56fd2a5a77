import { describe, expect, it } from 'vitest';
import { createAgentRepository } from '../data/agents-repository';
import type { BidpilotDb } from '../data/db';
import { ApiError } from '../lib/api';
import { createJobItemRepository } from '../data/job-items-repository';
import { createKeptDraftRepository } from '../data/kept-drafts';
import { createProfileRepository, createPushSettingsRepository } from '../data/records-repository';
import { chooseMine } from './notice-actions';
import { pull } from './pull';
import { push } from './push';
import { FakeServer } from './testing/fake-server';
import { testDb } from '../data/testing/fake-db';

async function setup() {
  const db = await testDb('u1');
  const server = new FakeServer('u1');
  const repo = createAgentRepository({ db, userId: 'u1' });
  return { db, server, repo };
}

const outboxOps = async (db: BidpilotDb) => (await db.outbox.orderBy('seq').toArray()).map((e) => `${e.op}:${e.entityId.slice(0, 4)}`);

/** Puts a server agent into the local DB as a pull would. */
async function pulledAgent(db: BidpilotDb, server: FakeServer, title: string) {
  const agent = server.seedAgent({ id: crypto.randomUUID(), title });
  await db.agents.put({ ...agent, server: agent, pendingDelete: false });
  return agent;
}

describe('push', () => {
  it('sends entries strictly in order and empties the outbox once acknowledged', async () => {
    const { db, server, repo } = await setup();
    const a = await repo.createAgent({ title: 'Agent A', platform: 'upwork' });
    await repo.updateAgent(a.id, { location: 'Lagos' });
    const b = await repo.createAgent({ title: 'Agent B', platform: 'freelancer' });
    await repo.setAgentStatus(a.id, 'active');

    const result = await push({ db, transport: server });

    expect(result).toEqual({ acknowledged: 4, rejected: 0, conflicts: 0 });
    expect(server.received.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, 'ID')}`)).toEqual([
      'POST /automations',
      'PUT /automations/ID',
      'POST /automations',
      'PUT /automations/status/ID',
    ]);
    expect(await db.outbox.count()).toBe(0);
    const local = await db.agents.get(a.id);
    expect(local).toMatchObject({ location: 'Lagos', status: 'active', active: true, version: 3 });
    expect(local?.server?.version).toBe(3);
    expect(server.agents.get(b.id)?.agent.platform).toBe('freelancer');
  });

  it('stops at a failing entry: the entry and everything behind it stay, in order', async () => {
    const { db, server, repo } = await setup();
    const a = await repo.createAgent({ title: 'Agent A', platform: 'upwork' });
    await repo.updateAgent(a.id, { location: 'Paris' });
    await repo.updateAgent(a.id, { jobType: 'hourly' });
    server.faults = [null, 500];

    await expect(push({ db, transport: server })).rejects.toMatchObject({ status: 500 });

    expect(server.received).toHaveLength(1);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => e.op)).toEqual(['update', 'update']);
    expect(left[0]).toMatchObject({ state: 'failed', attempts: 1, lastError: 'boom' });
    expect(left[1]).toMatchObject({ state: 'pending', attempts: 0 });

    // Offline and 429 stop alike; then the queue drains in order.
    server.faults = ['offline'];
    await expect(push({ db, transport: server })).rejects.toMatchObject({ code: 'offline' });
    server.faults = [429];
    await expect(push({ db, transport: server })).rejects.toMatchObject({ status: 429 });
    await push({ db, transport: server });
    expect(server.agents.get(a.id)?.agent).toMatchObject({ location: 'Paris', jobType: 'hourly' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('re-sends with the same key after a lost answer, and the server applies it once', async () => {
    const { db, server, repo } = await setup();
    const a = await repo.createAgent({ title: 'Agent A', platform: 'upwork' });
    await repo.updateAgent(a.id, { emailsPerDay: 7 });
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.id);
    // The server applies the create, but the answer never arrives.
    server.faults = ['lose-answer'];

    await expect(push({ db, transport: server })).rejects.toMatchObject({ code: 'offline' });
    expect(server.applied).toBe(1);
    expect(await db.outbox.count()).toBe(2);

    await push({ db, transport: server });

    expect(server.received.map((r) => r.idempotencyKey)).toEqual([keys[0], keys[0], keys[1]]);
    expect(server.applied).toBe(2); // the create once, the update once
    expect(server.agents.size).toBe(1);
    expect(server.agents.get(a.id)?.agent.emailsPerDay).toBe(7);
    expect(await db.outbox.count()).toBe(0);
  });

  it('rolls back a refused update, keeps later changes and leaves a notice', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Designer');
    await repo.updateAgent(agent.id, { emailsPerDay: 99 }); // above the plan: 400
    await repo.updateAgent(agent.id, { location: 'Accra' });

    const result = await push({ db, transport: server });

    expect(result).toMatchObject({ acknowledged: 1, rejected: 1 });
    const local = await db.agents.get(agent.id);
    expect(local?.emailsPerDay).toBe(agent.emailsPerDay);
    expect(local?.location).toBe('Accra');
    const notices = await db.notices.toArray();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'rejected',
      op: 'update',
      code: 'validation_error',
      entityId: agent.id,
      entityName: 'Designer',
    });
  });

  it('keeps an agent whose creation was refused (plan limit) as a draft with its later edits, and saves it once there is room', async () => {
    const { db, server, repo } = await setup();
    server.limits = { ...server.limits, agents: 1 };
    const first = await repo.createAgent({ title: 'First', platform: 'upwork' });
    const second = await repo.createAgent({ title: 'Second', platform: 'upwork', skills: ['Go'] });
    await repo.updateAgent(second.id, { location: 'Rome' });

    const result = await push({ db, transport: server });

    expect(result).toMatchObject({ acknowledged: 1, rejected: 1 });
    expect(await db.agents.get(second.id)).toBeUndefined();
    expect(await db.agents.get(first.id)).toBeDefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.keptDrafts.get(second.id)).toMatchObject({
      name: 'Second',
      reason: { code: 'plan_limit' },
      fields: expect.objectContaining({ title: 'Second', location: 'Rome', skills: ['Go'], platform: 'upwork' }),
    });
    expect(await db.notices.toArray()).toEqual([
      expect.objectContaining({ kind: 'rejected', op: 'create', code: 'plan_limit', entityName: 'Second', kept: true }),
    ]);

    // Room made (the first agent deleted): saved again under the same id, the draft gone.
    await repo.deleteAgent(first.id);
    await createKeptDraftRepository({ db, agents: repo }).save(second.id);
    expect(await db.keptDrafts.count()).toBe(0);
    expect(await push({ db, transport: server })).toMatchObject({ acknowledged: 2, rejected: 0 });
    expect(server.agents.get(second.id)?.agent).toMatchObject({ title: 'Second', location: 'Rome', skills: ['Go'] });
  });

  it('does not keep a refused new agent the user deleted meanwhile', async () => {
    const { db, server, repo } = await setup();
    server.limits = { ...server.limits, agents: 0 };
    const agent = await repo.createAgent({ title: 'Gone', platform: 'upwork' });
    await repo.deleteAgent(agent.id);
    await push({ db, transport: server });
    expect(await db.keptDrafts.count()).toBe(0);
    expect(await db.agents.count()).toBe(0);
  });

  it("a stale form (opened before another tab's rename) sends only its own field, on the version it saw", async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Original');
    const openedB = (await db.agents.get(agent.id))!;
    const openedA = (await db.agents.get(agent.id))!;
    await repo.updateAgent(agent.id, { name: 'Renamed in A', emailsPerDay: openedA.emailsPerDay }, openedA);
    // Tab B's form still holds the old name; only the per-day number was changed there.
    await repo.updateAgent(agent.id, { name: 'Original', emailsPerDay: 3 }, openedB);

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 2, rejected: 0, conflicts: 0 });
    expect(server.received.map((r) => r.body)).toEqual([
      { name: 'Renamed in A', baseVersion: 1 },
      { emailsPerDay: 3, baseVersion: 2 },
    ]);
    expect(server.agents.get(agent.id)?.agent).toMatchObject({ name: 'Renamed in A', emailsPerDay: 3 });
  });

  it('the same field changed in both tabs: the server keeps the first, the notice holds both and "Use mine" writes the second', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Original');
    const openedB = (await db.agents.get(agent.id))!;
    await repo.updateAgent(agent.id, { name: 'From A' }, (await db.agents.get(agent.id))!);
    await repo.updateAgent(agent.id, { name: 'From B' }, openedB);

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 1, rejected: 0, conflicts: 1 });
    expect(server.agents.get(agent.id)?.agent.name).toBe('From A');
    expect((await db.agents.get(agent.id))?.name).toBe('From A');
    const [notice] = await db.notices.toArray();
    expect(notice).toMatchObject({ kind: 'conflict', baseVersion: 2, lost: [{ field: 'name', yours: 'From B', theirs: 'From A' }] });

    const records = createProfileRepository({ db, userId: 'u1' });
    await chooseMine(
      {
        db,
        agents: repo,
        jobItems: createJobItemRepository({ db }),
        profile: records,
        settings: createPushSettingsRepository({ db, userId: 'u1' }),
      },
      notice!,
    );
    expect(await db.notices.count()).toBe(0);
    expect(await push({ db, transport: server })).toMatchObject({ acknowledged: 1, conflicts: 0 });
    expect(server.agents.get(agent.id)?.agent.name).toBe('From B');
  });

  it("a stale form that saw one field after this device's own change and another before a change elsewhere: only the second conflicts", async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Original');
    const local = async () => (await db.agents.get(agent.id))!;
    await repo.updateAgent(agent.id, { name: 'Mine first' }, await local());
    const openedB = await local(); // tab B opens the form: it shows the rename, and 5 per day
    await repo.updateAgent(agent.id, { emailsPerDay: 7 }, await local()); // tab A
    await repo.updateAgent(agent.id, { name: 'Mine second', emailsPerDay: 9 }, openedB);

    expect(await push({ db, transport: server })).toEqual({ acknowledged: 3, rejected: 0, conflicts: 1 });
    expect(server.received[2]!.body).toEqual({
      name: 'Mine second',
      emailsPerDay: 9,
      baseVersion: 1,
      baseVersions: { name: 3, emailsPerDay: 1 },
    });
    expect(server.agents.get(agent.id)?.agent).toMatchObject({ name: 'Mine second', emailsPerDay: 7 });
    expect((await db.notices.toArray())[0]).toMatchObject({ kind: 'conflict', lost: [{ field: 'emailsPerDay', yours: 9, theirs: 7 }] });
  });

  it('an offline edit of an agent made here before it reached the server conflicts with a change made elsewhere since', async () => {
    const { db, server, repo } = await setup();
    const agent = await repo.createAgent({ title: 'Draft', platform: 'upwork' });
    const opened = (await db.agents.get(agent.id))!; // version 0: not on the server yet
    await push({ db, transport: server });
    server.editElsewhere(agent.id, { location: 'Oslo' });
    await pull({ db, transport: server });
    await repo.updateAgent(agent.id, { location: 'Lima', prompt: 'Be brief' }, opened);

    expect(await push({ db, transport: server })).toMatchObject({ conflicts: 1 });
    expect(server.agents.get(agent.id)?.agent).toMatchObject({ location: 'Oslo', prompt: 'Be brief' });
    expect((await db.notices.toArray())[0]).toMatchObject({
      kind: 'conflict',
      lost: [{ field: 'location', yours: 'Lima', theirs: 'Oslo' }],
    });
  });

  it('restores an agent whose deletion was refused', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Keeper');
    await repo.deleteAgent(agent.id);
    expect((await db.agents.get(agent.id))?.pendingDelete).toBe(true);
    const original = server.send.bind(server);
    server.send = async (request) => {
      if (request.method === 'DELETE') throw new ApiError({ status: 403, code: 'forbidden', message: 'No' });
      return original(request);
    };

    await push({ db, transport: server });

    expect(await db.agents.get(agent.id)).toMatchObject({ pendingDelete: false, title: 'Keeper' });
    expect(await db.notices.count()).toBe(1);
  });

  it('resolves a 409 per field: the server wins its fields, the user’s other fields go again', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Writer');
    await repo.updateAgent(agent.id, { location: 'Mine', jobType: 'my-type', prompt: 'same' });
    server.editElsewhere(agent.id, { location: 'Theirs', prompt: 'same' });

    const result = await push({ db, transport: server });

    expect(result).toMatchObject({ conflicts: 1, acknowledged: 1 });
    const requeued = server.received[1]!;
    expect(requeued.body).toEqual({ jobType: 'my-type', baseVersion: 2 });
    expect(requeued.idempotencyKey).not.toBe(server.received[0]!.idempotencyKey);
    expect(server.agents.get(agent.id)?.agent).toMatchObject({ location: 'Theirs', jobType: 'my-type', version: 3 });
    expect(await db.agents.get(agent.id)).toMatchObject({ location: 'Theirs', jobType: 'my-type', version: 3 });
    const [notice] = await db.notices.toArray();
    expect(notice).toMatchObject({ kind: 'conflict', code: 'conflict', lost: [{ field: 'location', yours: 'Mine', theirs: 'Theirs' }] });
  });

  it('a status conflict keeps the server’s status and queues nothing', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Runner');
    await repo.setAgentStatus(agent.id, 'active');
    server.editElsewhere(agent.id, { status: 'active' });
    server.editElsewhere(agent.id, { status: 'paused' });

    await push({ db, transport: server });

    expect(server.received).toHaveLength(1);
    expect(await db.agents.get(agent.id)).toMatchObject({ status: 'paused', active: false });
    expect((await db.notices.toArray())[0]?.lost).toEqual([{ field: 'status', yours: 'active', theirs: 'paused' }]);
  });

  it('two quick edits of the same field do not conflict with each other', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Typist');
    await repo.updateAgent(agent.id, { prompt: 'first' });
    await repo.updateAgent(agent.id, { prompt: 'second' });

    const result = await push({ db, transport: server });

    expect(result).toMatchObject({ acknowledged: 2, conflicts: 0 });
    expect(server.agents.get(agent.id)?.agent.prompt).toBe('second');
    expect(await db.notices.count()).toBe(0);
  });

  it('an agent created and deleted before syncing: both go, nothing breaks', async () => {
    const { db, server, repo } = await setup();
    const a = await repo.createAgent({ title: 'Short-lived', platform: 'upwork' });
    await repo.updateAgent(a.id, { location: 'Oslo' });
    await repo.deleteAgent(a.id);
    expect(await outboxOps(db)).toHaveLength(3);

    await push({ db, transport: server });

    expect(server.agents.has(a.id)).toBe(false);
    expect(await db.agents.get(a.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.count()).toBe(0);
  });

  it('an edit of an agent deleted elsewhere is dropped with a notice', async () => {
    const { db, server, repo } = await setup();
    const agent = await pulledAgent(db, server, 'Gone');
    await repo.updateAgent(agent.id, { location: 'Nowhere' });
    server.deleteElsewhere(agent.id);

    await push({ db, transport: server });

    expect(await db.agents.get(agent.id)).toBeUndefined();
    expect(await db.notices.toArray()).toEqual([expect.objectContaining({ kind: 'rejected', code: 'not_found' })]);
  });
});
