import { expect, it } from 'vitest';
import type * as sqlite from '../store/schema/sqlite';
import type { Store } from '../store/store';
import { gate } from './gate';

/**
 * What every store promises domain code, as tests: `describe` a store's suite and call this in it
 * with a way to open a fresh one, and the `rate_hits` table as that store's engine names it.
 */
export function storeContract(fresh: () => Promise<Store>, rateHits: typeof sqlite.rateHits): void {
  const hit = (key: string) => ({ key, at: new Date(0) });
  const keys = async (store: Store) =>
    (await store.db.select({ key: rateHits.key }).from(rateHits).orderBy(rateHits.id)).map((row) => row.key);

  it('commits what a transaction wrote, answers what it answered, and joins a transaction opened inside it, whose writes its reads see', async () => {
    const store = await fresh();
    const answer = await store.tx(async (tx) => {
      await tx.insert(rateHits).values(hit('outer'));
      await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
      // A service reading through `store.db` inside the transaction sees the writes not yet committed.
      return keys(store);
    });
    expect(answer).toEqual(['outer', 'inner']);
    expect(await keys(store)).toEqual(['outer', 'inner']);
  });

  it('rolls back every write, nested ones included, when the transaction throws, and works on after it', async () => {
    const store = await fresh();
    await expect(
      store.tx(async (tx) => {
        await tx.insert(rateHits).values(hit('outer'));
        await store.tx(async (inner) => inner.insert(rateHits).values(hit('inner')));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await keys(store)).toEqual([]);
    await store.tx(async (tx) => tx.insert(rateHits).values(hit('after')));
    expect(await keys(store)).toEqual(['after']);
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

  it('drops the effects a savepoint asked for when it throws, and keeps the others', async () => {
    const store = await fresh();
    const seen: string[] = [];
    await store.tx(async () => {
      store.afterCommit(() => seen.push('before'));
      await expect(
        store.savepoint(async () => {
          store.afterCommit(() => seen.push('undone'));
          throw new Error('this part fails');
        }),
      ).rejects.toThrow('this part fails');
      await store.savepoint(async () => store.afterCommit(() => seen.push('kept')));
    });
    expect(seen).toEqual(['before', 'kept']);
  });

  it('runs effects once the outermost transaction has committed, outside it, and never after a rollback', async () => {
    const store = await fresh();
    const seen: string[] = [];
    const rowsSeen: Record<string, number> = {};
    const reads: Array<Promise<void>> = [];
    // What an effect reads: committed rows, not a transaction still open.
    const effect = (name: string) => () => {
      seen.push(name);
      reads.push(keys(store).then((k) => void (rowsSeen[name] = k.length)));
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
    await Promise.all(reads);
    expect(seen).toEqual(['body ends', 'nested', 'outside']);
    expect(rowsSeen).toEqual({ nested: 2, outside: 2 });
  });
}
