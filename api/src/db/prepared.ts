import type Database from 'better-sqlite3';
import type { Tx } from './client';

/** The better-sqlite3 connection under a database or a transaction on it (drizzle keeps it in its session). */
const connectionOf = (db: Tx): Database.Database => (db as unknown as { session: { client: Database.Database } }).session.client;

/**
 * Statements prepared once per connection, for the hot paths (the runner runs them for every agent):
 * drizzle otherwise builds the SQL and asks SQLite to prepare it again on every call. A statement
 * prepared through a transaction is bound to the connection, not to that transaction, so it serves
 * the database and every later transaction on it. Dates in a `where` go in as epoch milliseconds
 * (placeholders there skip the column's encoder); inserted values are encoded as usual. `connection`
 * is for the few statements drizzle cannot build with placeholders (an insert from a JSON list).
 * Call it with the store's current handle (`store.db`, or the `tx` of a store transaction for a
 * write) and await what the statement answers, so the call site is already asynchronous: a
 * PostgreSQL store replaces the statements behind the same functions.
 */
export function preparedOnce<T>(cache: WeakMap<object, T>, db: Tx, build: (db: Tx, connection: Database.Database) => T): T {
  const connection = connectionOf(db);
  let statements = cache.get(connection);
  if (!statements) {
    statements = build(db, connection);
    cache.set(connection, statements);
  }
  return statements;
}
