import path from 'node:path';
import { loadConfig } from '../api/src/kernel/config';
import { closeDatabase, openDatabase } from '../api/src/store/sqlite/client';

/** `npm run db:migrate`: applies pending migrations to DATA_DIR's database and exits. */
const config = loadConfig();
const file = path.join(config.dataDir, 'bidpilot.sqlite');
closeDatabase(openDatabase(file));
console.log(`Migrations applied to ${file}`);
