import { sql } from 'drizzle-orm';
import { newestMigrationMillis, PRODUCT_MIGRATIONS, type Migrations } from './migrations';
import { first, type Store } from './store';

export type DatabaseState = 'ok' | 'unreachable' | 'behind';

/**
 * Whether the store answers a read, and holds every migration this code needs (`behind` when
 * another process's older code opened it and nothing migrated it since): for readiness. Read
 * through the store, as every request reads, so a connection the requests cannot use is not ready.
 * The product's store unless `migrations` say otherwise (the sandbox store's: SANDBOX_MIGRATIONS).
 */
export async function storeState(store: Store, migrations: Migrations = PRODUCT_MIGRATIONS): Promise<DatabaseState> {
  let applied: number | null | undefined;
  try {
    // drizzle keeps PostgreSQL's migration journal in a schema of its own (`drizzle`, or the sandbox's).
    const journal =
      store.dialect === 'postgres'
        ? sql`${sql.identifier(migrations.pgJournal.schema)}.${sql.identifier(migrations.pgJournal.table)}`
        : sql`__drizzle_migrations`;
    const row = await first(store.db.select({ at: sql<number | null>`max(created_at)` }).from(journal));
    applied = row?.at;
  } catch {
    return 'unreachable';
  }
  const carried = newestMigrationMillis(store.dialect === 'postgres' ? migrations.pgFolder : migrations.sqliteFolder);
  return applied !== null && applied !== undefined && Number(applied) >= carried ? 'ok' : 'behind';
}

/** The worse of two states, for a process that needs both databases (the product's and the sandbox's). */
export function worseState(a: DatabaseState, b: DatabaseState): DatabaseState {
  const rank: Record<DatabaseState, number> = { ok: 0, behind: 1, unreachable: 2 };
  return rank[b] > rank[a] ? b : a;
}
