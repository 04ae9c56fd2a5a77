import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage } from './document-language';

describe('applyDocumentLanguage', () => {
  it('switches to right-to-left for Arabic and back', () => {
    const root = { lang: 'en', dir: 'ltr' };
    applyDocumentLanguage(root, 'ar');
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    applyDocumentLanguage(root, 'bn');
    expect(root).toEqual({ lang: 'bn', dir: 'ltr' });
  });

  it('treats regional tags of rtl languages as rtl', () => {
    const root = { lang: '', dir: '' };
    applyDocumentLanguage(root, 'ar-EG');
    expect(root.dir).toBe('rtl');
  });
});

describe('direction of every language', () => {
  it.each([
    ['ar', 'rtl'],
    ['he', 'rtl'],
    ['fa', 'rtl'],
    ['ur-PK', 'rtl'],
    ['en', 'ltr'],
    ['zh', 'ltr'],
    ['hi', 'ltr'],
    ['es', 'ltr'],
    ['fr', 'ltr'],
    ['bn', 'ltr'],
    ['ru', 'ltr'],
    ['pt-BR', 'ltr'],
    ['id', 'ltr'],
  ])('%s → %s', (language, dir) => {
    const root = { lang: '', dir: '' };
    applyDocumentLanguage(root, language);
    expect(root).toEqual({ lang: language, dir });
  });
});
