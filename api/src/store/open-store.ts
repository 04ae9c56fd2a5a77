import path from 'node:path';
import type { Store } from './store';

/** The product's SQLite file in a data folder. */
export const productDatabaseFile = (dataDir: string) => path.join(dataDir, 'bidpilot.sqlite');

/**
 * The product's store, migrated and ready: PostgreSQL at `databaseUrl` when one is set, else SQLite,
 * `bidpilot.sqlite` in the data folder. The caller's settings alone choose the engine; code given
 * the store (or a transaction of it) takes that engine's tables from it (`tablesOf`). The sandbox
 * twins' records are not here: `openSandboxStore` (sandbox-store.ts) opens their own.
 */
export async function openStore(options: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  // Each engine's store loaded only here: a process on SQLite never parses the PostgreSQL driver, and
  // one that checked its files before listening (sqlite/boot.ts) loads the query builder after.
  if (!options.databaseUrl) return (await import('./sqlite/sqlite-store')).openSqliteStore(productDatabaseFile(options.dataDir));
  const { openPostgresStore } = await import('./postgres/postgres-store');
  return openPostgresStore(options.databaseUrl);
}
