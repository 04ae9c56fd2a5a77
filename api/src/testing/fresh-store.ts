import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../store/sqlite/client';
import { testDialect } from './test-dialect';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { SANDBOX_MIGRATIONS, SANDBOX_PG_SCHEMA } from '../store/migrations';
import { sandboxDatabaseFile } from '../store/sandbox-store';
import type { Store } from '../store/store';
import { createTestDatabase, migratedTestDatabase, postgresTestStore } from './postgres-test-db';

export interface FreshStore {
  store: Store;
  /**
   * The database outside the store's transactions, for fixtures that set up or inspect rows directly
   * (awaited drizzle queries, which both engines answer).
   */
  db: Db;
  /** Closes it once the transaction under way (work a test started in the background) has ended. */
  close(): void;
}

/**
 * On PostgreSQL the database lives on the server, not in the data folder: this file of the folder
 * names it, and the folder it was made for.
 */
const POSTGRES_DATABASE_FILE = 'postgres-database.json';

/**
 * The store a test runs on: the SQLite file in `dataDir`, or, in the `api-pg` project (DATABASE_URL
 * set), the PostgreSQL database the folder names, as with a SQLite file: a folder with none gets a
 * fresh one (a copy of the migrated template); a second store on the same folder is a second process
 * on the same database, with its own connections; a folder copied from another test app's (a fixture
 * made once, copied for each check, that app's stores closed first) gets a copy of that database.
 */
export function freshStore(dataDir: string): FreshStore {
  if (testDialect() === 'postgres') {
    const store = postgresTestStore(postgresDatabaseOf(dataDir));
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(path.join(dataDir, 'test.sqlite'));
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}

/**
 * The sandbox store beside it (store/sandbox-store.ts), as a process of the product opens it: the
 * sandbox's own SQLite file in `dataDir` (`sandbox.sqlite`), or on PostgreSQL the `sandbox` schema
 * of the database the folder names (the same as `freshStore`'s, made the same way when there is none
 * yet: the template holds both the product's migrations and the sandbox's).
 */
export function freshSandboxStore(dataDir: string): FreshStore {
  if (testDialect() === 'postgres') {
    const store = postgresTestStore(postgresDatabaseOf(dataDir), { searchPath: SANDBOX_PG_SCHEMA });
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(sandboxDatabaseFile(dataDir), SANDBOX_MIGRATIONS);
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}

/** The PostgreSQL database a test's data folder names, made (and named in the folder) when it names none of its own. */
function postgresDatabaseOf(dataDir: string): string {
  const named = path.join(dataDir, POSTGRES_DATABASE_FILE);
  const recorded = fs.existsSync(named) ? (JSON.parse(fs.readFileSync(named, 'utf8')) as { database: string; folder: string }) : undefined;
  if (recorded?.folder === dataDir) return recorded.database;
  const database = recorded ? createTestDatabase(recorded.database) : migratedTestDatabase();
  fs.writeFileSync(named, JSON.stringify({ database, folder: dataDir }));
  return database;
}
