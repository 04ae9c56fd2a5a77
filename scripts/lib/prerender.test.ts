import { describe, expect, it } from 'vitest';
import { chunkFiles, fillShell, localeChunk, type BuildManifest } from './prerender';

describe('prerender helpers', () => {
  it('fills the shell with a page’s markup, language and direction', () => {
    const html = fillShell('<html lang="en" dir="ltr"><body><div id="root"></div></body></html>', '<main>مرحبا</main>', 'ar');
    expect(html).toBe('<html lang="ar" dir="rtl"><body><div id="root"><main>مرحبا</main></div></body></html>');
    expect(() => fillShell('<html><body></body></html>', 'x', 'en')).toThrow(/root/);
  });

  it('names a screen’s chunk and every chunk it imports, each once', () => {
    const manifest: BuildManifest = {
      'src/routes/home/HomePage.tsx': { file: 'assets/HomePage-a.js', imports: ['_PlanCard-b.js', 'src/main.tsx'] },
      '_PlanCard-b.js': { file: 'assets/PlanCard-b.js', imports: ['src/main.tsx'] },
      'src/main.tsx': { file: 'assets/index-c.js' },
    };
    expect(chunkFiles(manifest, 'src/routes/home/HomePage.tsx')).toEqual(['/assets/HomePage-a.js', '/assets/PlanCard-b.js', '/assets/index-c.js']);
    expect(() => chunkFiles(manifest, 'src/routes/none/NonePage.tsx')).toThrow(/no chunk/);
  });

  it('finds one language’s string bundle among the built locale chunks', () => {
    const files = ['fr-app-X1.js', 'fr-app-X1.js.gz', 'fr-auth-Y-2.js', 'en-app-Z.js'];
    expect(localeChunk(files, 'fr', 'app')).toBe('/assets/locales/fr-app-X1.js');
    expect(localeChunk(files, 'fr', 'auth')).toBe('/assets/locales/fr-auth-Y-2.js');
    expect(() => localeChunk(files, 'ru', 'app')).toThrow(/ru\/app/);
  });
});
