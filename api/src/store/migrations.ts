import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A database's migrations, as drizzle-kit writes them (`npm run db:generate`) and drizzle's migrator
 * applies them when a store opens: the product's, and the sandbox's (its own tables, its own file or
 * PostgreSQL schema, its own journal), so neither ever runs the other's.
 */
export interface Migrations {
  /** For messages: `product` or `sandbox`. */
  readonly name: string;
  /** SQLite's migrations (the journal is the database's own `__drizzle_migrations`). */
  readonly sqliteFolder: string;
  /** PostgreSQL's migrations. */
  readonly pgFolder: string;
  /** Where PostgreSQL keeps the journal of those applied (drizzle's `migrationsSchema` and `migrationsTable`). */
  readonly pgJournal: { readonly schema: string; readonly table: string };
  /** The session-level advisory lock one process at a time migrates under on PostgreSQL: any fixed number, the same in every process. */
  readonly pgLock: number;
}

/** The product's tables (`store/schema/`): `api/drizzle`, `api/drizzle-pg`. */
export const PRODUCT_MIGRATIONS: Migrations = {
  name: 'product',
  sqliteFolder: path.join(API_DIR, 'drizzle'),
  pgFolder: path.join(API_DIR, 'drizzle-pg'),
  pgJournal: { schema: 'drizzle', table: '__drizzle_migrations' },
  pgLock: 7_331_001,
};

/** The PostgreSQL schema (namespace) that holds the sandbox's tables and the journal of their migrations. */
export const SANDBOX_PG_SCHEMA = 'sandbox';

/**
 * The sandbox's tables (`store/sandbox-schema/`): `api/drizzle-sandbox`, `api/drizzle-sandbox-pg`.
 * On PostgreSQL the journal is in the `sandbox` schema with the tables, so dropping that schema
 * throws the whole sandbox away and the next start makes it again.
 */
export const SANDBOX_MIGRATIONS: Migrations = {
  name: 'sandbox',
  sqliteFolder: path.join(API_DIR, 'drizzle-sandbox'),
  pgFolder: path.join(API_DIR, 'drizzle-sandbox-pg'),
  pgJournal: { schema: SANDBOX_PG_SCHEMA, table: '__drizzle_migrations' },
  pgLock: 7_331_002,
};

/** When the newest migration this code carries in `folder` was made (drizzle's journal); read once. */
const newestMigration = new Map<string, number>();
export function newestMigrationMillis(folder: string): number {
  let newest = newestMigration.get(folder);
  if (newest === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
    newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
    newestMigration.set(folder, newest);
  }
  return newest;
}
