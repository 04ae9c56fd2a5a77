import type { PgTableOf } from '../schema/pg-derive';
import * as sqlite from './sqlite';
import { loadedDialect } from '../dialect';

/**
 * The sandbox's tables as the sandbox twins import them: SQLite's (`sqlite.ts`, for the sandbox's
 * own file) or, when this process runs on PostgreSQL, their twins in the `sandbox` schema (`pg.ts`).
 * Chosen once, as the product's tables are (`schema/index.ts`). Queries on them go through the
 * sandbox store only (`store/sandbox-store.ts`): the product's database does not have them.
 */
const pgTables: Record<string, PgTableOf> | undefined = loadedDialect === 'postgres' ? (await import('./pg')).sandboxPgTables : undefined;
const pick = <T>(name: keyof typeof sqlite, table: T): T => (pgTables ? (pgTables[name] as unknown as T) : table);

export const sandboxMail = pick('sandboxMail', sqlite.sandboxMail);
export const sandboxMarketUsers = pick('sandboxMarketUsers', sqlite.sandboxMarketUsers);
export const sandboxMarketTokens = pick('sandboxMarketTokens', sqlite.sandboxMarketTokens);
export const sandboxMarketCodes = pick('sandboxMarketCodes', sqlite.sandboxMarketCodes);
export const sandboxMarketBids = pick('sandboxMarketBids', sqlite.sandboxMarketBids);
export const sandboxPaystackRecords = pick('sandboxPaystackRecords', sqlite.sandboxPaystackRecords);
export const sandboxTelegramMessages = pick('sandboxTelegramMessages', sqlite.sandboxTelegramMessages);
