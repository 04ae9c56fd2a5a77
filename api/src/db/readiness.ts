import { sql } from 'drizzle-orm';
import { newestMigrationMillis } from './client';
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
    const row = await first(store.db.select({ at: sql<number | null>`max(created_at)` }).from(sql`__drizzle_migrations`));
    applied = row?.at;
  } catch {
    return 'unreachable';
  }
  return applied !== null && applied !== undefined && Number(applied) >= newestMigrationMillis() ? 'ok' : 'behind';
}
