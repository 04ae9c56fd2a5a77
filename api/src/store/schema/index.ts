import { is } from 'drizzle-orm';
import { PgDatabase } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { derivePgTables } from './pg-derive';
import * as sqlite from './sqlite';
import type { Dialect } from '../store';

/**
 * The product's tables, for the engine a caller names: SQLite's (`sqlite.ts`, where every table is
 * described) or their PostgreSQL twins derived from them (`pg-derive.ts`). Nothing is chosen when a
 * module loads: a store carries its engine's tables (`store.tables`), and code that was handed a
 * database or a transaction asks it (`tablesOf(tx)`), so one process can hold a SQLite and a
 * PostgreSQL store side by side. Both sets are typed as the SQLite ones: rows have the same
 * JavaScript shape on both (Dates, booleans, JSON, numbers).
 */
export { SUBSCRIPTION_STATUSES } from './sqlite';
export type { AgentRow, BillingClaimRow, JobItemRow, MatchSignalRow, PaymentRow, SessionRow, SubscriptionRow, UserRow } from './sqlite';

/** The export names of a schema module that are tables. */
type TableNames<M> = { [K in keyof M]: M[K] extends { _: { brand: 'Table' } } ? K : never }[keyof M];
/** A schema module's tables, under their export names, typed as the SQLite ones. */
export type TablesOfModule<M> = { readonly [K in TableNames<M>]: M[K] };

/** Every table of the product, typed as SQLite's. */
export type Tables = TablesOfModule<typeof sqlite>;

const ownTables = new WeakMap<object, object>();

/**
 * The tables of a schema module (`sqlite.ts`, where they are described) for `dialect`: the module's
 * own on SQLite, their PostgreSQL twins (`pgTwins`, derived once, on first use) on PostgreSQL.
 */
export function tablesOfModule<M extends object>(module: M, dialect: Dialect, pgTwins: () => object): TablesOfModule<M> {
  if (dialect === 'postgres') return pgTwins() as TablesOfModule<M>;
  let own = ownTables.get(module);
  if (!own) {
    own = Object.fromEntries(Object.entries(module).filter(([, value]) => is(value, SQLiteTable)));
    ownTables.set(module, own);
  }
  return own as TablesOfModule<M>;
}

/** The product's tables on `dialect`. */
export function tablesFor(dialect: Dialect): Tables {
  return tablesOfModule(sqlite, dialect, derivePgTables);
}

/**
 * The engine under a database handle of a store (its `db`, or a transaction of it): drizzle's
 * PostgreSQL databases and transactions are `PgDatabase`s, SQLite's are not.
 */
export function dialectOfDb(db: object): Dialect {
  return is(db, PgDatabase) ? 'postgres' : 'sqlite';
}

/** The product's tables on the engine of `db` (a store's `db`, or a transaction it handed out). */
export function tablesOf(db: object): Tables {
  return tablesFor(dialectOfDb(db));
}
