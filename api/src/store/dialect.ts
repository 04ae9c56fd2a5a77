import type { Dialect } from './store';

/**
 * Which engine holds the product's data: PostgreSQL when DATABASE_URL is a postgres:// URL, else
 * the embedded SQLite file in the data folder. The one place that decides; config, the tables
 * (`schema.ts`) and `openStore` (`open-store.ts`) ask it.
 */
export function dialectOf(env: Record<string, string | undefined>): Dialect {
  const url = env.DATABASE_URL?.trim();
  if (!url) return 'sqlite';
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  throw new Error(`DATABASE_URL must be a postgres:// URL (or unset for the embedded SQLite file), not ${url.split(':')[0]}:…`);
}

/** The engine this process loaded its tables for (`schema.ts`): DATABASE_URL when the process started. */
export const loadedDialect: Dialect = dialectOf(process.env);
