import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gate } from '../../testing/gate';
import { storeContract } from '../../testing/store-contract';
import { tablesFor, tablesOf } from '../schema/index';
import { openSqliteStore, type SqliteStore } from './sqlite-store';
import { currentTx } from '../store';

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
const keys = async (store: SqliteStore) => {
  const { rateHits } = tablesOf(store.db);
  return (await store.db.select({ key: rateHits.key }).from(rateHits).orderBy(rateHits.id)).map((row) => row.key);
};

describe('the SQLite store', () => {
  storeContract(async () => freshStore(), tablesFor('sqlite').rateHits);

  it('runs two transactions asked for at once one after the other', async () => {
    const store = freshStore();
    const steps: string[] = [];
    const hold = gate();
    const first = store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
      steps.push('first begins');
      await hold.opened;
      await tx.insert(rateHits).values(hit('first'));
      steps.push('first ends');
    });
    const second = store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
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
      later = hold.opened.then(() =>
        store.tx(async (tx) => {
          const { rateHits } = tablesOf(tx);
          return void (await tx.insert(rateHits).values(hit('later')));
        }),
      );
    });
    // The first transaction has committed: the late work must not write outside any transaction.
    const other = gate();
    const otherTx = store.tx(async (tx) => {
      const { rateHits } = tablesOf(tx);
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

  describe('group commit', () => {
    /** Counts the COMMITs the store's connection runs. */
    const commitsOf = (store: SqliteStore) => {
      const counted = { commits: 0 };
      const prepare = store.writer.$client.prepare.bind(store.writer.$client);
      vi.spyOn(store.writer.$client, 'prepare').mockImplementation(((source: string) => {
        const statement = prepare(source);
        if (source !== 'COMMIT') return statement;
        const run = statement.run.bind(statement);
        return Object.assign(Object.create(statement), { run: () => (counted.commits++, run()) });
      }) as typeof store.writer.$client.prepare);
      return counted;
    };

    it('commits the transactions that waited together, each rolled back alone when it fails, each caller told only after the commit', async () => {
      const store = freshStore();
      const counted = commitsOf(store);
      const hold = gate();
      const heard: string[] = [];
      const first = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        await hold.opened;
        await tx.insert(rateHits).values(hit('first'));
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      // Three more while the first is under way: they wait, then share one commit.
      const waiting = [
        store.tx(async (tx) => {
          const { rateHits } = tablesOf(tx);
          await tx.insert(rateHits).values(hit('second'));
          store.afterCommit(() => heard.push('second committed'));
        }),
        store.tx(async (tx) => {
          const { rateHits } = tablesOf(tx);
          await tx.insert(rateHits).values(hit('refused'));
          store.afterCommit(() => heard.push('refused committed'));
          throw new Error('refused');
        }),
        store.tx(async (tx) => {
          const { rateHits } = tablesOf(tx);
          // It reads what the one before it in the commit wrote, as if that had committed alone.
          const before = (await tx.select({ key: rateHits.key }).from(rateHits)).map((row) => row.key);
          await tx.insert(rateHits).values(hit(`third saw ${before.join('+')}`));
          return 'third';
        }),
      ];
      const settled = Promise.allSettled(waiting);
      hold.open();
      await first;
      const [second, refused, third] = await settled;
      expect(second?.status).toBe('fulfilled');
      expect(refused).toMatchObject({ status: 'rejected', reason: new Error('refused') });
      expect(third).toEqual({ status: 'fulfilled', value: 'third' });
      expect(heard).toEqual(['second committed']);
      expect(await keys(store)).toEqual(['first', 'second', 'third saw first+second']);
      // The first alone, then the three that waited in one commit.
      expect(counted.commits).toBe(2);
    });

    it('lets no reader see a transaction before its caller is told it committed', async () => {
      const store = freshStore();
      const hold = gate();
      const first = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        await hold.opened;
        await tx.insert(rateHits).values(hit('first'));
      });
      const seen: string[][] = [];
      const second = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        await tx.insert(rateHits).values(hit('second'));
      });
      const third = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        // All three were asked for in one turn and share a commit: the first two have run, but are not
        // committed, so a read outside the transaction sees neither.
        seen.push(await currentTx.exit(() => keys(store)));
        await tx.insert(rateHits).values(hit('third'));
      });
      hold.open();
      await Promise.all([first, second, third]);
      expect(seen).toEqual([[]]);
      expect(await keys(store)).toEqual(['first', 'second', 'third']);
    });

    it('runs again the transactions that had run in a commit SQLite ended, and tells the one it ended in', async () => {
      const store = freshStore();
      const hold = gate();
      let runs = 0;
      const first = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        await hold.opened;
        await tx.insert(rateHits).values(hit('first'));
      });
      const kept = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        runs++;
        await tx.insert(rateHits).values(hit('kept'));
      });
      // What an I/O error or a full disk does: SQLite rolls the whole transaction back.
      const ended = store.tx(async () => {
        store.writer.$client.exec('ROLLBACK');
        throw new Error('disk I/O error');
      });
      const after = store.tx(async (tx) => {
        const { rateHits } = tablesOf(tx);
        return void (await tx.insert(rateHits).values(hit('after')));
      });
      hold.open();
      await first;
      await expect(ended).rejects.toThrow('disk I/O error');
      await Promise.all([kept, after]);
      expect(runs).toBe(2);
      expect(await keys(store)).toEqual(['first', 'kept', 'after']);
    });

    it('runs each transaction in the async context of the code that asked for it', async () => {
      const store = freshStore();
      const request = new AsyncLocalStorage<string>();
      const hold = gate();
      const first = request.run('request A', () => store.tx(async () => void (await hold.opened)));
      const seen = await Promise.all([
        request.run('request B', () => store.tx(async () => request.getStore())),
        request.run('request C', () => store.tx(async () => request.getStore())),
        (hold.open(), first).then(() => 'A done'),
      ]);
      expect(seen).toEqual(['request B', 'request C', 'A done']);
    });
  });
});
