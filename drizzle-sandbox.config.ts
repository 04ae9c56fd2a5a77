import { defineConfig } from 'drizzle-kit';

// The sandbox's own tables and migrations (api/src/store/sandbox-schema), apart from the product's:
// its SQLite file's migrations. `npm run db:generate` writes all four sets.
export default defineConfig({
  dialect: 'sqlite',
  schema: './api/src/store/sandbox-schema/sqlite.ts',
  out: './api/drizzle-sandbox',
});
