import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres, type PostgresServer } from '../test/postgres-server';
import { openPostgresStore, type PostgresStore } from './postgres-store';
import { pgTables } from './schema-pg';
import type * as sqlite from './schema-sqlite';

// CI installs PostgreSQL (.ci/run); a developer machine without it skips these, saying so.
const available = postgresBinDir() !== null || process.env.CI === 'true';
if (!available) console.warn('postgres-store.test.ts skipped: PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN)');

// Domain code builds queries with the tables of schema.ts, typed as SQLite's; here, PostgreSQL's.
const rateHits = pgTables.rateHits as unknown as typeof sqlite.rateHits;
const hit = (key: string) => ({ key, at: new Date(0) });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.skipIf(!available)('the PostgreSQL store', () => {
  let server: PostgresServer;
  const stores: PostgresStore[] = [];
  let n = 0;
  const fresh = async () => {
    const store = await openPostgresStore(await server.createDatabase(`store_${++n}`), { max: 6 });
    stores.push(store);
    return store;
  };
  const keys = async (store: PostgresStore) => (await store.db.select({ key: rateHits.key }).from(rateHits).orderBy(rateHits.id)).map((row) => row.key);

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server?.stop();
  });

  it('commits what a transaction wrote, joins nested ones, and reads inside see its own writes', async () => {
    const store = await fresh();
    const seen = await store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('outer'));
      await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
      return keys(store);
    });
    expect(seen).toEqual(['outer', 'inner']);
    expect(await keys(store)).toEqual(['outer', 'inner']);
  });

  it('rolls back every write, nested ones included, when the transaction throws', async () => {
    const store = await fresh();
    await expect(
      store.tx(async (tx) => {
        await tx.insert(rateHits).values(hit('outer'));
        await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keys(store)).toEqual([]);
  });

  it('never shows a read outside the transaction a write that has not committed', async () => {
    const store = await fresh();
    const wrote = gate();
    const hold = gate();
    const writing = store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('pending'));
      wrote.open();
      await hold.opened;
    });
    await wrote.opened;
    expect(await keys(store)).toEqual([]);
    hold.open();
    await writing;
    expect(await keys(store)).toEqual(['pending']);
  });

  it('lets only one of two transactions that check and then write pass the check (the other runs again and sees it)', async () => {
    // The shape of every cap in the product: count, and write only if under the cap. With SQLite one
    // transaction writes at a time; here both run at once, and SERIALIZABLE with a retry keeps the cap.
    const store = await fresh();
    const bothRead = { count: 0, ready: gate() };
    let attempts = 0;
    const takeTheLastSlot = (name: string) =>
      store.tx(async (tx) => {
        attempts++;
        const taken = await tx.select().from(rateHits).where(eq(rateHits.key, 'slot'));
        if (++bothRead.count === 2) bothRead.ready.open();
        // The first attempts wait until both have read, so they truly overlap.
        if (attempts <= 2) await bothRead.ready.opened;
        if (taken.length >= 1) return `${name}: full`;
        await tx.insert(rateHits).values({ key: 'slot', at: new Date(0) });
        return `${name}: took it`;
      });
    const answers = (await Promise.all([takeTheLastSlot('a'), takeTheLastSlot('b')])).sort();
    expect(answers.filter((a) => a.endsWith('took it'))).toHaveLength(1);
    expect(answers.filter((a) => a.endsWith('full'))).toHaveLength(1);
    expect(await keys(store)).toEqual(['slot']);
    expect(attempts).toBe(3);
  });

  it('undoes only what a savepoint wrote when it throws; the transaction around it commits the rest', async () => {
    const store = await fresh();
    await store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('kept'));
      await expect(
        store.savepoint(async (inner) => {
          await inner.insert(rateHits).values(hit('undone'));
          throw new Error('this part fails');
        }),
      ).rejects.toThrow('this part fails');
      await store.savepoint(async (inner) => inner.insert(rateHits).values(hit('also kept')));
    });
    expect(await keys(store)).toEqual(['kept', 'also kept']);
  });

  it('runs effects once the outermost transaction has committed, and never after a rollback', async () => {
    const store = await fresh();
    const seen: string[] = [];
    const reads: Array<Promise<void>> = [];
    const effect = (name: string) => () => {
      reads.push(keys(store).then((k) => void seen.push(`${name} sees ${k.length}`)));
    };
    await store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('a'));
      await store.tx(async () => store.afterCommit(effect('nested')));
      await tx.insert(rateHits).values(hit('b'));
      seen.push('body ends');
    });
    await expect(
      store.tx(async (tx) => {
        await tx.insert(rateHits).values(hit('c'));
        store.afterCommit(effect('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await Promise.all(reads);
    expect(seen).toEqual(['body ends', 'nested sees 2']);
  });

  it('waits for the transactions under way before it closes', async () => {
    const url = await server.createDatabase('closing');
    const store = await openPostgresStore(url, { max: 2 });
    const hold = gate();
    const writing = store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('late'));
      await hold.opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = store.close();
    hold.open();
    await writing;
    await closing;
    await expect(store.tx(async () => undefined)).rejects.toThrow('closed');
    const again = await openPostgresStore(url, { max: 1 });
    stores.push(again);
    expect(await keys(again)).toEqual(['late']);
  });
});
