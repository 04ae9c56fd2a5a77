import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres, type PostgresServer } from '../../testing/postgres-server';
import { openPostgresStore, type PostgresStore } from './postgres-store';
import { pgTables } from '../schema/pg';
import type * as sqlite from '../schema/sqlite';
import { gate } from '../../testing/gate';
import { storeContract } from '../../testing/store-contract';

// CI installs PostgreSQL (.ci/run); a developer machine without it skips these, saying so.
const available = postgresBinDir() !== null || process.env.CI === 'true';
if (!available) console.warn('postgres-store.test.ts skipped: PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN)');

// Domain code builds queries with the tables of schema.ts, typed as SQLite's; here, PostgreSQL's.
const rateHits = pgTables.rateHits as unknown as typeof sqlite.rateHits;
const hit = (key: string) => ({ key, at: new Date(0) });

describe.skipIf(!available)('the PostgreSQL store', () => {
  let server: PostgresServer;
  const stores: PostgresStore[] = [];
  let n = 0;
  const fresh = async () => {
    const store = await openPostgresStore(await server.createDatabase(`store_${++n}`), { max: 6 });
    stores.push(store);
    return store;
  };
  const keys = async (store: PostgresStore) =>
    (await store.db.select({ key: rateHits.key }).from(rateHits).orderBy(rateHits.id)).map((row) => row.key);

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server?.stop();
  });

  storeContract(fresh, rateHits);

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

  it('runs transactions given the same turn one after another, so a check and write passes at the first attempt', async () => {
    const store = await fresh();
    let attempts = 0;
    let open = 0;
    let mostOpen = 0;
    const takeTheLastSlot = (name: string) =>
      store.tx(
        async (tx) => {
          attempts++;
          mostOpen = Math.max(mostOpen, ++open);
          try {
            const taken = await tx.select().from(rateHits).where(eq(rateHits.key, 'slot'));
            // Long enough for the other to start, were it not waiting for its turn.
            await new Promise((resolve) => setTimeout(resolve, 30));
            if (taken.length >= 1) return `${name}: full`;
            await tx.insert(rateHits).values({ key: 'slot', at: new Date(0) });
            return `${name}: took it`;
          } finally {
            open--;
          }
        },
        { inTurn: 'user-1' },
      );
    const answers = await Promise.all([takeTheLastSlot('a'), takeTheLastSlot('b')]);
    expect(answers).toEqual(['a: took it', 'b: full']);
    expect(attempts).toBe(2);
    expect(mostOpen).toBe(1);
  });

  it('runs transactions of different turns side by side, and a failed one does not hold up its turn', async () => {
    const store = await fresh();
    const bothOpen = gate();
    let open = 0;
    const overlapping = (turn: string) =>
      store.tx(
        async (tx) => {
          await tx.insert(rateHits).values(hit(turn));
          if (++open === 2) bothOpen.open();
          await bothOpen.opened;
        },
        { inTurn: turn },
      );
    await Promise.all([overlapping('user-1'), overlapping('user-2')]);
    const failing = store.tx(
      async (tx) => {
        await tx.insert(rateHits).values(hit('rolled back'));
        throw new Error('refused');
      },
      { inTurn: 'user-1' },
    );
    const next = store.tx((tx) => tx.insert(rateHits).values(hit('after')), { inTurn: 'user-1' });
    await expect(failing).rejects.toThrow('refused');
    await next;
    expect((await keys(store)).sort()).toEqual(['after', 'user-1', 'user-2']);
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
