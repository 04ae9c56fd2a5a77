import { describe, expect, it } from 'vitest';
import { moduleChunks } from './boot-plugin';
import { chunkFiles, fillShell, inlineStylesheets, localeChunk } from './prerender';

describe('prerender helpers', () => {
  it('fills the shell with a page’s markup, language and direction', () => {
    const html = fillShell('<html lang="en" dir="ltr"><body><div id="root"></div></body></html>', '<main>مرحبا</main>', 'ar');
    expect(html).toBe('<html lang="ar" dir="rtl"><body><div id="root"><main>مرحبا</main></div></body></html>');
    expect(() => fillShell('<html><body></body></html>', 'x', 'en')).toThrow(/root/);
  });

  it('writes the stylesheet into the page, so it paints without fetching anything else', () => {
    const shell = '<head><link rel="stylesheet" crossorigin href="/assets/index-D.css"><link rel="manifest" href="/manifest.webmanifest"></head>';
    const read = (href: string) => (href === '/assets/index-D.css' ? '.p-4{padding:1rem}\n' : '');
    expect(inlineStylesheets(shell, read)).toBe('<head><style>.p-4{padding:1rem}</style><link rel="manifest" href="/manifest.webmanifest"></head>');
    expect(() => inlineStylesheets(shell, () => 'a{content:"</style>"}')).toThrow(/style/);
  });

  it('gives the page its own title, escaped, in place of the shell’s', () => {
    const html = fillShell('<html><head><title>Bidpilot</title></head><body><div id="root"></div></body></html>', '', 'en', 'Q&A <1> · Bidpilot');
    expect(html).toContain('<title>Q&amp;A &lt;1&gt; · Bidpilot</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('names a screen’s chunk and every chunk it imports, each once, whatever group holds it', () => {
    const chunks = moduleChunks(
      {
        'assets/public-a.js': { type: 'chunk', fileName: 'assets/public-a.js', imports: ['assets/PlanCard-b.js', 'assets/index-c.js'], moduleIds: ['/app/src/routes/home/HomePage.tsx', '/app/src/routes/pricing/PricingPage.tsx'] },
        'assets/PlanCard-b.js': { type: 'chunk', fileName: 'assets/PlanCard-b.js', imports: ['assets/index-c.js'], moduleIds: ['/app/src/components/PlanCard.tsx'] },
        'assets/index-c.js': { type: 'chunk', fileName: 'assets/index-c.js', moduleIds: ['/app/src/main.tsx', '\0virtual'] },
        'assets/index-d.css': { type: 'asset', fileName: 'assets/index-d.css' },
      },
      '/app',
    );
    expect(chunkFiles(chunks, 'src/routes/home/HomePage.tsx')).toEqual(['/assets/public-a.js', '/assets/PlanCard-b.js', '/assets/index-c.js']);
    expect(chunkFiles(chunks, 'src/routes/pricing/PricingPage.tsx')).toEqual(['/assets/public-a.js', '/assets/PlanCard-b.js', '/assets/index-c.js']);
    expect(() => chunkFiles(chunks, 'src/routes/none/NonePage.tsx')).toThrow(/no chunk/);
  });

  it('finds one language’s string bundle among the built locale chunks', () => {
    const files = ['fr-app-X1.js', 'fr-app-X1.js.gz', 'fr-auth-Y-2.js', 'en-app-Z.js'];
    expect(localeChunk(files, 'fr', 'app')).toBe('/assets/locales/fr-app-X1.js');
    expect(localeChunk(files, 'fr', 'auth')).toBe('/assets/locales/fr-auth-Y-2.js');
    expect(() => localeChunk(files, 'ru', 'app')).toThrow(/ru\/app/);
  });
});
