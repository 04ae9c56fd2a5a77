import type Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Tx } from './sqlite/client';
import { dialectOfDb } from './schema/index';

/** The better-sqlite3 connection under a database or a transaction on it (drizzle keeps it in its session). */
const connectionOf = (db: Tx): Database.Database => (db as unknown as { session: { client: Database.Database } }).session.client;

/**
 * Statements prepared once per connection, for the hot paths (the runner runs them for every agent):
 * drizzle otherwise builds the SQL and asks SQLite to prepare it again on every call. A statement
 * prepared through a transaction is bound to the connection, not to that transaction, so it serves
 * the database and every later transaction on it. Dates in a `where` go in through `timeParam`
 * (placeholders there skip the column's encoder); inserted values are encoded as usual. `connection`
 * is for the few statements drizzle cannot build with placeholders (an insert from a JSON list); it
 * is SQLite's alone, so a builder using it says what to do on PostgreSQL (`connection` is null there).
 * Call it with the store's current handle (`store.db`, or the `tx` of a store transaction for a
 * write) and await what the statement answers.
 *
 * On PostgreSQL drizzle builds the statements once per process too (building is most of drizzle's
 * cost there: every chunk of every query is checked against a chain of classes), and each call
 * runs them on the handle given, a transaction's or the pool's; postgres.js prepares each SQL text
 * once per connection by itself. They answer `all`, `get` and `run` like SQLite's, as promises. A
 * builder that answers anything but drizzle's prepared queries (functions bound to the handle, as
 * where it has no placeholder form) is built again on every call.
 */
export function preparedOnce<T>(cache: WeakMap<object, T>, db: Tx, build: (db: Tx, connection: Database.Database) => T): T {
  if (dialectOfDb(db) === 'postgres') return asSqliteStatements(builtOnPostgres(cache, db, build), clientOf(db)) as T;
  const connection = connectionOf(db);
  let statements = cache.get(connection);
  if (!statements) {
    statements = build(db, connection);
    cache.set(connection, statements);
  }
  return statements;
}

/**
 * A Date as a placeholder in a `where` on `db`'s engine takes it: epoch milliseconds on SQLite, ISO
 * 8601 text on PostgreSQL (drizzle hands postgres.js timestamps as text).
 */
export function timeParam(db: object, date: Date): number {
  return (dialectOfDb(db) === 'postgres' ? date.toISOString() : date.getTime()) as number;
}

const isPgPrepared = (value: unknown): value is PgPreparedQuery<PreparedQueryConfig> => is(value, PgPreparedQuery);

/** Where a builder's statements are kept on PostgreSQL: one entry per builder, not per connection. */
const POSTGRES = {};
/** Kept for a builder whose statements are not all prepared queries (built on every call). */
const BUILT_EACH_CALL = Symbol('built each call');

/** The postgres.js client under a drizzle database or transaction (drizzle keeps it in its session). */
const clientOf = (db: Tx): unknown => (db as unknown as { session: { client: unknown } }).session.client;

function builtOnPostgres<T>(cache: WeakMap<object, T>, db: Tx, build: (db: Tx, connection: Database.Database) => T): unknown {
  const kept = cache.get(POSTGRES) as T | typeof BUILT_EACH_CALL | undefined;
  if (kept === BUILT_EACH_CALL) return build(db, null as unknown as Database.Database);
  if (kept !== undefined) return kept;
  const built = build(db, null as unknown as Database.Database);
  cache.set(POSTGRES, onlyPrepared(built) ? built : (BUILT_EACH_CALL as T));
  return built;
}

/** Whether a builder's answer is drizzle's prepared queries alone (or records of them). */
function onlyPrepared(value: unknown): boolean {
  if (isPgPrepared(value)) return true;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every(onlyPrepared);
  return false;
}

/**
 * drizzle's PostgreSQL prepared queries (and records of them) answering SQLite's `all`/`get`/`run`,
 * run on `client`: a query built on one handle runs on another with the same SQL and parameters.
 */
function asSqliteStatements(value: unknown, client: unknown): unknown {
  if (isPgPrepared(value)) {
    const query =
      (value as unknown as { client: unknown }).client === client
        ? value
        : (Object.create(value, { client: { value: client } }) as typeof value);
    const execute = (values?: Record<string, unknown>) => query.execute(values);
    return {
      all: execute,
      // SQLite's `changes`: postgres.js counts the rows a statement changed in `count`.
      run: async (values?: Record<string, unknown>) => ({ changes: ((await execute(values)) as { count?: number }).count ?? 0 }),
      get: async (values?: Record<string, unknown>) => ((await execute(values)) as unknown[])[0],
    };
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asSqliteStatements(inner, client)]));
  }
  return value;
}
