import { SANDBOX_PG_SCHEMA } from '../migrations';
import { derivePgTablesOf } from '../schema/pg-derive';
import * as sqlite from './sqlite';

// drizzle's migrator makes the `sandbox` schema, for the journal, before the first migration runs;
// so no `pgSchema` is exported here, or drizzle-kit would write a CREATE SCHEMA that then fails.

/**
 * The sandbox's tables on PostgreSQL, in the `sandbox` schema of the product's database (so every
 * process on that database shares them, and none is in the product's `public` schema): derived from
 * `sqlite.ts` as the product's are (`schema/pg-derive.ts`). drizzle-kit generates
 * `api/drizzle-sandbox-pg` from the named exports below.
 */
export const sandboxPgTables = derivePgTablesOf(sqlite, { schema: SANDBOX_PG_SCHEMA });

// Named exports, for drizzle-kit (it finds tables among a module's exports); the test checks none is missing.
export const {
  sandboxMail,
  sandboxMarketUsers,
  sandboxMarketTokens,
  sandboxMarketCodes,
  sandboxMarketBids,
  sandboxPaystackRecords,
  sandboxTelegramMessages,
} = sandboxPgTables;
