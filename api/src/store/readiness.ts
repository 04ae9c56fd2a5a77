import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, newestMigrationMillis } from './sqlite/client';
import { PG_MIGRATIONS_DIR } from './postgres/postgres';
import { first, type Store } from './store';

export type DatabaseState = 'ok' | 'unreachable' | 'behind';

/**
 * Whether the store answers a read, and holds every migration this code needs (`behind` when
 * another process's older code opened it and nothing migrated it since): for readiness. Read
 * through the store, as every request reads, so a connection the requests cannot use is not ready.
 */
export async function storeState(store: Store): Promise<DatabaseState> {
  let applied: number | null | undefined;
  try {
    // drizzle keeps PostgreSQL's migration journal in its own schema.
    const journal = store.dialect === 'postgres' ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
    const row = await first(store.db.select({ at: sql<number | null>`max(created_at)` }).from(journal));
    applied = row?.at;
  } catch {
    return 'unreachable';
  }
  const carried = newestMigrationMillis(store.dialect === 'postgres' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR);
  return applied !== null && applied !== undefined && Number(applied) >= carried ? 'ok' : 'behind';
}
