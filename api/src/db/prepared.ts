import type Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Tx } from './client';
import { loadedDialect } from './dialect';

/** The better-sqlite3 connection under a database or a transaction on it (drizzle keeps it in its session). */
const connectionOf = (db: Tx): Database.Database => (db as unknown as { session: { client: Database.Database } }).session.client;

const onPostgres = loadedDialect === 'postgres';

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
 * On PostgreSQL the statements are built on each call on the handle given (a transaction's is its
 * own; postgres.js prepares each distinct SQL text once per connection by itself), and answer
 * `all`, `get` and `run` like SQLite's, as promises.
 */
export function preparedOnce<T>(cache: WeakMap<object, T>, db: Tx, build: (db: Tx, connection: Database.Database) => T): T {
  if (onPostgres) return asSqliteStatements(build(db, null as unknown as Database.Database)) as T;
  const connection = connectionOf(db);
  let statements = cache.get(connection);
  if (!statements) {
    statements = build(db, connection);
    cache.set(connection, statements);
  }
  return statements;
}

/** A Date as a placeholder in a `where` takes it: epoch milliseconds on SQLite, ISO 8601 text on PostgreSQL (drizzle hands postgres.js timestamps as text). */
export function timeParam(date: Date): number {
  return (onPostgres ? date.toISOString() : date.getTime()) as number;
}

const isPgPrepared = (value: unknown): value is PgPreparedQuery<PreparedQueryConfig> => is(value, PgPreparedQuery);

/** drizzle's PostgreSQL prepared queries (and records of them) answering SQLite's `all`/`get`/`run`. */
function asSqliteStatements(value: unknown): unknown {
  if (isPgPrepared(value)) {
    const execute = (values?: Record<string, unknown>) => value.execute(values);
    return {
      all: execute,
      // SQLite's `changes`: postgres.js counts the rows a statement changed in `count`.
      run: async (values?: Record<string, unknown>) => ({ changes: ((await execute(values)) as { count?: number }).count ?? 0 }),
      get: async (values?: Record<string, unknown>) => ((await execute(values)) as unknown[])[0],
    };
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asSqliteStatements(inner)]));
  }
  return value;
}
