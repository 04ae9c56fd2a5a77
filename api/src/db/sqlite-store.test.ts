import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gate } from '../test/gate';
import { storeContract } from '../test/store-contract';
import { rateHits } from './schema';
import { openSqliteStore, type SqliteStore } from './sqlite-store';

const opened: Array<{ store: SqliteStore; dir: string }> = [];
afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function freshStore(): SqliteStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-store-'));
  const store = openSqliteStore(path.join(dir, 'db.sqlite'));
  opened.push({ store, dir });
  return store;
}

const hit = (key: string) => ({ key, at: new Date(0) });
const keys = async (store: SqliteStore) => (await store.db.select({ key: rateHits.key }).from(rateHits).orderBy(rateHits.id)).map((row) => row.key);

describe('the SQLite store', () => {
  storeContract(async () => freshStore(), rateHits);

  it('runs two transactions asked for at once one after the other', async () => {
    const store = freshStore();
    const steps: string[] = [];
    const hold = gate();
    const first = store.tx(async (tx) => {
      steps.push('first begins');
      await hold.opened;
      await tx.insert(rateHits).values(hit('first'));
      steps.push('first ends');
    });
    const second = store.tx(async (tx) => {
      steps.push('second begins');
      // It sees what the first one committed.
      steps.push(`second reads ${(await tx.select().from(rateHits)).length}`);
      await tx.insert(rateHits).values(hit('second'));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(['first begins']);
    hold.open();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first begins', 'first ends', 'second begins', 'second reads 1']);
    expect(await keys(store)).toEqual(['first', 'second']);
  });

  it('lets work a transaction started but that outlives it take a transaction of its own', async () => {
    const store = freshStore();
    let later: Promise<void> | undefined;
    const hold = gate();
    await store.tx(async () => {
      later = hold.opened.then(() => store.tx(async (tx) => void (await tx.insert(rateHits).values(hit('later')))));
    });
    // The first transaction has committed: the late work must not write outside any transaction.
    const other = gate();
    const otherTx = store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('other'));
      await other.opened;
      throw new Error('other rolls back');
    });
    hold.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    other.open();
    await expect(otherTx).rejects.toThrow('other rolls back');
    await later;
    expect(await keys(store)).toEqual(['later']);
  });
});
