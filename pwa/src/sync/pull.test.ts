import { describe, expect, it } from 'vitest';
import { createAgentRepository } from '../db/agents-repository';
import { pull, readPullPage } from './pull';
import { push } from './push';
import { FakeServer } from './testing/fake-server';
import { testDb } from './testing/fake-db';
import type { SyncTransport } from './transport';

const jobItem = (id: string, agentId: string, createdAt: string) => ({
  id,
  userId: 'u1',
  agentId,
  platform: 'upwork',
  externalId: `ext-${id}`,
  title: `Job ${id}`,
  clientName: null,
  status: 'draft',
  budget: null,
  appliedDate: null,
  experienceLevel: null,
  duration: null,
  applyUrl: null,
  lastError: null,
  proposalRequirements: null,
  createdAt,
  updatedAt: createdAt,
  version: 1,
});

describe('pull', () => {
  it('pages while hasMore and stores agents, job items, profile, plan limits and the cursor', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const agents = [1, 2, 3, 4, 5].map((n) => server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` }));
    server.addJobItem(jobItem('j1', agents[0]!.id, '2026-01-02T00:00:00Z'));
    const requests: string[] = [];
    const transport: SyncTransport = { send: (r) => (requests.push(r.path), server.send(r)) };

    const result = await pull({ db, transport, pageSize: 2, now: () => 42 });

    expect(result).toEqual({ pages: 3, changes: 6 });
    expect(requests).toEqual(['/sync/pull?since=0&limit=2', '/sync/pull?since=2&limit=2', '/sync/pull?since=4&limit=2']);
    expect(await db.agents.count()).toBe(5);
    expect(await db.agents.get(agents[2]!.id)).toMatchObject({ title: 'Agent 3', server: { version: 1 }, pendingDelete: false });
    expect(await db.jobItems.get('j1')).toMatchObject({ agentId: agents[0]!.id });
    expect(await db.planLimits.get('current')).toMatchObject({ plan: 'free', agents: 3 });
    expect(await db.syncState.get('main')).toMatchObject({ cursor: '6', lastSyncedAt: 42 });

    // Nothing new: one request, same cursor.
    requests.length = 0;
    await pull({ db, transport, pageSize: 2 });
    expect(requests).toEqual(['/sync/pull?since=6&limit=2']);
  });

  it('deletes on a tombstone', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const keep = server.seedAgent({ id: crypto.randomUUID(), title: 'Keep' });
    const drop = server.seedAgent({ id: crypto.randomUUID(), title: 'Drop' });
    await pull({ db, transport: server });
    server.deleteElsewhere(drop.id);

    await pull({ db, transport: server });

    expect(await db.agents.get(drop.id)).toBeUndefined();
    expect(await db.agents.get(keep.id)).toBeDefined();
  });

  it('does not clobber pending local edits: the server record is rebased under them', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const repo = createAgentRepository({ db, userId: 'u1' });
    const agent = server.seedAgent({ id: crypto.randomUUID(), title: 'Shared' });
    await pull({ db, transport: server });
    await repo.updateAgent(agent.id, { location: 'Local edit' });
    server.editElsewhere(agent.id, { location: 'Server edit', jobType: 'server-type' });

    await pull({ db, transport: server });

    const local = await db.agents.get(agent.id);
    expect(local).toMatchObject({ location: 'Local edit', jobType: 'server-type', version: 2 });
    expect(local?.server).toMatchObject({ location: 'Server edit', version: 2 });
    expect(await db.outbox.count()).toBe(1);

    // A tombstone while the edit is pending leaves the agent to the push (which then drops it).
    server.deleteElsewhere(agent.id);
    await pull({ db, transport: server });
    expect(await db.agents.get(agent.id)).toBeDefined();
    await push({ db, transport: server });
    expect(await db.agents.get(agent.id)).toBeUndefined();
  });

  it('advances the cursor only with a stored page', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let n = 0; n < 4; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    server.faults = [null, 'offline'];

    await expect(pull({ db, transport: server, pageSize: 2 })).rejects.toMatchObject({ code: 'offline' });
    expect((await db.syncState.get('main'))?.cursor).toBe('2');
    expect(await db.agents.count()).toBe(2);

    // A page that cannot be stored leaves the cursor where it was.
    const broken: SyncTransport = {
      send: async (r) => {
        const answer = await server.send(r);
        // The second change is a job item without an id: IndexedDB refuses it, the page aborts.
        const body = answer.body as { changes: any[] };
        body.changes[1] = { entity: 'jobItem', id: 'bad', seq: 4, deleted: false, data: { title: 'no id' } };
        return answer;
      },
    };
    await expect(pull({ db, transport: broken, pageSize: 2 })).rejects.toBeDefined();
    expect((await db.syncState.get('main'))?.cursor).toBe('2');
    expect(await db.agents.count()).toBe(2);

    await pull({ db, transport: server, pageSize: 2 });
    expect((await db.syncState.get('main'))?.cursor).toBe('4');
    expect(await db.agents.count()).toBe(4);
  });

  it('refuses an answer of another protocol version', () => {
    expect(() => readPullPage({ protocolVersion: 2, changes: [], nextCursor: '0', hasMore: false, planLimits: {} })).toThrow(/protocol 2/);
    expect(() => readPullPage({ protocolVersion: 1, changes: 'no' })).toThrow(/malformed/);
  });
});
