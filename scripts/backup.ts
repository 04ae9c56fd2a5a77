import path from 'node:path';
import { loadConfig } from '../api/src/kernel/config';
import { describeStartupError } from '../api/src/kernel/startup-errors';
import { readVersion } from '../api/src/kernel/version';
import { backupPostgres, backupSqlite, BackupError } from '../api/src/store/backup';

/**
 * `npm run backup -- [folder]`: a backup of the product's data, taken while the server runs, into a
 * new folder (default `backups/bidpilot-<time>`): the database (SQLite's online backup, or pg_dump
 * when DATABASE_URL is set) and secrets.json. Keep it as safe as the data: it opens the credentials.
 */
try {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dest = path.resolve(process.argv[2] ?? path.join('backups', `bidpilot-${stamp}`));
  const manifest = config.databaseUrl
    ? backupPostgres(config.databaseUrl, config.dataDir, dest, readVersion())
    : await backupSqlite(config.dataDir, dest, readVersion());
  console.log(`Backed up the ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database into ${dest}`);
  console.log(
    manifest.secrets
      ? 'with secrets.json: keep this folder as safe as the data itself (it opens the stored credentials).'
      : 'No secrets.json: the secrets come from the environment. Keep ENCRYPTION_KEY and SESSION_PEPPER (and the VAPID keys) with this backup: without them it cannot be read.',
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : describeStartupError(error));
  process.exit(1);
}
