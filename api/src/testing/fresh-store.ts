import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../store/sqlite/client';
import { loadedDialect } from '../store/dialect';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import type { PostgresStore, Store } from '../store/store';
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
 * made once, copied for each check, that app's store closed first) gets a copy of that database.
 */
export function freshStore(dataDir: string): FreshStore {
  if (loadedDialect === 'postgres') {
    const named = path.join(dataDir, POSTGRES_DATABASE_FILE);
    const recorded = fs.existsSync(named) ? (JSON.parse(fs.readFileSync(named, 'utf8')) as { database: string; folder: string }) : undefined;
    let store: PostgresStore;
    if (recorded?.folder === dataDir) store = postgresTestStore(recorded.database);
    else {
      const database = recorded ? createTestDatabase(recorded.database) : migratedTestDatabase();
      fs.writeFileSync(named, JSON.stringify({ database, folder: dataDir }));
      store = postgresTestStore(database);
    }
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(path.join(dataDir, 'test.sqlite'));
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}
