import { describe, expect, it } from 'vitest';
import { criticalCss, pageClasses, selectorClasses } from './critical-css';

const css =
  '/*! tailwindcss */@layer theme,base,utilities;@layer theme{:root{--c:#fff}}@layer base{*,:before{box-sizing:border-box}a{color:inherit}}' +
  '@layer utilities{.flex{display:flex}.grid{display:grid}.md\\:hidden{@media (width>=48rem){display:none}}' +
  '.hover\\:bg-white:hover{@media (hover:hover){background:#fff}}.w-1\\/2{width:50%}.py-2\\.5{padding-block:.625rem}' +
  '.space-y-2>:not(:last-child){margin:0}.\\32 xl\\:p-4{padding:1rem}.unused,.also-unused{color:red}.a,.flex{order:1}' +
  '@media (width>=64rem){.lg\\:grid{display:grid}.lg\\:flex{display:flex}}}' +
  '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}.content{content:"}{"}';

describe('criticalCss', () => {
  const page = '<body class="flex"><div class="md:hidden hover:bg-white w-1/2 py-2.5 space-y-2 2xl:p-4 lg:flex content"></div></body>';
  const out = criticalCss(css, pageClasses(page));

  it('keeps the rules that can apply to the page, in order, with their layers, media and properties', () => {
    expect(out).toBe(
      '@layer theme,base,utilities;@layer theme{:root{--c:#fff}}@layer base{*,:before{box-sizing:border-box}a{color:inherit}}' +
        '@layer utilities{.flex{display:flex}.md\\:hidden{@media (width>=48rem){display:none}}' +
        '.hover\\:bg-white:hover{@media (hover:hover){background:#fff}}.w-1\\/2{width:50%}.py-2\\.5{padding-block:.625rem}' +
        '.space-y-2>:not(:last-child){margin:0}.\\32 xl\\:p-4{padding:1rem}.a,.flex{order:1}' +
        '@media (width>=64rem){.lg\\:flex{display:flex}}}' +
        '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}.content{content:"}{"}',
    );
  });

  it('drops what names a class the page does not use, and a media block left empty', () => {
    expect(out).not.toContain('.grid');
    expect(out).not.toContain('unused');
    expect(criticalCss('@media print{.x{color:red}}.y{color:blue}', new Set(['y']))).toBe('.y{color:blue}');
  });

  it('reads escaped class names, and ignores classes inside :not() and attribute values', () => {
    expect(selectorClasses('.md\\:hover\\:bg-white:hover')).toEqual(['md:hover:bg-white']);
    expect(selectorClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(selectorClasses('.group:not(.open) .x[data-a=".b"]')).toEqual(['group', 'x']);
    expect(selectorClasses('.sm\\:grid-cols-\\[2fr_1fr\\]')).toEqual(['sm:grid-cols-[2fr_1fr]']);
    const arbitrary = '.transition-\\[color\\,box-shadow\\]{transition-property:color,box-shadow}.x{color:red}';
    expect(criticalCss(arbitrary, new Set(['transition-[color,box-shadow]']))).toBe(
      '.transition-\\[color\\,box-shadow\\]{transition-property:color,box-shadow}',
    );
  });
});
