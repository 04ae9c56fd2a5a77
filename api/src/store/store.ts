import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './sqlite/client';
import type { PgDb } from './postgres/postgres';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The product's database as domain code sees it, whichever engine holds it: queries are built with
 * drizzle and awaited, and every write happens inside `tx`. Domain code awaits every answer, so an
 * engine whose driver is asynchronous (PostgreSQL, issue 17) can hold the data without changing it.
 * The sandbox twins' records have a store of their own, apart from the product's, with the same
 * interface (`sandbox-store.ts`); a transaction of one never joins a transaction of the other.
 */
export interface Store {
  readonly dialect: Dialect;
  /**
   * Where to read: inside a `tx` of this store, that transaction (a read sees its own writes);
   * outside, committed data only (never another transaction's writes in flight).
   */
  readonly db: Db;
  /**
   * Runs `fn` in one transaction and answers what it answers; a throw rolls everything back and is
   * thrown again. Called again inside `fn` (directly or through a service), it joins the same
   * transaction instead of waiting for it. Never do outside I/O (HTTP, mail) inside `fn`: a
   * transaction holds the write lock until it ends.
   */
  tx<T>(fn: (tx: Db) => Promise<T>, options?: TxOptions): Promise<T>;
  /**
   * Runs `fn` inside the transaction under way (one of its own when there is none) so that a throw
   * undoes only what `fn` wrote, and is thrown again; the transaction goes on.
   */
  savepoint<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: runs `effect` once it has committed (never if it rolls back), outside any
   * transaction. Outside one: runs it now. For work that reaches outside the database (mail, a
   * wake-up) and must see what the transaction wrote.
   */
  afterCommit(effect: () => void): void;
  /** Waits for the transactions under way, then closes the connections. */
  close(): Promise<void>;
  /**
   * After personal data was erased: lets the engine's files forget it where the engine can (SQLite:
   * deleted content is zeroed as it goes, and this empties the write-ahead log that still held it).
   */
  forget?(): Promise<void>;
  /** Figures an operator reads (the metrics): kept as the store works, read at any time. */
  readonly stats: StoreStats;
}

/** What a store has done since it opened, and holds now. */
export interface StoreStats {
  /** Transactions begun (a nested `tx` joins its outer one and is not counted). */
  transactions: number;
  /** Transactions that ended by a throw (rolled back). */
  failed: number;
  /** Transactions run again after losing a race (PostgreSQL's serialization failures and deadlocks). */
  retries: number;
  /** Transactions waiting or running now. */
  inFlight: number;
  /** Connections the pool may open (PostgreSQL); SQLite writes through one. */
  poolSize: number;
}

/** Counts a transaction in `stats` while it is waiting or running. */
export async function counted<T>(stats: StoreStats, run: () => Promise<T>): Promise<T> {
  stats.transactions++;
  stats.inFlight++;
  try {
    return await run();
  } catch (error) {
    stats.failed++;
    throw error;
  } finally {
    stats.inFlight--;
  }
}

export interface TxOptions {
  /**
   * For a claim that locks the rows it takes (`FOR UPDATE SKIP LOCKED` on PostgreSQL): run at READ
   * COMMITTED there instead of SERIALIZABLE, so rows another claimant holds are passed over rather
   * than fought over. Only for transactions whose every check is a locked row or a guarded update,
   * or is read after taking a lock that every writer able to change its answer takes too (the
   * runner's reservations, under the user's lock: `modules/runner/reservation.ts`).
   * SQLite has one writer at a time and ignores it; a nested `tx` joins the outer one as it is.
   */
  lockingClaim?: boolean;
  /**
   * Transactions of this process given the same key (a user's id) run one after another. For
   * transactions bound to collide when they overlap, such as two agents of one user reserving
   * against the same daily cap: on PostgreSQL, SERIALIZABLE refuses one of two overlapping ones
   * and it runs again, while in turn both commit at the first attempt. Transactions of other
   * processes still collide and are retried as before; SQLite runs one at a time anyway.
   */
  inTurn?: string;
}

/** The store on PostgreSQL (`postgres-store.ts`). */
export interface PostgresStore extends Store {
  readonly dialect: 'postgres';
  /** The pool, for SQL drizzle cannot say (advisory locks, LISTEN/NOTIFY) and test fixtures. */
  readonly pg: PgDb;
}

export const isPostgresStore = (store: Store): store is PostgresStore => store.dialect === 'postgres';

/** Tasks with the same key run one at a time, in the order asked; different keys run side by side. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last task of a key takes the key out when it ends: the map holds only keys in use.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}

/** A transaction in flight: async work started inside it carries it, so a nested `tx` joins it. */
export interface OpenTx {
  readonly store: Store;
  readonly tx: Db;
  /** False once it committed or rolled back: work it started that outlives it must not join it. */
  open: boolean;
  /** What to run once it has committed. */
  readonly committed: Array<() => void>;
}

export const currentTx = new AsyncLocalStorage<OpenTx>();

/** The open transaction of `store` the calling code runs in, if any. */
export function openTxOf(store: Store): OpenTx | undefined {
  const open = currentTx.getStore();
  return open?.open && open.store === store ? open : undefined;
}

/** The first row of a query's answer, or undefined (what `.get()` was on synchronous SQLite). */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/**
 * How many rows an awaited insert, update or delete (without `returning`) changed: SQLite's answer
 * says `changes`, PostgreSQL's (postgres.js) says `count`. The store's `Db` is typed as SQLite's, so
 * reading `.changes` alone compiles on both engines but is undefined on PostgreSQL.
 */
export function changedRows(result: { changes: number } | { count: number }): number {
  return 'changes' in result ? result.changes : result.count;
}

/**
 * Runs `fn` as `store`'s open transaction `tx`: async work it starts carries it (a nested `tx`
 * joins it) until it ends; `committed` collects what to run once it has committed.
 */
export async function runInTx<T>(store: Store, tx: Db, committed: Array<() => void>, fn: (tx: Db) => Promise<T>): Promise<T> {
  const open: OpenTx = { store, tx, open: true, committed };
  try {
    return await currentTx.run(open, () => fn(tx));
  } finally {
    open.open = false;
  }
}

/**
 * Inside `store`'s open transaction: runs `fn`, and when it throws, forgets what it asked to run
 * after the commit with what it wrote (a notice of a draft it no longer saves). For savepoints.
 */
export async function undoingEffects<T>(store: Store, fn: () => Promise<T>): Promise<T> {
  const effects = openTxOf(store)!.committed;
  const before = effects.length;
  try {
    return await fn();
  } catch (error) {
    effects.length = before;
    throw error;
  }
}

/** `Store.afterCommit`, the same on every engine: queued on the open transaction, or run now outside one. */
export function afterCommitOn(store: Store, effect: () => void): void {
  const open = openTxOf(store);
  if (open) open.committed.push(effect);
  else currentTx.exit(effect);
}
