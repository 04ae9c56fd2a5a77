import path from 'node:path';
import { loadConfig } from '../api/src/config';
import { closeDatabase, openDatabase } from '../api/src/db/client';

/** `npm run db:migrate`: applies pending migrations to DATA_DIR's database and exits. */
const config = loadConfig();
const file = path.join(config.dataDir, 'bidpilot.sqlite');
closeDatabase(openDatabase(file));
console.log(`Migrations applied to ${file}`);
