import type { PgDialect } from 'drizzle-orm/pg-core';
import type postgres from 'postgres';
import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type { Db } from '../sqlite/client';
import { closePostgres, DEFAULT_POOL_SIZE, openPostgres, type PgDb, type PostgresOptions } from './postgres';
import {
  afterCommitOn,
  counted,
  currentTx,
  KeyedMutex,
  openTxOf,
  runInTx,
  undoingEffects,
  type PostgresStore,
  type StoreStats,
  type TxOptions,
} from '../store';

/**
 * PostgreSQL answers these when a transaction lost a race it cannot settle on its own: a
 * serialization failure (40001) and a deadlock (40P01). The transaction was rolled back whole, so
 * running it again from the start is safe: a store transaction does nothing outside the database.
 */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * Attempts before the error is the caller's. Conflicts come in bursts (a small table's predicate
 * locks cover whole pages, so writers of different users collide too): eight lanes of a runner
 * on a fresh database ran one transaction out of eight attempts, hence more, further apart.
 */
const MAX_ATTEMPTS = 16;
/** The longest wait between two attempts (ms); it doubles from 2 ms up to this, with jitter. */
const MAX_BACKOFF_MS = 250;

const sqlStateOf = (error: unknown): string | undefined => {
  // drizzle wraps the driver's error (cause); postgres.js puts the SQLSTATE in `code`.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

export type { PostgresStore } from '../store';

/**
 * The store on PostgreSQL (`DATABASE_URL=postgres://…`). Every transaction runs SERIALIZABLE: the
 * domain code was written against SQLite, where one transaction writes at a time, so a check read
 * inside a transaction still holds when it writes. SERIALIZABLE gives that guarantee with many
 * transactions in flight (and many processes): one that would see a different world than a serial
 * order is refused with 40001 and run again here from its start. Reads outside a transaction are
 * plain statements on the pool (each sees what was committed when it began).
 *
 * Domain code builds its queries with the tables its handle names (`tablesOf(tx)` in
 * `schema/index.ts`: PostgreSQL's on this store's handles), so the same code runs on both; `Db` is SQLite's type for both, since
 * the builders domain code uses (select, insert, update, delete, returning, on conflict) behave the
 * same and are awaited.
 */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
  return postgresStore(await openPostgres(url, options), options.max);
}

/** The store on a pool whose database is already migrated (openPostgresStore; tests' template copies). */
export function postgresStore(pg: PgDb, poolSize = DEFAULT_POOL_SIZE): PostgresStore {
  const asDb = (db: unknown) => db as Db;
  let closing: Promise<void> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const turns = new KeyedMutex();
  const stats: StoreStats = { transactions: 0, failed: 0, retries: 0, inFlight: 0, poolSize };

  // drizzle's own `transaction` sends BEGIN, then SET TRANSACTION: a round trip more for every
  // transaction. postgres.js's `begin` says the isolation level in its BEGIN, and drizzle's
  // transaction object is made here on the connection it hands over, as drizzle makes it.
  const session = (pg as unknown as { session: { dialect: PgDialect; schema: never; options: object } }).session;
  const runOnce = async <T>(fn: (tx: Db) => Promise<T>, options: TxOptions): Promise<{ result: T; committed: Array<() => void> }> => {
    const committed: Array<() => void> = [];
    const isolation = options.lockingClaim ? 'isolation level read committed' : 'isolation level serializable';
    const result = (await pg.$client.begin(isolation, async (client) => {
      const txSession = new PostgresJsSession(client as unknown as postgres.Sql, session.dialect, session.schema, session.options);
      const tx = new PostgresJsTransaction(session.dialect, txSession as never, session.schema);
      return runInTx(store, asDb(tx), committed, fn);
    })) as T;
    return { result, committed };
  };

  const store: PostgresStore = {
    dialect: 'postgres',
    pg,
    stats,
    get db() {
      return openTxOf(store)?.tx ?? asDb(pg);
    },
    tx<T>(fn: (tx: Db) => Promise<T>, options: TxOptions = {}): Promise<T> {
      const joined = openTxOf(store);
      if (joined) return fn(joined.tx);
      if (closing) return Promise.reject(new Error('The store is closed'));
      const attempts = async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            const { result, committed } = await runOnce(fn, options);
            for (const effect of committed) currentTx.exit(effect);
            return result;
          } catch (error) {
            if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlStateOf(error) ?? '')) throw error;
            stats.retries++;
            // Jittered and growing, so transactions that collided do not collide again in step.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt)));
          }
        }
      };
      const run = counted(stats, () => (options.inTurn === undefined ? attempts() : turns.run(options.inTurn, attempts)));
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run)).catch(() => undefined);
      return run;
    },
    savepoint<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return store.tx((tx) => {
        // drizzle: a transaction inside a transaction is a savepoint (rolled back alone on a throw).
        const nested = (tx as unknown as PgDb).transaction.bind(tx as unknown as PgDb);
        const outer = openTxOf(store)!;
        return undoingEffects(store, () => nested((inner) => runInTx(store, asDb(inner), outer.committed, fn)));
      });
    },
    afterCommit(effect: () => void): void {
      afterCommitOn(store, effect);
    },
    async close() {
      closing ??= (async () => {
        await Promise.allSettled([...inFlight]);
        await closePostgres(pg);
      })();
      await closing;
    },
  };
  return store;
}
