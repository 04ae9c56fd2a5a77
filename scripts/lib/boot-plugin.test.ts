import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { addPreloads, bootHtml, bundleBootScript, withoutSignedInPreloads } from './boot-plugin';

const bootSource = path.resolve(import.meta.dirname, '../../pwa/src/boot/boot.ts');

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
  it('replaces the entry script and its module preloads with one inline boot script at the end of the body naming them', () => {
    const html = bootHtml(built, '(()=>{start()})();');
    expect(html).toContain(
      '<script data-entry="/assets/index-A.js" data-preload="/assets/vendor-B.js /assets/api-C.js">(()=>{start()})();</script>\n  </body>',
    );
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script[^>]* src=/);
    // The stylesheet stays where it was.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D.css">');
  });

  it('names the signed-in page’s own chunks apart, without the entry and what is preloaded already, and a public page drops them', () => {
    const html = bootHtml(built, 'start()', ['/assets/app-sync-E.js', '/assets/vendor-B.js', '/assets/index-A.js', '/assets/dexie-F.js']);
    expect(html).toContain(
      '<script data-entry="/assets/index-A.js" data-preload="/assets/vendor-B.js /assets/api-C.js" data-signed-in="/assets/app-sync-E.js /assets/dexie-F.js">start()</script>',
    );
    expect(withoutSignedInPreloads(html)).toContain(
      '<script data-entry="/assets/index-A.js" data-preload="/assets/vendor-B.js /assets/api-C.js">',
    );
    // None to name: no attribute.
    expect(bootHtml(built, 'start()', ['/assets/vendor-B.js'])).not.toContain('data-signed-in');
  });

  it('refuses a page without an entry script, and code that would end the script element early', () => {
    expect(() => bootHtml('<html><head></head><body></body></html>', 'x')).toThrow(/entry/);
    expect(() => bootHtml(built, 'a("</script>")')).toThrow(/script/);
  });
});

describe('addPreloads', () => {
  it('adds a page’s own modules to the boot script’s list, each once', () => {
    const html = addPreloads(bootHtml(built, 'start()'), ['/assets/HomePage-F.js', '/assets/vendor-B.js']);
    expect(html).toContain('data-preload="/assets/vendor-B.js /assets/api-C.js /assets/HomePage-F.js"');
  });
});

describe('bundleBootScript', () => {
  it('bundles the boot script with the modules it imports into one classic script, without their country tables', () => {
    const { code, inputs } = bundleBootScript(bootSource, true, esbuild);
    expect(code).not.toMatch(/^import |\bexport\b/m);
    expect(inputs).toContain(path.resolve(import.meta.dirname, '../../pwa/src/boot/geo-start.ts'));
    expect(() => bootHtml(built, code)).not.toThrow();
    expect(code).toContain('/api/geo');
    // The time zone → country, country → language and country → currency tables stay on the server and in the app.
    for (const tableEntry of ['Africa/Lagos', '"BD"', '"NGN"']) expect(code).not.toContain(tableEntry);
  });

  it('leaves the geolocation call out when the app asks an outside service (VITE_GEO_URL)', () => {
    const { code } = bundleBootScript(bootSource, false, esbuild);
    expect(code).not.toContain('/api/geo');
    expect(code).toContain('first-contentful-paint');
  });
});
