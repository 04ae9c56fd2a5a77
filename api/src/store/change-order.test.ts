import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres, type PostgresServer } from '../testing/postgres-server';
import { holdChangeOrder } from './change-order';
import { openPostgresStore, type PostgresStore } from './postgres/postgres-store';
import { pgTables } from './schema/pg';
import type * as sqlite from './schema/sqlite';
import { gate } from '../testing/gate';

const available = postgresBinDir() !== null || process.env.CI === 'true';
if (!available) console.warn('change-order.test.ts skipped: PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN)');

const changeLog = pgTables.changeLog as unknown as typeof sqlite.changeLog;

describe.skipIf(!available)("a user's change-log positions on PostgreSQL", () => {
  let server: PostgresServer;
  let store: PostgresStore;
  beforeAll(async () => {
    server = await startPostgres();
    store = await openPostgresStore(await server.createDatabase('change_order'), { max: 6 });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  const record = (userId: string, entityId: string) => async (tx: Parameters<Parameters<PostgresStore['tx']>[0]>[0]) => {
    await holdChangeOrder(tx, userId);
    await tx.insert(changeLog).values({ userId, entity: 'agent', entityId, deleted: false, changedAt: new Date() });
  };
  const pull = async (userId: string, since: number) =>
    store.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.userId, userId), gt(changeLog.seq, since)))
      .orderBy(asc(changeLog.seq));
  const waitingOnTheLock = async () => {
    for (;;) {
      const rows = await store.pg.$client<
        Array<{ n: number }>
      >`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('commit in the order they were taken, so a pull that moved past a position never misses an earlier one', async () => {
    const slow = gate();
    const slowWrote = gate();
    // A takes the first position, then is slow to commit.
    const a = store.tx(async (tx) => {
      await record('u1', 'first')(tx);
      slowWrote.open();
      await slow.opened;
    });
    await slowWrote.opened;
    // B writes the same user's next change meanwhile: it waits for A (or, without the order, commits first).
    const b = store.tx(record('u1', 'second'));
    await Promise.race([b, waitingOnTheLock()]);

    // A client pulls now and moves its cursor past what it saw.
    const firstPull = await pull('u1', 0);
    const cursor = firstPull.at(-1)?.seq ?? 0;
    slow.open();
    await Promise.all([a, b]);
    const secondPull = await pull('u1', cursor);
    const seen = [...firstPull, ...secondPull].map((row) => row.entityId);
    expect(seen.sort()).toEqual(['first', 'second']);
  });

  it("does not hold up another user's changes", async () => {
    const slow = gate();
    const slowWrote = gate();
    const a = store.tx(async (tx) => {
      await record('u2', 'held')(tx);
      slowWrote.open();
      await slow.opened;
    });
    await slowWrote.opened;
    await store.tx(record('u3', 'free'));
    expect((await pull('u3', 0)).map((row) => row.entityId)).toEqual(['free']);
    slow.open();
    await a;
  });

  it('keeps every change exactly once for a reader pulling while many writers commit', async () => {
    const writes = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const seen: string[] = [];
    let cursor = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const rows = await pull('u4', cursor);
        for (const row of rows) seen.push(row.entityId);
        cursor = rows.at(-1)?.seq ?? cursor;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Six at a time, each with a read and a pause inside, so their positions interleave.
    for (let i = 0; i < writes.length; i += 6) {
      await Promise.all(
        writes.slice(i, i + 6).map((id) =>
          store.tx(async (tx) => {
            await record('u4', id)(tx);
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          }),
        ),
      );
    }
    writing = false;
    await reader;
    for (const row of await pull('u4', cursor)) seen.push(row.entityId);
    expect(seen.sort()).toEqual([...writes].sort());
  });
});
