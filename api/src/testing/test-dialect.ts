import { dialectOf } from '../store/dialect';
import type { Dialect } from '../store/store';

/**
 * The engine the tests of this run use: the `api-pg` project sets DATABASE_URL (vitest.config.ts),
 * `unit` does not. Read when asked, by the test harnesses and tests that differ per engine; product
 * code never asks the environment, it is handed a store.
 */
export const testDialect = (): Dialect => dialectOf(process.env);
