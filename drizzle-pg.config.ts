import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, generated from the schema derived from the SQLite one (api/src/store/schema/pg.ts):
// `npm run db:generate` writes both dialects'.
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/src/store/schema/pg.ts',
  out: './api/drizzle-pg',
});
