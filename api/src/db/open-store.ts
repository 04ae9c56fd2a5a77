import path from 'node:path';
import { openSqliteStore, type SqliteStore } from './sqlite-store';

/** The product's SQLite file in a data folder. */
export const productDatabaseFile = (dataDir: string) => path.join(dataDir, 'bidpilot.sqlite');

/**
 * The product's store, migrated and ready: the one place that decides which engine holds the data.
 * Today that is SQLite, `bidpilot.sqlite` in the data folder.
 */
export function openStore(options: { dataDir: string }): SqliteStore {
  return openSqliteStore(productDatabaseFile(options.dataDir));
}
