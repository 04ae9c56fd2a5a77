import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { localeBundles } from './scripts/lib/locale-bundles-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@shared': path.join(root, 'shared/src') };

/**
 * The API's tests that also run on PostgreSQL (issue 17), in the `api-pg` project: the same files,
 * with DATABASE_URL set so every table and test app is PostgreSQL's. Files join as the code they
 * cover runs on both engines.
 */
const API_ON_POSTGRES = [
  // PostgreSQL-only tests (row locks and the like), named *.pg.test.ts.
  'api/**/*.pg.test.ts',
  'api/src/routes/experiments.test.ts',
  'api/src/routes/users.test.ts',
  'api/src/services/login-throttle.test.ts',
  'api/src/services/rate-limiter.test.ts',
  'api/src/services/payments/plan-change.test.ts',
  'api/src/services/resume/resume.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // The PWA's i18n imports its string bundles as the build makes them.
        plugins: [localeBundles(path.join(root, 'locales'))],
        test: {
          name: 'unit',
          include: ['api/**/*.test.ts', 'shared/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'api/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-pg',
          include: API_ON_POSTGRES,
          environment: 'node',
          // Read when the tables load (api/src/db/dialect.ts); each test app gets its own database on the
          // server the global setup starts (api/src/test/postgres-test-db.ts).
          env: { DATABASE_URL: 'postgres://throwaway-server-of-the-global-setup/' },
          globalSetup: ['api/src/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
