import path from 'node:path';
import type { Db } from '../db/client';
import { loadedDialect } from '../db/dialect';
import { openSqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/store';
import { freshPostgresStore } from './postgres-test-db';

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
 * (DATABASE_URL set), a fresh copy of the migrated PostgreSQL template.
 */
export function freshStore(dataDir: string): FreshStore {
  if (loadedDialect === 'postgres') {
    const store = freshPostgresStore();
    return { store, db: store.pg as unknown as Db, close: () => void store.close().catch(() => undefined) };
  }
  const store = openSqliteStore(path.join(dataDir, 'test.sqlite'));
  return { store, db: store.writer, close: () => void store.close().catch(() => undefined) };
}
