import { loadConfig } from '../api/src/kernel/config';
import { productDatabaseFile } from '../api/src/store/open-store';
import { needsSandboxStore, sandboxDatabaseFile } from '../api/src/store/sandbox-store';
import { SANDBOX_MIGRATIONS } from '../api/src/store/migrations';
import { closeDatabase, openDatabase } from '../api/src/store/sqlite/client';

/**
 * `npm run db:migrate`: applies pending migrations to DATA_DIR's database and exits; and to the
 * sandbox's own file beside it when this configuration serves a sandbox twin that keeps records.
 */
const config = loadConfig();
const file = productDatabaseFile(config.dataDir);
closeDatabase(openDatabase(file));
console.log(`Migrations applied to ${file}`);
if (needsSandboxStore(config)) {
  const sandbox = sandboxDatabaseFile(config.dataDir);
  closeDatabase(openDatabase(sandbox, SANDBOX_MIGRATIONS));
  console.log(`Sandbox migrations applied to ${sandbox}`);
}
