import * as sqlite from './sqlite';
import { dialectOfDb, tablesOfModule, type TablesOfModule } from '../schema/index';
import { derivePgTablesOf } from '../schema/pg-derive';
import { SANDBOX_PG_SCHEMA } from '../migrations';
import type { Dialect } from '../store';

/**
 * The sandbox's tables for the engine of a database handle of the sandbox store: SQLite's
 * (`sqlite.ts`, for the sandbox's own file) or their twins in PostgreSQL's `sandbox` schema
 * (`pg.ts`), chosen per call as the product's are (`schema/index.ts`). Queries on them go through the
 * sandbox store only (`store/sandbox-store.ts`): the product's database does not have them.
 */
export type SandboxTables = TablesOfModule<typeof sqlite>;

/** The sandbox's tables on `dialect`. */
export function sandboxTablesFor(dialect: Dialect): SandboxTables {
  return tablesOfModule(sqlite, dialect, () => derivePgTablesOf(sqlite, { schema: SANDBOX_PG_SCHEMA }));
}

/** The sandbox's tables on the engine of `db` (the sandbox store's `db`, or a transaction of it). */
export function sandboxTablesOf(db: object): SandboxTables {
  return sandboxTablesFor(dialectOfDb(db));
}
