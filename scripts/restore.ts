import path from 'node:path';
import { loadConfig } from '../api/src/kernel/config';
import { describeStartupError } from '../api/src/kernel/startup-errors';
import { BackupError, readManifest, restorePostgres, restoreSqlite } from '../api/src/store/backup';

/**
 * `npm run restore -- <folder> [--force]`: puts a backup (`npm run backup`) back, every process on
 * the data stopped: SQLite into DATA_DIR, or with DATABASE_URL set into that (new, empty) PostgreSQL
 * database, and secrets.json into DATA_DIR. The next start applies the migrations the backup lacks.
 */
try {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const folder = args.find((arg) => !arg.startsWith('--'));
  if (!folder) throw new BackupError('Name the backup folder: npm run restore -- backups/bidpilot-… [--force]');
  const config = loadConfig();
  const from = path.resolve(folder);
  const manifest = readManifest(from);
  if (config.databaseUrl) {
    const result = restorePostgres(from, config.databaseUrl, config.dataDir, { force });
    console.log(`Restored the PostgreSQL backup of ${manifest.createdAt} (version ${manifest.version}); secrets: ${result.secrets}`);
  } else {
    const result = restoreSqlite(from, config.dataDir, force);
    console.log(
      `Restored the SQLite backup of ${manifest.createdAt} (version ${manifest.version}) to ${result.database}; secrets: ${result.secrets}`,
    );
    if (result.keptAside) console.log(`The database it replaced is kept at ${result.keptAside}`);
  }
  console.log('Start the server: it applies the migrations this version adds, and checks that its key opens the restored data.');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : describeStartupError(error));
  process.exit(1);
}
