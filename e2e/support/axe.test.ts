import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { horizontalOverflow } from './axe';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 360, height: 740 } });
});
afterAll(async () => {
  await browser.close();
});

const at360 = (body: string) => page.setContent(`<!doctype html><html><body style="margin:0">${body}</body></html>`);

describe('horizontalOverflow: what makes a 360 px page scroll sideways', () => {
  it('names the element that sticks out of a settled page', async () => {
    await at360('<main><p>fits</p><div class="wide" style="width:520px">a table too wide</div></main>');
    const found = await horizontalOverflow(page);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('div.wide');
    expect(found[0]).toContain('[0…520]');
  });

  it('passes over a closed drawer: a fixed box slid off the screen scrolls nothing, nor does what it holds', async () => {
    await at360(
      '<aside style="position:fixed;inset-block:0;left:0;width:288px;transform:translateX(-100%)"><div style="width:288px">Bidpilot</div></aside><main>fits</main>',
    );
    expect(await horizontalOverflow(page)).toEqual([]);
  });

  it('passes over what sticks out only in passing, and still finds what stays', async () => {
    await at360(
      '<div id="passing" style="width:600px">hydrating</div><script>setTimeout(() => document.getElementById("passing").remove(), 100)</script>',
    );
    expect(await horizontalOverflow(page)).toEqual([]);
    await at360(
      '<div id="stays" style="width:600px">stays</div><script>setTimeout(() => document.getElementById("stays").textContent = "still wide", 100)</script>',
    );
    expect((await horizontalOverflow(page))[0]).toContain('div#stays');
  });

  it('passes over a wide table inside its own scrolling region', async () => {
    await at360('<div role="region" style="overflow-x:auto"><table style="width:700px"><tr><td>wide</td></tr></table></div>');
    expect(await horizontalOverflow(page)).toEqual([]);
  });
});
