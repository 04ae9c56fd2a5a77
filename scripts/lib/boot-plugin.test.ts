import { describe, expect, it } from 'vitest';
import { addPreloads, bootHtml } from './boot-plugin';

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Bidpilot</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
    <link rel="modulepreload" crossorigin href="/assets/api-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('bootHtml', () => {
  it('replaces the entry script and its module preloads with one deferred boot script naming them', () => {
    const html = bootHtml(built, '/assets/boot-E.js');
    expect(html).toContain('<script defer src="/assets/boot-E.js" data-entry="/assets/index-A.js" data-preload="/assets/vendor-B.js /assets/api-C.js"></script>');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    // The stylesheet stays where it was.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
  });

  it('refuses a page without an entry script', () => {
    expect(() => bootHtml('<html><head></head></html>', '/b.js')).toThrow(/entry/);
  });
});

describe('addPreloads', () => {
  it('adds a page’s own modules to the boot script’s list, each once', () => {
    const html = addPreloads(bootHtml(built, '/assets/boot-E.js'), ['/assets/HomePage-F.js', '/assets/vendor-B.js']);
    expect(html).toContain('data-preload="/assets/vendor-B.js /assets/api-C.js /assets/HomePage-F.js"');
  });
});
