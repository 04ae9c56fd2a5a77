import { describe, expect, it } from 'vitest';
import { useProductAndBrowser } from './support/suite';

const env = useProductAndBrowser();

describe('the installable shell', () => {
  it('serves an installable manifest with 192, 512 and maskable icons', async () => {
    const res = await fetch(`${env.product().url}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Bidpilot', short_name: 'Bidpilot', display: 'standalone', start_url: expect.any(String) });
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const png = Buffer.from(await (await fetch(new URL(icon.src, env.product().url))).arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    }
  });

  it('loads the app shell with the network cut after one online visit', async () => {
    const context = await env.browser().newContext();
    const page = await context.newPage();
    await page.goto(`${env.product().url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto(`${env.product().url}/login`);
    await page.getByRole('heading', { name: 'Sign in to Bidpilot' }).waitFor();
    await page.goto(`${env.product().url}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await context.close();
  });
});
