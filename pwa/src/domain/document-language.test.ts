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
