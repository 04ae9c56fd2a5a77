import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/user';
import type { BidpilotDb } from '../data/db';
import { createJobItemRepository } from '../data/job-items-repository';
import { holdsAllJobItems } from '../data/sync-state-table';
import { testDb } from '../data/testing/fake-db';
import { createSyncEngine, type SyncEngineDeps } from './engine';
import { historyWindowReached } from './history';
import type { SyncLock } from './lock';
import { FakeServer } from './testing/fake-server';
import type { SyncRequest, SyncResponse, SyncTransport } from './transport';

const user: User = {
  id: 'u1',
  email: 'ada@gmail.com',
  platformType: 'upwork',
  emailVerified: true,
  firstName: 'Ada',
  lastName: null,
  skills: ['React'],
  profileTitle: null,
  profileOverview: null,
  workHistory: null,
  portfolio: null,
  upworkProfileUrl: null,
  freelancerProfileUrl: null,
  portfolioLinks: [],
  upworkProfileComplete: false,
  freelancerProfileComplete: false,
  language: 'en',
  timeZone: null,
  referralCode: 'ADA123',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
};

/** One holder at a time, the others wait (the sync lock of one tab). */
function queueLock(): SyncLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>) {
      const run = tail.then(task);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A server with an agent and `count` job items of it, item-0 the oldest; the history routes on. */
function serverWith(count: number): FakeServer {
  const server = new FakeServer('u1');
  server.firstSyncRoutes = true;
  server.setProfile(user);
  server.seedAgent({ id: 'a1', title: 'Data entry' });
  for (let i = 0; i < count; i += 1) server.seedJobItem({ id: `item-${i}`, agentId: 'a1', title: `Job ${i}` });
  // The runner logs the agent again on every run: on a full pull it would come after every item.
  server.editElsewhere('a1', { location: 'Everywhere' });
  return server;
}

/** What the device held when each request was sent: the order of events, not their timing. */
function watched(server: FakeServer, db: BidpilotDb) {
  const seen: Array<{ path: string; agents: number; jobItems: number }> = [];
  const transport: SyncTransport = {
    async send(request: SyncRequest): Promise<SyncResponse> {
      if (request.method === 'GET') {
        const [agents, jobItems] = await Promise.all([db.agents.count(), db.jobItems.count()]);
        seen.push({ path: request.path.split('?')[0]!, agents, jobItems });
      }
      return server.send(request);
    },
  };
  return { transport, seen };
}

/** The fake server's items are made from 2026-01-01 on, a second apart: a day later, all are recent. */
const NOW = Date.parse('2026-01-02T00:00:00Z');

function engineFor(db: BidpilotDb, transport: SyncTransport, extra: Partial<SyncEngineDeps> = {}) {
  return createSyncEngine({
    db,
    transport,
    lock: queueLock(),
    now: () => NOW,
    smallTablesFirst: true,
    historyPageSize: 4,
    historyWindow: { items: 8, days: 90 },
    ...extra,
  });
}

const storedIds = async (db: BidpilotDb) => (await db.jobItems.toArray()).map((item) => item.id).sort();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `item-${from + i}`).sort();

describe("a new device's first sync: the small tables first, the history newest first", () => {
  it('stores the agents and the profile before any job item, then the newest items, and stops at its window', async () => {
    const db = await testDb('u1');
    const server = serverWith(20);
    const { transport, seen } = watched(server, db);

    const result = await engineFor(db, transport).sync();

    // The agent is here before the first history page is asked for, with no job item yet.
    expect(seen.map((s) => s.path)).toEqual(['/sync/start', '/sync/pull', '/sync/history', '/sync/history']);
    expect(seen[2]).toEqual({ path: '/sync/history', agents: 1, jobItems: 0 });
    expect(await db.agents.get('a1')).toMatchObject({ title: 'Data entry', location: 'Everywhere' });
    expect(await db.profile.get('u1')).toMatchObject({ email: 'ada@gmail.com' });
    // The window (8 items): the newest two pages, the older twelve left on the server.
    expect(result.historyPages).toBe(2);
    expect(await storedIds(db)).toEqual(range(12, 19));
    const state = await db.syncState.get('main');
    expect(state?.history).toMatchObject({ stored: 8, total: 20, done: false });
    expect(holdsAllJobItems(state)).toBe(false);
    expect(historyWindowReached(state!.history!, NOW, { items: 8, days: 90 })).toBe(true);

    // A later sync pulls from the cursor and fetches no more history.
    server.received.length = 0;
    await engineFor(db, server).sync();
    expect(server.received.map((r) => r.path.split('?')[0])).toEqual(['/sync/pull']);
  });

  it('stops at items older than its days, whatever their number', async () => {
    const db = await testDb('u1');
    const server = serverWith(20);
    // 91 days on: the first page reaches past the window.
    await engineFor(db, server, { now: () => NOW + 91 * 24 * 3600_000 }).sync();
    expect(await storedIds(db)).toEqual(range(16, 19));
  });

  it('loads older items when a screen asks, up to the oldest, and then holds them all', async () => {
    const db = await testDb('u1');
    const server = serverWith(20);
    const engine = engineFor(db, server);
    await engine.sync();

    expect(await engine.olderHistory(2)).toBe(2);
    expect(await storedIds(db)).toEqual(range(4, 19));
    expect(await engine.olderHistory(2)).toBe(1);
    expect(await storedIds(db)).toEqual(range(0, 19));
    expect(holdsAllJobItems(await db.syncState.get('main'))).toBe(true);
    expect(await engine.olderHistory(2)).toBe(0);
  });

  it('never brings back an item changed or deleted after the start: the pull brings its later state', async () => {
    const db = await testDb('u1');
    const server = serverWith(6);
    let edited = false;
    const transport: SyncTransport = {
      async send(request) {
        const answer = await server.send(request);
        if (request.path === '/sync/start' && !edited) {
          // Between the start and the history: the runner changes one item, another is deleted.
          edited = true;
          server.editJobItemElsewhere('item-4', { title: 'Renamed', status: 'completed' });
          server.deleteJobItemElsewhere('item-3');
        }
        return answer;
      },
    };
    await engineFor(db, transport, { historyWindow: { items: 100, days: 90 } }).sync();

    expect(await storedIds(db)).toEqual(['item-0', 'item-1', 'item-2', 'item-4', 'item-5']);
    expect(await db.jobItems.get('item-4')).toMatchObject({ title: 'Renamed', status: 'completed', version: 2 });
    expect(holdsAllJobItems(await db.syncState.get('main'))).toBe(true);
  });

  it('keeps a decision made while the history loads, and sends it exactly once', async () => {
    const db = await testDb('u1');
    const server = serverWith(12);
    const engine = engineFor(db, server);
    await engine.sync();
    const repo = createJobItemRepository({ db, now: () => Date.UTC(2026, 1, 1) });
    await repo.discard('item-11');

    // The older pages come while the decision waits; then the push, then a sync again.
    await engine.olderHistory(1);
    await Promise.all([engine.sync(), engine.olderHistory(1)]);
    await engine.sync();

    expect(await db.jobItems.get('item-11')).toMatchObject({ status: 'skipped' });
    expect(server.received.filter((r) => r.method !== 'GET').map((r) => r.path)).toEqual(['/job-items/item-11/discard']);
    expect(server.applied).toBe(1);
    expect(await storedIds(db)).toEqual(range(0, 11));
  });

  it('a pull that starts the log over ends the history (it brings every record itself)', async () => {
    const db = await testDb('u1');
    const server = serverWith(12);
    const engine = engineFor(db, server);
    await engine.sync();
    expect(holdsAllJobItems(await db.syncState.get('main'))).toBe(false);
    // While the device is away, a deletion's tombstone outlives its retention.
    server.editJobItemElsewhere('item-0', { title: 'Old one, edited' });
    server.deleteElsewhere('a1');
    server.pruneTombstones();
    server.seedAgent({ id: 'a2', title: 'Logo design' });

    await engine.sync();

    expect(holdsAllJobItems(await db.syncState.get('main'))).toBe(true);
    expect(await db.agents.get('a1')).toBeUndefined();
    expect(await db.jobItems.get('item-0')).toMatchObject({ title: 'Old one, edited' });
  });

  it('on a server without the history routes, pulls the whole log as before', async () => {
    const db = await testDb('u1');
    const server = serverWith(6);
    server.firstSyncRoutes = false;
    await engineFor(db, server).sync();
    expect(await storedIds(db)).toEqual(range(0, 5));
    expect((await db.syncState.get('main'))?.history).toBeUndefined();
  });
});

describe('holdsAllJobItems', () => {
  const base = { key: 'main' as const, userId: 'u1', lastSyncedAt: null, lastError: null };
  const history = { upTo: '9', before: null, stored: 0, total: 5 };
  it.each([
    ['no sync state (not known yet)', undefined, false],
    ['never synced (not known yet)', { ...base, cursor: '0' }, false],
    ['the whole log pulled (no history)', { ...base, cursor: '42' }, true],
    ['a history still to fetch', { ...base, cursor: '9', history: { ...history, done: false } }, false],
    ['the history fetched to its end', { ...base, cursor: '9', history: { ...history, done: true } }, true],
    ['a user with nothing logged yet, started', { ...base, cursor: '0', history: { ...history, total: 0, done: true } }, true],
  ])('%s', (_name, state, expected) => {
    expect(holdsAllJobItems(state)).toBe(expected);
  });
});
