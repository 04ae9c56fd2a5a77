import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startProduct, type Product } from './server';

/**
 * One product and one Chromium for a test file, started before its tests and stopped after.
 * Read them through the returned getters inside tests.
 */
export function useProductAndBrowser(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}) {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await startProduct(typeof env === 'function' ? await env() : env);
    browser = withWelcomeSeen(await launchChromium());
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

/**
 * Every context starts as a device that already saw the one-time referral welcome (a modal that
 * would cover what a test clicks); the first page load sets the flag, so a test that wants the
 * welcome removes it and navigates again.
 */
function withWelcomeSeen(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      if (sessionStorage.getItem('e2e-first-load')) return;
      sessionStorage.setItem('e2e-first-load', '1');
      localStorage.setItem('bidpilot_referral_welcome_seen', 'e2e');
    });
    return context;
  };
  return browser;
}
