import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { localeBundles } from './scripts/lib/locale-bundles-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@shared': path.join(root, 'shared/src') };

/**
 * The API's tests run twice: on SQLite (`unit`) and on PostgreSQL (`api-pg`, issue 17), the same files
 * with DATABASE_URL set so every table and test app is PostgreSQL's. These stay SQLite's own: they test
 * the SQLite file and its store, which PostgreSQL does not have.
 */
const SQLITE_ONLY = ['api/src/db/sqlite-store.test.ts', 'api/src/db/client.test.ts'];

/** Files whose fixtures still speak synchronous SQLite; they join PostgreSQL as they are converted. */
const NOT_YET_ON_POSTGRES = [
  'api/src/server.test.ts',
  'api/src/shared-state.test.ts',
  'api/src/db/schema-pg.test.ts',
  'api/src/routes/agents.test.ts',
  'api/src/routes/auth.test.ts',
  'api/src/routes/dashboard.test.ts',
  'api/src/routes/health.test.ts',
  'api/src/routes/integrations.test.ts',
  'api/src/routes/matching.test.ts',
  'api/src/routes/resume.test.ts',
  'api/src/routes/support.test.ts',
  'api/src/routes/sync.test.ts',
  'api/src/routes/telegram.test.ts',
  'api/src/runner/crash.test.ts',
  'api/src/runner/graceful-shutdown.test.ts',
  'api/src/runner/multi-process.test.ts',
  'api/src/services/billing.test.ts',
  'api/src/services/cover-letter-quota.test.ts',
  'api/src/services/expiry.test.ts',
  'api/src/services/job-items.test.ts',
  'api/src/services/outcomes.test.ts',
  'api/src/services/payment-webhooks.test.ts',
  'api/src/services/payments/paystack-trust.test.ts',
  'api/src/services/payments/races.test.ts',
  'api/src/services/payments/refunds.test.ts',
  'api/src/services/plan-changes.test.ts',
  'api/src/services/push.test.ts',
  'api/src/services/sync.test.ts',
  'api/src/services/telegram-notifier.test.ts',
  'api/src/services/wakeups.test.ts',
  'api/src/test/contract/authorization-matrix.test.ts',
  'api/src/test/contract/fuzz.test.ts',
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
          include: ['api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SQLITE_ONLY, ...NOT_YET_ON_POSTGRES],
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
