import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import { loadedDialect } from '../db/dialect';
import { openSqliteStore } from '../db/sqlite-store';
import type { PostgresStore, Store } from '../db/store';
import { freshPostgresStore, postgresTestStore } from './postgres-test-db';

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

/** Where a test's data folder names its PostgreSQL database, as its SQLite file is in the folder. */
const POSTGRES_DATABASE_FILE = 'postgres-database';

/**
 * The store a test runs on: the SQLite file in `dataDir`, or, in the `api-pg` project (DATABASE_URL
 * set), the PostgreSQL database `dataDir` names. A folder with neither gets a fresh one (on PostgreSQL,
 * a copy of the migrated template); a second store on the same folder is a second process on the same
 * database, with its own connections.
 */
export function freshStore(dataDir: string): FreshStore {
  if (loadedDialect === 'postgres') {
    const named = path.join(dataDir, POSTGRES_DATABASE_FILE);
    let store: PostgresStore;
    if (fs.existsSync(named)) store = postgresTestStore(fs.readFileSync(named, 'utf8'));
    else {
      const fresh = freshPostgresStore();
      fs.writeFileSync(named, fresh.database);
      store = fresh.store;
    }
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(path.join(dataDir, 'test.sqlite'));
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}
