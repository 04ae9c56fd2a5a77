import { systemClock } from '../api/src/kernel/clock';
import { loadConfig } from '../api/src/kernel/config';
import { createLogger } from '../api/src/kernel/logger';
import { runOps } from '../api/src/ops';
import { openStore } from '../api/src/store/open-store';

/**
 * `npm run ops -- alerts | resolve <id> | sweep`: the operator's commands, on the database the
 * settings name (DATABASE_URL, else DATA_DIR's SQLite file), with the same environment as the server.
 */
const config = loadConfig();
const store = await openStore(config);
try {
  const { out, code } = await runOps(process.argv.slice(2), { config, store, clock: systemClock, log: createLogger('warn') });
  console.log(out);
  process.exitCode = code;
} finally {
  await store.close();
}
