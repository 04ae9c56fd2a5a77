import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './api/src/store/schema/sqlite.ts',
  out: './api/drizzle',
});
