import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startProduct, type Product } from './server';

/**
 * One product and one Chromium for a test file, started before its tests and stopped after.
 * Read them through the returned getters inside tests.
 */
export function useProductAndBrowser(env: Record<string, string> = {}) {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await startProduct(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  return {
    product: () => product!,
    browser: () => browser!,
  };
}
