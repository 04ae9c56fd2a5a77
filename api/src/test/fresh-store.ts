import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client';
import { loadedDialect } from '../db/dialect';
import { openSqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/store';
import { freshPostgresDatabase } from './postgres-test-db';

/**
 * On PostgreSQL the database lives on the server, not in the data folder: this file of the folder names
 * it, so a copied folder (a fixture made once, opened for each check) opens a copy of that database too,
 * as a copied SQLite file would.
 */
const POSTGRES_DATABASE_FILE = 'postgres-database';

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
 * The store a test runs on: a fresh SQLite file in `dataDir`, or, in the `api-pg` project
 * (DATABASE_URL set), a fresh copy of the migrated PostgreSQL template, or of the database the folder
 * names when it was copied from another test app's (that app's store closed first).
 */
export function freshStore(dataDir: string): FreshStore {
  if (loadedDialect === 'postgres') {
    const named = path.join(dataDir, POSTGRES_DATABASE_FILE);
    const copyOf = fs.existsSync(named) ? fs.readFileSync(named, 'utf8').trim() : undefined;
    const { store, database } = freshPostgresDatabase(copyOf);
    fs.writeFileSync(named, database);
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(path.join(dataDir, 'test.sqlite'));
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}
