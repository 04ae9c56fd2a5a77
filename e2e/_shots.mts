import { launchChromium } from './support/browser';
import { startProduct } from './support/server';
const product = await startProduct();
const browser = await launchChromium();
try {
  for (const [name, w, h] of [['mobile', 360, 740], ['desktop', 1280, 800]] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    for (const path of ['/', '/register', '/verify-email', '/nope/here']) {
      await page.goto(product.url + path);
      await page.waitForTimeout(700);
      await page.screenshot({ path: `/tmp/shot-${name}${path.replace(/\//g, '_')}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      console.log(name, path, 'horizontal overflow:', overflow);
    }
    await page.goto(product.url + '/register?lng=ar');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-${name}-ar.png`, fullPage: true });
    await context.close();
  }
} finally { await browser.close(); await product.stop(); }
