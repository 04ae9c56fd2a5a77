import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { ensurePrivateDir } from '../../kernel/private-dir';
import { cacheStatements } from './statement-cache';
import * as schema from '../schema/sqlite';
import { newestMigrationMillis, PRODUCT_MIGRATIONS, type Migrations } from '../migrations';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The product's SQLite migrations (`store/migrations.ts`). */
export const MIGRATIONS_DIR = PRODUCT_MIGRATIONS.sqliteFolder;

/** The database and the files SQLite keeps beside it (WAL, shared memory, rollback journal). */
const SQLITE_FILES = ['', '-wal', '-shm', '-journal'];

/** Makes the database and its companion files readable by the owner only. */
function restrictDatabaseFiles(file: string): void {
  for (const suffix of SQLITE_FILES) {
    try {
      fs.chmodSync(`${file}${suffix}`, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode and applies every pending migration of
 * `migrations` (the product's unless told: the sandbox's file has its own). The folder is made 0700
 * and the files 0600: they hold accounts, hashed sessions and sealed credentials (the sandbox's, the
 * codes its mailbox holds). SQLite creates the -wal and -shm files with the database file's mode, so
 * creating it 0600 first covers them; an older world-readable set is tightened on open.
 */
export function openDatabase(file: string, migrations: Migrations = PRODUCT_MIGRATIONS): Db {
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(file));
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    restrictDatabaseFiles(file);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted content is overwritten with zeros: an erased account leaves no trace in the file's free pages.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  cacheStatements(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  takeWriteLockAtBegin(db);
  migrateShared(db, migrations.sqliteFolder);
  if (file !== ':memory:') restrictDatabaseFiles(file);
  return db;
}

/**
 * Several processes may share the file (ROLE=api and ROLE=runner, README "Running several
 * processes"). A deferred transaction that reads and then writes fails with SQLITE_BUSY at once,
 * whatever the busy timeout, when another process wrote in between (its snapshot is stale), so
 * every transaction here begins IMMEDIATE: it waits (up to busy_timeout) for the write lock at BEGIN
 * and then reads the latest state. Nested transactions are savepoints as before. One process alone
 * sees no difference: SQLite has one writer at a time anyway.
 */
function takeWriteLockAtBegin(db: Db): void {
  const begin = db.transaction.bind(db);
  db.transaction = ((work, config) => begin(work, { behavior: 'immediate', ...config })) as Db['transaction'];
}

/**
 * Applies the pending migrations, also when several processes start at once on the same file:
 * drizzle reads what was applied before its own (deferred) BEGIN, so a process that lost the race
 * fails (a table already exists, or the lock was busy) after another one applied them. That is
 * success if the database now holds every migration this code needs; otherwise it tries again.
 */
function migrateShared(db: Db, folder: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      migrate(db, { migrationsFolder: folder });
      return;
    } catch (error) {
      if (databaseState(db, folder) === 'ok') return;
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Whether the database answers, and holds every migration this code needs (`behind` when another
 * process's older code opened it and nothing migrated it since): for readiness.
 */
export function databaseState(db: Db, folder = MIGRATIONS_DIR): 'ok' | 'unreachable' | 'behind' {
  let applied: number | null;
  try {
    if (!db.$client.open) return 'unreachable';
    applied = (db.$client.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as { at: number | null }).at;
  } catch {
    return 'unreachable';
  }
  return applied !== null && Number(applied) >= newestMigrationMillis(folder) ? 'ok' : 'behind';
}

export function closeDatabase(db: Db): void {
  if (!db.$client.open) return;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}

/** The database or an open transaction on it: what a write helper that joins a transaction takes. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
