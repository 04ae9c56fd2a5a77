import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../kernel/clock';
import { testDialect } from '../testing/test-dialect';
import { tablesOf } from './schema/index';
import { openSqliteStore, type SqliteStore } from './sqlite/sqlite-store';
import { first } from './store';
import { createLogger } from '../kernel/logger';
import { makeTestApp, type TestApp } from '../testing/harness';
import { localWakeups, tableWakeups, type WakeTopic } from './wakeups';

const log = createLogger('silent');
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const done of cleanup.splice(0)) done();
});

/** Two processes' stores on one file. */
function twoConnections(): [SqliteStore, SqliteStore] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-wakeups-'));
  const a = openSqliteStore(path.join(dir, 'db.sqlite'));
  const b = openSqliteStore(path.join(dir, 'db.sqlite'));
  cleanup.push(() => {
    a.closeNow();
    b.closeNow();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return [a, b];
}

// SQLite's own: the polled table is how processes on one SQLite file wake each other (server.ts);
// on PostgreSQL they use NOTIFY instead, tested in notify-wakeups.test.ts.
describe.skipIf(testDialect() !== 'sqlite')('wake-ups through the database', () => {
  it("reach another process's listeners, and this process's own listeners once", async () => {
    const [dbA, dbB] = twoConnections();
    const clock = manualClock();
    const a = tableWakeups(dbA, clock, log, { pollMs: 5 });
    const b = tableWakeups(dbB, clock, log, { pollMs: 5 });
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    const heardByA: WakeTopic[] = [];
    const heardByB: WakeTopic[] = [];
    a.listen((topic) => heardByA.push(topic));
    b.listen((topic) => heardByB.push(topic));

    a.signal('sends');
    await vi.waitFor(() => expect(heardByB).toEqual(['sends']));
    b.signal('agents');
    await vi.waitFor(() => expect(heardByA).toEqual(['sends', 'agents']));
    // Several polls later, nothing was told twice.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heardByA).toEqual(['sends', 'agents']);
    expect(heardByB).toEqual(['sends', 'agents']);
  });

  it('are not replayed to a listener that starts after them', async () => {
    const [dbA, dbB] = twoConnections();
    const clock = manualClock();
    const a = tableWakeups(dbA, clock, log, { pollMs: 5 });
    a.signal('agents');
    // The signal's row is written in a transaction of its own: B starts listening once it is there.
    await vi.waitFor(() => {
      const { wakeups } = tablesOf(dbA.db);
      return expect(dbB.writer.select().from(wakeups).all()).toHaveLength(1);
    });
    const b = tableWakeups(dbB, clock, log, { pollMs: 5 });
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    const heard: WakeTopic[] = [];
    b.listen((topic) => heard.push(topic));
    // B's first look notes where the table ends; later rows are what it tells.
    await new Promise((resolve) => setTimeout(resolve, 20));
    a.signal('sends');
    await vi.waitFor(() => expect(heard).toEqual(['sends']));
  });
});

describe('the runner woken by a change made through the API', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.app.runner.stop();
    t.close();
  });

  it('runs an agent the moment it is activated, though its schedule would wait a year', async () => {
    t = makeTestApp({}, { inProcessMarketplaces: true });
    t.app.runner.start('0 0 1 1 *', t.app.wakeups);
    const { token } = await t.signup('ada@gmail.com', 'Sturdy-Pass1', { platformType: 'freelancer' });
    const created = await t.call(
      'POST',
      '/api/automations',
      { title: 'developer', platform: 'freelancer', sendMode: 'review', emailsPerDay: 5, startTime: '00:00', endTime: '23:59' },
      t.auth(token),
    );
    const lastRun = async () => {
      const { agents } = tablesOf(t.db);
      return (await first(t.db.select({ lastRun: agents.lastRun }).from(agents).where(eq(agents.id, created.json.id))))?.lastRun ?? null;
    };
    // Created paused: nothing woke the runner for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lastRun()).toBeNull();

    expect((await t.call('PUT', `/api/automations/status/${created.json.id}`, { status: 'active' }, t.auth(token))).status).toBe(200);
    await vi.waitFor(async () => expect(await lastRun()).not.toBeNull(), { timeout: 10_000 });
  });
});

// SQLite's own: a signal given inside a transaction is heard after the commit because a SQLite
// transaction awaits only microtasks (wakeups.ts). A PostgreSQL transaction awaits the network, so
// there a listener may run while it is still open; the product gives its signals after commit
// (store.afterCommit), which holds on both engines.
describe.skipIf(testDialect() !== 'sqlite')('wake-ups within one process', () => {
  it('reach a listener only once the transaction that signalled has committed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-wakeups-'));
    const store = openSqliteStore(path.join(dir, 'db.sqlite'));
    cleanup.push(() => {
      store.closeNow();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const wakeups = localWakeups();
    const seen: number[] = [];
    const heard = new Promise<void>((resolve) =>
      wakeups.listen(() => {
        const { rateHits } = tablesOf(store.db);
        // What a runner woken here would read: committed rows only.
        seen.push(store.db.select().from(rateHits).all().length);
        resolve();
      }),
    );
    await store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
      await tx.insert(rateHits).values({ key: 'k', at: new Date(0) });
      wakeups.signal('agents');
      await tx.insert(rateHits).values({ key: 'k', at: new Date(1) });
    });
    await heard;
    expect(seen).toEqual([2]);
  });
});
