import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { closeDatabase, openDatabase, type Db } from './client';
import * as schema from '../schema/sqlite';
import { groupCommit } from './group-commit';
import { cacheStatements } from './statement-cache';
import { afterCommitOn, counted, currentTx, openTxOf, runInTx, undoingEffects, type Store, type StoreStats } from '../store';
import { PRODUCT_MIGRATIONS, type Migrations } from '../migrations';

/** The SQLite store; `writer` is its migrated read-write connection (see `openSqliteStore`). */
export interface SqliteStore extends Store {
  /**
   * The read-write connection, for code not yet moved to `tx` and for SQLite-only test fixtures:
   * a write through it outside `tx` lands in whichever transaction this process has open.
   */
  readonly writer: Db;
  /** Closes at once, for callers that know no transaction is under way (tests between cases). */
  closeNow(): void;
}

/**
 * The store on one SQLite file: the migrated writer connection, used by `tx` (this process's
 * transactions one at a time, since SQLite has one writer anyway, and those that waited committed
 * together: see group-commit.ts; BEGIN IMMEDIATE so another process on the file waits its turn at
 * the start instead of failing midway), and a read-only connection for reads outside transactions,
 * so no read sees a transaction's writes before it commits. The product's file unless `migrations`
 * say otherwise (the sandbox's file: `store/sandbox-store.ts`).
 */
export function openSqliteStore(file: string, migrations: Migrations = PRODUCT_MIGRATIONS): SqliteStore {
  const writer = openDatabase(file, migrations);
  // An in-memory database exists only on its own connection: there reads share the writer's.
  const reader = file === ':memory:' ? writer : (drizzle(new Database(file, { readonly: true }), { schema }) as Db);
  if (reader !== writer) {
    reader.$client.pragma('busy_timeout = 5000');
    cacheStatements(reader.$client);
  }
  const commits = groupCommit(writer.$client);
  let savepoints = 0;
  const stats: StoreStats = { transactions: 0, failed: 0, retries: 0, inFlight: 0, poolSize: 1 };

  const store: SqliteStore = {
    dialect: 'sqlite',
    writer,
    stats,
    get db() {
      return openTxOf(store)?.tx ?? reader;
    },
    tx<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // TxOptions do not apply: one transaction writes at a time.
      const joined = openTxOf(store);
      if (joined) return fn(joined.tx);
      return counted(stats, () =>
        commits.run(async () => {
          const committed: Array<() => void> = [];
          const value = await runInTx(store, writer, committed, fn);
          return { value, effects: committed.map((effect) => () => currentTx.exit(effect)) };
        }),
      );
    },
    savepoint<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return store.tx((tx) =>
        undoingEffects(store, async () => {
          const name = `sp${++savepoints}`;
          writer.$client.exec(`SAVEPOINT ${name}`);
          try {
            const result = await fn(tx);
            writer.$client.exec(`RELEASE ${name}`);
            return result;
          } catch (error) {
            writer.$client.exec(`ROLLBACK TO ${name}`);
            writer.$client.exec(`RELEASE ${name}`);
            throw error;
          }
        }),
      );
    },
    afterCommit(effect: () => void): void {
      afterCommitOn(store, effect);
    },
    async close() {
      await commits.idle();
      store.closeNow();
    },
    async forget() {
      await commits.idle();
      // Copies the log into the file (whose deleted content secure_delete zeroed) and empties it; a
      // reader in the middle of a read keeps the log until the next time.
      if (writer.$client.open) writer.$client.pragma('wal_checkpoint(TRUNCATE)');
    },
    closeNow() {
      if (reader !== writer && reader.$client.open) reader.$client.close();
      closeDatabase(writer);
    },
  };
  return store;
}
