import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresBinDir } from './api/src/testing/postgres-server';
import { localeBundles } from './scripts/lib/locale-bundles-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@shared': path.join(root, 'shared/src') };

/**
 * The API's tests run twice: on SQLite (`unit`) and on PostgreSQL (`api-pg`, issue 17), the same files
 * with DATABASE_URL set so every table and test app is PostgreSQL's. These stay SQLite's own: they test
 * the SQLite file and its store, which PostgreSQL does not have.
 */
const SQLITE_ONLY = ['api/src/store/sqlite/*.test.ts'];

/**
 * The `api-pg` project needs PostgreSQL's server binaries (Debian's `postgresql`, or PG_BIN). CI
 * installs them (`.ci/run`) and runs it always; elsewhere, without them, it is left out, saying so.
 */
const apiOnPostgres = Boolean(process.env.CI) || postgresBinDir() !== null;
if (!apiOnPostgres)
  console.warn(
    'PostgreSQL is not installed: the API tests on PostgreSQL (api-pg) are left out. apt-get install postgresql, or set PG_BIN.',
  );

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
          include: ['api/**/*.test.ts', 'shared/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'api/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      ...(apiOnPostgres
        ? [
            {
              resolve: { alias },
              test: {
                name: 'api-pg',
                include: ['api/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
                environment: 'node',
                // Read by the test harnesses when they open a store (api/src/testing/test-dialect.ts); each test app
                // gets its own database on the server the global setup starts (api/src/testing/postgres-test-db.ts).
                env: { DATABASE_URL: 'postgres://throwaway-server-of-the-global-setup/' },
                globalSetup: ['api/src/testing/postgres-global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
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
