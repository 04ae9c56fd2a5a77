import path from 'node:path';
import { SANDBOX_MIGRATIONS, SANDBOX_PG_SCHEMA } from './migrations';
import type { Store } from './store';

/**
 * The sandbox store: where the sandbox twins of outside services (the mailbox, the marketplaces,
 * Paystack, the Telegram bot) keep their records (`store/sandbox-schema/`), never in the product's
 * database. The same `Store` as the product's, on its own database:
 *
 * - SQLite: its own file beside the product's, `DATA_DIR/sandbox.sqlite` (its own WAL and migration
 *   journal), opened only by a process that serves a twin keeping data;
 * - PostgreSQL: the `sandbox` schema of the product's database (so every process on it shares the
 *   twins' records, as they share the product's), with its own journal (`sandbox.__drizzle_migrations`)
 *   and a small pool of its own, whose sessions name the `sandbox` schema first (`search_path`).
 *
 * An operator backs up the product's database; the sandbox's can be thrown away (the file deleted,
 * or `DROP SCHEMA sandbox CASCADE`): the next start makes it again, empty.
 */

/** The sandbox's SQLite file in a data folder. */
export const sandboxDatabaseFile = (dataDir: string) => path.join(dataDir, 'sandbox.sqlite');

/** Connections of the sandbox store's pool on PostgreSQL (only the twins' requests use it). */
export const SANDBOX_POOL_MAX = 4;

/** The sandbox services that keep nothing (the offline writer answers from its model alone). */
const KEEPS_NOTHING = new Set(['ai']);

/**
 * Whether a process with this configuration serves a sandbox twin that keeps records (or sends its
 * mail to the sandbox mailbox), and so opens the sandbox store. With every outside service
 * configured, no process opens it, and nothing of the sandbox exists.
 */
export function needsSandboxStore(config: { sandboxServices: readonly string[] }): boolean {
  return config.sandboxServices.some((service) => !KEEPS_NOTHING.has(service));
}

/**
 * The sandbox store, migrated and ready (its own migrations, `api/drizzle-sandbox` or
 * `api/drizzle-sandbox-pg`), on the engine the product's store uses (`openStore`).
 */
export async function openSandboxStore(options: { dataDir: string; databaseUrl?: string }): Promise<Store> {
  // Each engine's store loaded only here (as in openStore).
  if (!options.databaseUrl)
    return (await import('./sqlite/sqlite-store')).openSqliteStore(sandboxDatabaseFile(options.dataDir), SANDBOX_MIGRATIONS);
  const { openPostgresStore } = await import('./postgres/postgres-store');
  return openPostgresStore(options.databaseUrl, { max: SANDBOX_POOL_MAX, migrations: SANDBOX_MIGRATIONS, searchPath: SANDBOX_PG_SCHEMA });
}
