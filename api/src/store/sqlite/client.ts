import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cacheStatements } from './statement-cache';
import { migratedImage } from './image';
import { migrationState, placeDatabaseFile, restrictDatabaseFiles } from './file';
import * as schema from '../schema/sqlite';
import { PRODUCT_MIGRATIONS, type Migrations } from '../migrations';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens the SQLite file in WAL mode (a new one made from the image of `migrations`, ./image.ts) and
 * applies every pending migration of `migrations` (the product's unless told: the sandbox's file has
 * its own). The folder is made 0700 and the files 0600 (./file.ts): they hold accounts, hashed
 * sessions and sealed credentials (the sandbox's, the codes its mailbox holds).
 */
export function openDatabase(file: string, migrations: Migrations = PRODUCT_MIGRATIONS): Db {
  if (file !== ':memory:') placeDatabaseFile(file, () => migrationImage(migrations));
  const db = connect(file === ':memory:' ? migrationImage(migrations) : file);
  // Nothing to apply to a new one; an older file gets the migrations it lacks.
  migrateShared(db, migrations.sqliteFolder);
  if (file !== ':memory:') restrictDatabaseFiles(file);
  return db;
}

/** The image of `migrations` (./image.ts): the build's, or made once by this process. */
export const migrationImage = (migrations: Migrations): Buffer => migratedImage(migrations, () => makeImage(migrations));

/** An image of `migrations` made now: them applied to an in-memory database, compacted. */
function makeImage(migrations: Migrations): Buffer {
  const db = connect(':memory:');
  migrateShared(db, migrations.sqliteFolder);
  db.$client.exec('VACUUM');
  const image = db.$client.serialize();
  db.$client.close();
  return image;
}

/** A connection to `file` (or an in-memory copy of an image) with this store's settings. */
function connect(file: string | Buffer): Db {
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
      if (migrationState(db.$client, folder) === 'ok') return;
      if (attempt >= 5) throw error;
    }
  }
}

export function closeDatabase(db: Db): void {
  if (!db.$client.open) return;
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
}

/** The database or an open transaction on it: what a write helper that joins a transaction takes. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
