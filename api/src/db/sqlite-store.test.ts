import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

/** A promise and the function that settles it, to hold a transaction open at a chosen point. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the SQLite store', () => {
  it('commits what a transaction wrote and answers what it answered', async () => {
    const store = freshStore();
    const answer = await store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('a'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await keys(store)).toEqual(['a']);
  });

  it('joins a transaction opened inside another one, and reads inside it see its own writes', async () => {
    const store = freshStore();
    const seen = await store.tx(async () => {
      await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
      // A service reading through `store.db` inside the transaction sees the write not yet committed.
      return keys(store);
    });
    expect(seen).toEqual(['inner']);
    expect(await keys(store)).toEqual(['inner']);
  });

  it('rolls back every write, nested ones included, when the transaction throws', async () => {
    const store = freshStore();
    await expect(
      store.tx(async (tx) => {
        await tx.insert(rateHits).values(hit('outer'));
        await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keys(store)).toEqual([]);
    // The store still works after a rollback.
    await store.tx(async (tx) => tx.insert(rateHits).values(hit('after')));
    expect(await keys(store)).toEqual(['after']);
  });

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

  it('never shows a read outside the transaction a write that has not committed', async () => {
    const store = freshStore();
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

describe('a savepoint in the SQLite store', () => {
  it('undoes only what it wrote when it throws; the transaction around it commits the rest', async () => {
    const store = freshStore();
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
});

describe('effects after commit in the SQLite store', () => {
  it('runs them once the outermost transaction has committed, outside it, and never after a rollback', async () => {
    const store = freshStore();
    const seen: string[] = [];
    const effect = (name: string) => () => {
      // What the effect reads: committed rows, not a transaction still open.
      seen.push(`${name} sees ${store.db.select().from(rateHits).all().length}`);
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
    store.afterCommit(effect('outside'));
    expect(seen).toEqual(['body ends', 'nested sees 2', 'outside sees 2']);
  });
});
