import { describe, expect, it } from 'vitest';
import { inlineFavicon } from './inline-favicon';

describe('inlineFavicon', () => {
  it('writes the SVG tab icon into the page as a data URL the browser reads back to the same drawing', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#4f46e5" width="1" height="1"/></svg>\n';
    const html = inlineFavicon('<head><link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" /></head>', (name) =>
      name === 'favicon.svg' ? svg : '',
    );
    const href = html.match(/<link rel="icon" href="([^"]+)" type="image\/svg\+xml" \/>/)?.[1];
    expect(href?.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(href!.slice('data:image/svg+xml,'.length))).toBe(svg.trim());
  });

  it('leaves a page without an SVG icon link as it is', () => {
    const html = '<head><link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" /></head>';
    expect(inlineFavicon(html, () => 'x')).toBe(html);
  });
});
