import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type FreshStore } from '../testing/fresh-store';
import { gate } from '../testing/gate';
import type { Tx } from './sqlite/client';
import { testDialect } from '../testing/test-dialect';
import { preparedOnce } from './prepared';
import { tablesOf } from './schema/index';

let dir: string;
let opened: FreshStore;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-prepared-'));
  opened = freshStore(dir);
});
afterEach(() => {
  opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A builder that counts how often it is asked to build. */
function countingBuilder() {
  const counted = { builds: 0 };
  const build = (db: Tx) => {
    const { rateHits } = tablesOf(db);
    counted.builds++;
    return {
      keys: db
        .select({ key: rateHits.key })
        .from(rateHits)
        .where(eq(rateHits.key, sql.placeholder('key')))
        .orderBy(asc(rateHits.id))
        .prepare(),
    };
  };
  const cache = new WeakMap<object, ReturnType<typeof build>>();
  return { counted, statements: (db: Tx) => preparedOnce(cache, db, build) };
}

describe(`statements prepared once (${testDialect()})`, () => {
  it('are built once and answer on the database and in every later transaction, each seeing what it should', async () => {
    const { store } = opened;
    const { counted, statements } = countingBuilder();
    expect(await statements(store.db).keys.all({ key: 'a' })).toEqual([]);
    const held = gate();
    const written = gate();
    // A transaction writes a row and is held open: the statement run in it sees the row, the same
    // statement run on the database (committed data) does not, until the transaction commits.
    const transaction = store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
      await tx.insert(rateHits).values({ key: 'a', at: new Date(0) });
      expect(await statements(tx).keys.all({ key: 'a' })).toEqual([{ key: 'a' }]);
      written.open();
      await held.opened;
    });
    await written.opened;
    if (testDialect() === 'postgres') expect(await statements(store.db).keys.all({ key: 'a' })).toEqual([]);
    held.open();
    await transaction;
    expect(await statements(store.db).keys.all({ key: 'a' })).toEqual([{ key: 'a' }]);
    await store.tx(async (tx) => expect(await statements(tx).keys.all({ key: 'b' })).toEqual([]));
    // SQLite: one build per connection (its reader and its writer); PostgreSQL: one for the process.
    expect(counted.builds).toBeLessThanOrEqual(testDialect() === 'postgres' ? 1 : 2);
  });

  it('build again on every call a builder that answers functions bound to its handle', async () => {
    const { store } = opened;
    let builds = 0;
    const cache = new WeakMap<object, { count(): Promise<number> }>();
    const build = (db: Tx) => {
      const { rateHits } = tablesOf(db);
      builds++;
      return { count: async () => (await db.select({ key: rateHits.key }).from(rateHits)).length };
    };
    await store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
      await tx.insert(rateHits).values({ key: 'c', at: new Date(0) });
      expect(await preparedOnce(cache, tx, build).count()).toBe(1);
    });
    await store.tx(async (tx) => expect(await preparedOnce(cache, tx, build).count()).toBe(1));
    // SQLite keeps them per connection (the writer's); PostgreSQL builds them for each handle.
    expect(builds).toBe(testDialect() === 'postgres' ? 2 : 1);
  });
});
