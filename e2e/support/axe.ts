import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page (WCAG 2.1 A and AA rules) and answers the serious and critical findings. */
export async function seriousViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async (context) => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<Result> } }).axe;
    const result = await axe.run(context ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      }));
  }, within ?? null);
}

/** The elements that stick out sideways (outside fixed boxes, which never scroll the page), or none when nothing does. */
function sidewaysNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width + 1) return [];
    const out: string[] = [];
    const walk = (el: Element) => {
      if (out.length >= 8) return;
      // A fixed box and what it holds stay in the viewport: they make nothing scroll.
      if (getComputedStyle(el).position === 'fixed') return;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 1 || box.left < -1) && !el.closest('[role="region"], .overflow-x-auto'))
        out.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${(el.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.')} [${Math.round(box.left)}…${Math.round(box.right)}] «${(el.textContent ?? '').trim().slice(0, 40)}»`,
        );
      for (const child of Array.from(el.children)) walk(child);
    };
    walk(document.body);
    return out.length > 0 ? out : [`scrollWidth ${scrollWidth} > ${width}`];
  });
}

/**
 * Whether the settled page scrolls sideways (the elements that stick out, when so). A page caught
 * mid-render (a screen still hydrating on a loaded machine) is looked at again once it has painted
 * and rested; what it showed in passing is logged, so a recurring one can be found from CI's output.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  const first = await sidewaysNow(page);
  if (first.length === 0) return [];
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(750);
  const settled = await sidewaysNow(page);
  if (settled.length === 0) console.log(`[overflow] in passing on ${page.url()}: ${first.join(', ')}`);
  return settled;
}

/**
 * Layout faults among the given elements of the page: boxes that overlap one another, and text cut
 * off inside its own box (clipped, clamped or ellipsised). Each selector names one element.
 */
export async function layoutFaults(page: Page, selectors: Record<string, string>): Promise<string[]> {
  return page.evaluate((named) => {
    const faults: string[] = [];
    const boxes = Object.entries(named).flatMap(([name, selector]) => {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) {
        faults.push(`${name}: not found`);
        return [];
      }
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        faults.push(`${name}: text cut off («${el.innerText.trim().slice(0, 60)}»)`);
      return [{ name, box }];
    });
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.box;
        const b = boxes[j]!.box;
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
        if (overlap) faults.push(`${boxes[i]!.name} overlaps ${boxes[j]!.name}`);
      }
    }
    return faults;
  }, selectors);
}
