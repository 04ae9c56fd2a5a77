import { loadConfig } from '../api/src/kernel/config';
import { describeDatabaseUrl, describeStartupError } from '../api/src/kernel/startup-errors';
import { openStore, productDatabaseFile } from '../api/src/store/open-store';
import { needsSandboxStore, openSandboxStore, sandboxDatabaseFile } from '../api/src/store/sandbox-store';

/**
 * `npm run db:migrate`: applies pending migrations to the product's database the settings name (the
 * PostgreSQL database of DATABASE_URL, else DATA_DIR's SQLite file) and exits; and to the sandbox's
 * own (its file beside it, or its schema) when this configuration serves a sandbox twin that keeps records.
 */
try {
  const config = loadConfig();
  await (await openStore(config)).close();
  console.log(
    `Migrations applied to ${config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : productDatabaseFile(config.dataDir)}`,
  );
  if (needsSandboxStore(config)) {
    await (await openSandboxStore(config)).close();
    console.log(`Sandbox migrations applied to ${config.databaseUrl ? 'its schema `sandbox`' : sandboxDatabaseFile(config.dataDir)}`);
  }
} catch (error) {
  console.error(describeStartupError(error));
  process.exit(1);
}
