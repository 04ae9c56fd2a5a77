import { defineConfig } from 'drizzle-kit';

// The sandbox's tables on PostgreSQL, in the `sandbox` schema, derived from the SQLite ones
// (api/src/store/sandbox-schema/pg.ts). `npm run db:generate` writes all four sets.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/src/store/sandbox-schema/pg.ts',
  out: './api/drizzle-sandbox-pg',
});
