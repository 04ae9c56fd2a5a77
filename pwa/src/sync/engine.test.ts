import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAgentRepository } from '../data/agents-repository';
import { createSyncEngine } from './engine';
import { leaseLock, webLock, type LockRequester } from './lock';
import { FakeServer } from './testing/fake-server';
import { sameDb, testDb } from '../data/testing/fake-db';

/** Web Locks in memory: one holder per name, the others queue (what browsers do across tabs). */
function fakeLocks(): LockRequester {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

async function twoTabs() {
  const factory = new IDBFactory();
  const dbA = await testDb('u1', factory);
  const dbB = sameDb(factory);
  const server = new FakeServer('u1');
  server.latencyMs = 2;
  server.limits = { ...server.limits, agents: 10 };
  const repoA = createAgentRepository({ db: dbA, userId: 'u1' });
  const repoB = createAgentRepository({ db: dbB, userId: 'u1' });
  for (let n = 0; n < 3; n += 1) {
    await repoA.createAgent({ title: `From A ${n}`, platform: 'upwork' });
    await repoB.createAgent({ title: `From B ${n}`, platform: 'freelancer' });
  }
  return { dbA, dbB, server };
}

describe('createSyncEngine', () => {
  it('pushes then pulls and records the outcome', async () => {
    const db = await testDb();
    const server = new FakeServer();
    const repo = createAgentRepository({ db, userId: 'u1' });
    const created = await repo.createAgent({ title: 'Mine', platform: 'upwork' });
    const other = server.seedAgent({ id: crypto.randomUUID(), title: 'From the web' });
    const engine = createSyncEngine({ db, transport: server, lock: webLock(fakeLocks()), now: () => 1234 });

    const result = await engine.sync();

    expect(result.push.acknowledged).toBe(1);
    expect(await db.agents.get(other.id)).toBeDefined();
    expect(await db.agents.get(created.id)).toMatchObject({ version: 1, server: { version: 1 } });
    expect(await db.syncState.get('main')).toMatchObject({ lastSyncedAt: 1234, lastError: null });

    server.faults = ['offline'];
    await repo.updateAgent(created.id, { location: 'x' });
    await expect(engine.sync()).rejects.toMatchObject({ code: 'offline' });
    expect((await db.syncState.get('main'))?.lastError).toEqual({ code: 'offline', message: 'Could not reach the server' });
    expect(await engine.pendingCount()).toBe(1);
  });

  it('two tabs (Web Locks) never push at the same time, and every write lands once', async () => {
    const { dbA, dbB, server } = await twoTabs();
    const locks = fakeLocks();
    const tabA = createSyncEngine({ db: dbA, transport: server, lock: webLock(locks) });
    const tabB = createSyncEngine({ db: dbB, transport: server, lock: webLock(locks) });

    await Promise.all([tabA.sync(), tabB.sync(), tabA.sync(), tabB.sync()]);

    expect(server.maxInFlight).toBe(1);
    expect(server.agents.size).toBe(6);
    expect(server.applied).toBe(6);
    expect(await dbA.outbox.count()).toBe(0);
  });

  it('(control) without a lock, the two tabs do overlap', async () => {
    const { dbA, dbB, server } = await twoTabs();
    const none = { run: <T>(task: () => Promise<T>) => task() };
    await Promise.allSettled([
      createSyncEngine({ db: dbA, transport: server, lock: none }).sync(),
      createSyncEngine({ db: dbB, transport: server, lock: none }).sync(),
    ]);
    expect(server.maxInFlight).toBeGreaterThan(1);
  });

  it('two tabs (IndexedDB lease, no Web Locks) never push at the same time', async () => {
    const { dbA, dbB, server } = await twoTabs();
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const tabA = createSyncEngine({ db: dbA, transport: server, lock: leaseLock({ db: dbA, owner: 'A', pollMs: 1, sleep }) });
    const tabB = createSyncEngine({ db: dbB, transport: server, lock: leaseLock({ db: dbB, owner: 'B', pollMs: 1, sleep }) });

    await Promise.all([tabA.sync(), tabB.sync()]);

    expect(server.maxInFlight).toBe(1);
    expect(server.applied).toBe(6);
    expect((await dbA.syncState.get('main'))?.leaseOwner).toBeNull();
  });

  it('a lease whose owner died expires', async () => {
    const db = await testDb();
    let clock = 1000;
    await db.syncState.update('main', { leaseOwner: 'dead-tab', leaseUntil: 5000 });
    const lock = leaseLock({ db, owner: 'me', now: () => clock, sleep: async (ms) => void (clock += ms), pollMs: 1000, ttlMs: 60_000 });

    const ran = await lock.run(async () => clock);

    expect(ran).toBe(5000);
  });
});
