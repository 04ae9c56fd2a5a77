import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeBundles } from './scripts/lib/locale-bundles-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@shared': path.join(root, 'shared/src') };

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
          environment: 'node',
          testTimeout: 20_000,
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
