import path from 'node:path';
import { loadedDialect } from './dialect';
import { openSqliteStore } from './sqlite/sqlite-store';
import type { Store } from './store';

/** The product's SQLite file in a data folder. */
export const productDatabaseFile = (dataDir: string) => path.join(dataDir, 'bidpilot.sqlite');

/**
 * The product's store, migrated and ready: PostgreSQL at `databaseUrl` when one is set, else SQLite,
 * `bidpilot.sqlite` in the data folder. The engine is the one `dialect.ts` chose when the process
 * loaded (the tables of `schema.ts` follow the same choice), so a URL given here alone, without
 * DATABASE_URL in the environment, is refused rather than run with the other engine's tables. The
 * sandbox twins' records are not here: `openSandboxStore` (sandbox-store.ts) opens their own.
 */
export async function openStore(options: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  const loaded = loadedDialect;
  const wanted = options.databaseUrl ? 'postgres' : 'sqlite';
  if (loaded !== wanted)
    throw new Error(`This process loaded its tables for ${loaded}; set DATABASE_URL in the environment to choose the engine`);
  if (!options.databaseUrl) return openSqliteStore(productDatabaseFile(options.dataDir));
  // Loaded only here: a process on SQLite never parses the PostgreSQL driver.
  const { openPostgresStore } = await import('./postgres/postgres-store');
  return openPostgresStore(options.databaseUrl);
}
