import Database from 'better-sqlite3';
import type { Secrets } from '../../kernel/secrets';
import { countKeyIds, refuseUnknownKeys } from '../../sealed-key-ids';
import type { Migrations } from '../migrations';
import { migrationState, placeDatabaseFile } from './file';
import { knownImage } from './image';

/**
 * What a process on SQLite makes sure of before it opens its port, with better-sqlite3 alone (the
 * query builder, its schema and the store's connections are loaded with the app, after the port is
 * open: most of a start was loading them): each file exists (a new one made from the build's image
 * of its migrations, ./image.ts), holds every migration this code carries, and, for the product's,
 * holds no sealed value this process's keys cannot open (a StartupError, as the store's own check
 * says it: sealed-secrets.ts). Answers false when it cannot say so that way (a file behind, or a new
 * one with no image to make it from): the store's full open, before the port, migrates it.
 */
export function sqliteFilesReady(
  files: ReadonlyArray<{ file: string; migrations: Migrations; sealedFor?: Pick<Secrets, 'encryptionKey' | 'previousEncryptionKeys'> }>,
): boolean {
  for (const { file, migrations, sealedFor } of files) {
    placeDatabaseFile(file, () => knownImage(migrations));
    const sqlite = new Database(file);
    try {
      sqlite.pragma('busy_timeout = 5000');
      if (migrationState(sqlite, migrations.sqliteFolder) !== 'ok') return false;
      if (sealedFor) refuseUnknownKeys(sealedKeyIds(sqlite), sealedFor);
    } finally {
      sqlite.close();
    }
  }
  return true;
}

/** sealed-secrets.ts's `sealedKeyIds`, read from the same columns with SQL. */
function sealedKeyIds(sqlite: Database.Database): Map<string, number> {
  const column = (query: string) => sqlite.prepare(query).pluck().all() as Array<string | null>;
  return countKeyIds({
    single: [
      ...column('SELECT secret FROM marketplace_accounts'),
      ...column('SELECT provider_email_token FROM subscriptions WHERE provider_email_token IS NOT NULL'),
    ],
    json: sqlite
      .prepare('SELECT payload, progress FROM billing_claims WHERE done_at IS NULL')
      .all()
      .map((row) => {
        const { payload, progress } = row as { payload: string; progress: string | null };
        return `${payload} ${progress ?? ''}`;
      }),
  });
}
