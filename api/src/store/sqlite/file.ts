import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { ensurePrivateDir } from '../../kernel/private-dir';
import { newestMigrationMillis } from '../migrations';
import { createFromImage } from './image';

/**
 * The SQLite file itself, with nothing of the query builder: where the store opens it (client.ts)
 * and where a process checks it before it listens (boot.ts).
 */

/** The database and the files SQLite keeps beside it (WAL, shared memory, rollback journal). */
const SQLITE_FILES = ['', '-wal', '-shm', '-journal'];

/** Makes the database and its companion files readable by the owner only. */
export function restrictDatabaseFiles(file: string): void {
  for (const suffix of SQLITE_FILES) {
    try {
      fs.chmodSync(`${file}${suffix}`, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Makes the folder private (0700) and the file owner-only (0600): a new file from `image` (./image.ts)
 * when there is one, else empty for the migrations to fill. SQLite creates the -wal and -shm files
 * with the database file's mode, so creating it 0600 first covers them; an older world-readable set
 * is tightened here.
 */
export function placeDatabaseFile(file: string, image: () => Buffer | undefined): void {
  ensurePrivateDir(path.dirname(file));
  if (!fs.existsSync(file)) {
    const bytes = image();
    if (bytes) createFromImage(file, bytes);
  }
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  restrictDatabaseFiles(file);
}

/**
 * Whether the database answers, and holds every migration in `folder` (`behind` when another
 * process's older code opened it and nothing migrated it since): for the store's migrator and for the
 * check before listening (where a file nothing migrated yet, with no journal, is `unreachable`).
 */
export function migrationState(sqlite: Database.Database, folder: string): 'ok' | 'unreachable' | 'behind' {
  let applied: number | null;
  try {
    if (!sqlite.open) return 'unreachable';
    applied = (sqlite.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as { at: number | null }).at;
  } catch {
    return 'unreachable';
  }
  return applied !== null && Number(applied) >= newestMigrationMillis(folder) ? 'ok' : 'behind';
}
