import type { Dialect } from './store';

/**
 * Which engine a process's settings name for the product's data: PostgreSQL when DATABASE_URL is a
 * postgres:// URL, else the embedded SQLite file in the data folder. Asked when the settings are
 * read (never when a module loads); a store then carries its engine (`store.dialect`) and its
 * tables (`tablesOf` in `schema/index.ts`).
 */
export function dialectOf(env: Record<string, string | undefined>): Dialect {
  const url = env.DATABASE_URL?.trim();
  if (!url) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  throw new Error(`DATABASE_URL must be a postgres:// URL (or unset for the embedded SQLite file), not ${url.split(':')[0]}:…`);
}
