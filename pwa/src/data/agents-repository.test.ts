import { describe, expect, it } from 'vitest';
import { testDb } from './testing/fake-db';
import { AGENT_NOT_FOUND, createAgentRepository } from './agents-repository';

function ids(...values: string[]) {
  const queue = [...values];
  return () => queue.shift() ?? crypto.randomUUID();
}

describe('agent repository', () => {
  it('creates a draft agent with a client UUID and queues its creation in the same write', async () => {
    const db = await testDb('u1');
    const writes: string[] = [];
    const repo = createAgentRepository({
      db,
      userId: 'u1',
      uuid: ids('agent-1', 'key-1'),
      now: () => Date.UTC(2026, 0, 1),
      onWrite: (e) => writes.push(e.op),
    });

    const agent = await repo.createAgent({ title: 'Web dev', platform: 'upwork', location: 'Remote', prompt: undefined });

    expect(agent).toMatchObject({
      id: 'agent-1',
      userId: 'u1',
      name: 'Web dev',
      status: 'paused',
      version: 0,
      emailsPerDay: 5,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await db.agents.get('agent-1')).toMatchObject({ server: null, pendingDelete: false });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        seq: 1,
        id: 'key-1',
        entity: 'agent',
        entityId: 'agent-1',
        op: 'create',
        payload: { title: 'Web dev', platform: 'upwork', location: 'Remote' },
        baseVersion: null,
        attempts: 0,
        state: 'pending',
      }),
    ]);
    expect(writes).toEqual(['create']);
  });

  it('updates, sets status and deletes with the base version of the server record', async () => {
    const db = await testDb('u1');
    const repo = createAgentRepository({ db, userId: 'u1' });
    const created = await repo.createAgent({ title: 'Writer', platform: 'freelancer' });
    const row = (await db.agents.get(created.id))!;
    await db.agents.put({ ...row, version: 4, server: { ...created, version: 4 } });

    await repo.updateAgent(created.id, { location: 'Lima', title: 'Writer', emailsPerDay: undefined });
    await repo.updateAgent(created.id, { location: 'Lima' }); // no change: nothing queued
    await repo.setAgentStatus(created.id, 'active');
    await repo.deleteAgent(created.id);

    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.op, e.payload, e.baseVersion])).toEqual([
      ['create', { title: 'Writer', platform: 'freelancer' }, null],
      ['update', { location: 'Lima' }, 4],
      ['status', { status: 'active' }, 4],
      ['delete', {}, 4],
    ]);
    expect(await db.agents.get(created.id)).toMatchObject({ location: 'Lima', status: 'active', active: true, pendingDelete: true });
    await expect(repo.updateAgent(created.id, { location: 'x' })).rejects.toThrow(AGENT_NOT_FOUND);
    await expect(repo.setAgentStatus('nope', 'paused')).rejects.toThrow(AGENT_NOT_FOUND);
  });

  it('is atomic: when the outbox entry cannot be written, the record is unchanged', async () => {
    const db = await testDb('u1');
    // The second write reuses an existing idempotency key: the outbox's unique index refuses it.
    const repo = createAgentRepository({ db, userId: 'u1', uuid: ids('agent-1', 'key-1', 'key-1', 'agent-2', 'key-1') });
    await repo.createAgent({ title: 'Original', platform: 'upwork' });

    await expect(repo.updateAgent('agent-1', { title: 'Changed' })).rejects.toThrow();
    expect((await db.agents.get('agent-1'))?.title).toBe('Original');

    await expect(repo.createAgent({ title: 'Second', platform: 'upwork' })).rejects.toThrow();
    expect(await db.agents.get('agent-2')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
