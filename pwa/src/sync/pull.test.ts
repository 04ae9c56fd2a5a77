import { describe, expect, it, vi } from 'vitest';
import { createAgentRepository } from '../data/agents-repository';
import { createJobItemRepository } from '../data/job-items-repository';
import { createRefreshHold } from '../lib/refresh-hold';
import { pull, readPullPage } from './pull';
import { push } from './push';
import { FakeServer } from './testing/fake-server';
import { testDb } from '../data/testing/fake-db';
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

  it('starts over when its cursor is older than the deletions the server keeps: drops what was deleted, keeps unsent edits, and pages on without starting over again', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const repo = createAgentRepository({ db, userId: 'u1' });
    const agents = [1, 2, 3, 4].map((n) => server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` }));
    server.addJobItem(jobItem('j1', agents[0]!.id, '2026-01-02T00:00:00Z'));
    await pull({ db, transport: server });
    // Offline for months: an agent and the job item are deleted elsewhere, and the server's
    // retention has since deleted their tombstones. Here, an edit waits to be sent.
    server.deleteElsewhere(agents[1]!.id);
    server.deleteElsewhere(agents[2]!.id);
    server.pruneTombstones();
    await repo.updateAgent(agents[2]!.id, { location: 'Edited offline' });
    await repo.updateAgent(agents[3]!.id, { location: 'Edited offline' });
    const requests: string[] = [];
    const transport: SyncTransport = { send: (r) => (requests.push(r.path), server.send(r)) };

    const result = await pull({ db, transport, pageSize: 2 });

    expect(requests[0]).toBe('/sync/pull?since=5&limit=2');
    // One start-over: the pages after it carry the floor, so positions below it go on.
    expect(requests.slice(1)).toEqual(['/sync/pull?since=4.7&limit=2']);
    expect(result.pages).toBe(2);
    expect(await db.agents.get(agents[1]!.id)).toBeUndefined();
    // An agent deleted elsewhere but edited here stays until its push is answered.
    expect(await db.agents.get(agents[2]!.id)).toMatchObject({ location: 'Edited offline' });
    expect(await db.agents.get(agents[3]!.id)).toMatchObject({ location: 'Edited offline', title: 'Agent 4' });
    expect(await db.agents.get(agents[0]!.id)).toMatchObject({ title: 'Agent 1' });
    expect(await db.jobItems.get('j1')).toBeDefined();
    expect((await db.syncState.get('main'))?.cursor).toBe('5.7');
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

  it('fetches the next page while the one before is stored, and stores it only on top of that one', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let n = 0; n < 6; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    const storedWhenAsked: Array<[string, string | undefined]> = [];
    const transport: SyncTransport = {
      send: async (r) => {
        storedWhenAsked.push([r.path, (await db.syncState.get('main'))?.cursor]);
        return server.send(r);
      },
    };

    expect(await pull({ db, transport, pageSize: 2 })).toEqual({ pages: 3, changes: 6 });
    // Each next page was asked for before the page before it was stored.
    expect(storedWhenAsked).toEqual([
      ['/sync/pull?since=0&limit=2', '0'],
      ['/sync/pull?since=2&limit=2', '0'],
      ['/sync/pull?since=4&limit=2', '2'],
    ]);
    expect((await db.syncState.get('main'))?.cursor).toBe('6');

    // Asked for at most maxPages pages.
    server.seedAgent({ id: crypto.randomUUID(), title: 'Agent 7' });
    server.seedAgent({ id: crypto.randomUUID(), title: 'Agent 8' });
    server.seedAgent({ id: crypto.randomUUID(), title: 'Agent 9' });
    storedWhenAsked.length = 0;
    expect(await pull({ db, transport, pageSize: 2, maxPages: 1 })).toEqual({ pages: 1, changes: 2 });
    expect(storedWhenAsked.map(([path]) => path)).toEqual(['/sync/pull?since=6&limit=2']);
  });

  it('drops a fetched page when the page before it is not stored', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let n = 0; n < 4; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    const transport: SyncTransport = {
      send: async (r) => {
        const answer = await server.send(r);
        // Meanwhile another tab signed out: the first page finds the sync state gone.
        if (r.path.includes('since=0')) await db.syncState.delete('main');
        return answer;
      },
    };

    expect(await pull({ db, transport, pageSize: 2 })).toEqual({ pages: 0, changes: 0 });
    expect(await db.agents.count()).toBe(0);
  });

  it('holds the screens’ refreshes only while a pull of several pages stores them, and lets go when it fails', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let n = 0; n < 4; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    const hold = createRefreshHold();
    const heldWhenStored: boolean[] = [];
    db.agents.hook('creating', () => void heldWhenStored.push(hold.held()));
    const holdRefreshes = () => hold.hold();

    // One page: nothing held.
    expect(await pull({ db, transport: server, pageSize: 10, holdRefreshes })).toMatchObject({ pages: 1 });
    expect(heldWhenStored).toEqual([false, false, false, false]);

    // Two pages: held from the first page's write until the last one's.
    for (let n = 4; n < 8; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    heldWhenStored.length = 0;
    expect(await pull({ db, transport: server, pageSize: 2, holdRefreshes })).toMatchObject({ pages: 2 });
    expect(heldWhenStored).toEqual([true, true, true, true]);
    expect(hold.held()).toBe(false);

    // The second page fails: let go all the same.
    for (let n = 8; n < 12; n += 1) server.seedAgent({ id: crypto.randomUUID(), title: `Agent ${n}` });
    server.faults = [null, 'offline'];
    await expect(pull({ db, transport: server, pageSize: 2, holdRefreshes })).rejects.toMatchObject({ code: 'offline' });
    expect(hold.held()).toBe(false);
  });

  it('reads no job item back on a first pull into an empty table, and still keeps a decision made during the pull on top', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let n = 0; n < 6; n += 1) server.seedJobItem({ id: `j${n}`, status: 'draft' });
    const repository = createJobItemRepository({ db });
    const bulkGet = vi.spyOn(db.jobItems, 'bulkGet');
    const transport: SyncTransport = {
      send: async (r) => {
        if (r.path.includes('since=4')) {
          // Between pages: the user discards j0 (stored by the first page) and the runner changes it on the server.
          await repository.discard('j0');
          server.editJobItemElsewhere('j0', { title: 'Retitled' });
        }
        return server.send(r);
      },
    };

    expect(await pull({ db, transport, pageSize: 2 })).toMatchObject({ pages: 4 });
    expect(bulkGet).not.toHaveBeenCalled();
    expect(await db.jobItems.count()).toBe(6);
    expect(await db.jobItems.get('j0')).toMatchObject({ title: 'Retitled', status: 'skipped', server: { version: 2, status: 'draft' } });

    // Once the table holds rows, a pull reads the page's rows back: one stored newer (by a push answer) is kept.
    await db.jobItems.put({ ...(await db.jobItems.get('j3'))!, title: 'Newer here', version: 9 });
    server.editJobItemElsewhere('j3', { title: 'Older there' });
    await pull({ db, transport, pageSize: 2 });
    expect(bulkGet).toHaveBeenCalled();
    expect(await db.jobItems.get('j3')).toMatchObject({ title: 'Newer here', version: 9 });
  });

  it('refuses an answer of another protocol version', () => {
    expect(() => readPullPage({ protocolVersion: 2, changes: [], nextCursor: '0', hasMore: false, planLimits: {} })).toThrow(/protocol 2/);
    expect(() => readPullPage({ protocolVersion: 1, changes: 'no' })).toThrow(/malformed/);
  });

  it('stores a page of 1,000 job items with one outbox query, one bulkGet and one bulkPut, keeping queued decisions on top', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const agent = server.seedAgent({ id: crypto.randomUUID(), title: 'Agent' });
    for (let n = 0; n < 1000; n += 1) server.addJobItem(jobItem(`j${n}`, agent.id, new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()));
    // A decision on j7 still queued here: the pull must keep it.
    await db.jobItems.put(jobItem('j7', agent.id, '2026-01-01T00:07:00Z') as never);
    await db.outbox.add({
      id: crypto.randomUUID(),
      entity: 'jobItem',
      entityId: 'j7',
      op: 'discard',
      payload: {},
      baseVersion: 1,
      createdAt: 1,
      attempts: 0,
      lastError: null,
      state: 'pending',
    });
    const calls = {
      get: vi.spyOn(db.jobItems, 'get'),
      put: vi.spyOn(db.jobItems, 'put'),
      bulkGet: vi.spyOn(db.jobItems, 'bulkGet'),
      bulkPut: vi.spyOn(db.jobItems, 'bulkPut'),
      outbox: vi.spyOn(db.outbox, 'where'),
    };
    const requests: string[] = [];

    const result = await pull({ db, transport: { send: (r) => (requests.push(r.path), server.send(r)) } });

    expect(requests).toEqual(['/sync/pull?since=0&limit=1000', '/sync/pull?since=1000&limit=1000']);
    expect(result.changes).toBe(1001);
    expect(await db.jobItems.count()).toBe(1000);
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.put).not.toHaveBeenCalled();
    // The first page (the agent and 999 items) and the second (the last item): one of each per page.
    expect(calls.bulkGet).toHaveBeenCalledTimes(2);
    expect(calls.bulkPut).toHaveBeenCalledTimes(2);
    expect(calls.outbox).toHaveBeenCalledTimes(2);
    expect(await db.jobItems.get('j7')).toMatchObject({ status: 'skipped', server: { status: 'draft' } });
    expect(await db.jobItems.get('j8')).toMatchObject({ status: 'draft' });
  });
});
