import { describe, expect, it } from 'vitest';
import { moduleChunks } from './boot-plugin';
import { chunkFiles, fillShell, inlineCriticalCss, localeChunk } from './prerender';

describe('prerender helpers', () => {
  it('fills the shell with a page’s markup, language and direction', () => {
    const html = fillShell('<html lang="en" dir="ltr"><body><div id="root"></div></body></html>', '<main>مرحبا</main>', 'ar');
    expect(html).toBe('<html lang="ar" dir="rtl"><body><div id="root"><main>مرحبا</main></div></body></html>');
    expect(() => fillShell('<html><body></body></html>', 'x', 'en')).toThrow(/root/);
  });

  it('writes the rules the page uses into it, and has the boot script load the whole stylesheet after the first paint', () => {
    const page =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-D.css"></head><body><div id="root"><p class="p-4">Hi</p></div>' +
      '<script data-entry="/assets/index-A.js" data-preload="">boot()</script></body>';
    const read = (href: string) => (href === '/assets/index-D.css' ? 'p{margin:0}.p-4{padding:1rem}.p-8{padding:2rem}' : '');
    expect(inlineCriticalCss(page, read)).toBe(
      '<head><style>p{margin:0}.p-4{padding:1rem}</style></head><body><div id="root"><p class="p-4">Hi</p></div>' +
        '<script data-stylesheets="/assets/index-D.css" data-entry="/assets/index-A.js" data-preload="">boot()</script></body>',
    );
    expect(() => inlineCriticalCss(page, () => 'p{content:"</style>"}')).toThrow(/style/);
    expect(() => inlineCriticalCss('<link rel="stylesheet" href="/assets/x.css"><p>no boot</p>', () => 'p{margin:0}')).toThrow(/boot/);
  });

  it('gives the page its own title, escaped, in place of the shell’s', () => {
    const html = fillShell(
      '<html><head><title>Bidpilot</title></head><body><div id="root"></div></body></html>',
      '',
      'en',
      'Q&A <1> · Bidpilot',
    );
    expect(html).toContain('<title>Q&amp;A &lt;1&gt; · Bidpilot</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('names a screen’s chunk and every chunk it imports, each once, whatever group holds it', () => {
    const chunks = moduleChunks(
      {
        'assets/public-a.js': {
          type: 'chunk',
          fileName: 'assets/public-a.js',
          imports: ['assets/PlanCard-b.js', 'assets/index-c.js'],
          moduleIds: ['/app/src/features/marketing/HomePage.tsx', '/app/src/features/marketing/PricingPage.tsx'],
        },
        'assets/PlanCard-b.js': {
          type: 'chunk',
          fileName: 'assets/PlanCard-b.js',
          imports: ['assets/index-c.js'],
          moduleIds: ['/app/src/components/PlanCard.tsx'],
        },
        'assets/index-c.js': { type: 'chunk', fileName: 'assets/index-c.js', moduleIds: ['/app/src/main.tsx', '\0virtual'] },
        'assets/index-d.css': { type: 'asset', fileName: 'assets/index-d.css' },
      },
      '/app',
    );
    expect(chunkFiles(chunks, 'src/features/marketing/HomePage.tsx')).toEqual([
      '/assets/public-a.js',
      '/assets/PlanCard-b.js',
      '/assets/index-c.js',
    ]);
    expect(chunkFiles(chunks, 'src/features/marketing/PricingPage.tsx')).toEqual([
      '/assets/public-a.js',
      '/assets/PlanCard-b.js',
      '/assets/index-c.js',
    ]);
    expect(() => chunkFiles(chunks, 'src/features/none/NonePage.tsx')).toThrow(/no chunk/);
  });

  it('finds one language’s string bundle among the built locale chunks', () => {
    const files = ['fr-app-X1.js', 'fr-app-X1.js.gz', 'fr-auth-Y-2.js', 'en-app-Z.js'];
    expect(localeChunk(files, 'fr', 'app')).toBe('/assets/locales/fr-app-X1.js');
    expect(localeChunk(files, 'fr', 'auth')).toBe('/assets/locales/fr-auth-Y-2.js');
    expect(() => localeChunk(files, 'ru', 'app')).toThrow(/ru\/app/);
  });
});
