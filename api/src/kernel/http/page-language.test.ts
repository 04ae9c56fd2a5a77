import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pageLanguage } from './page-language';

describe('pageLanguage', () => {
  it('takes the query, then the cookie, then the browser languages in q order, else English', () => {
    expect(pageLanguage({ query: 'fr', cookie: 'es', acceptLanguage: 'ru' })).toBe('fr');
    expect(pageLanguage({ query: 'xx', cookie: 'es', acceptLanguage: 'ru' })).toBe('es');
    expect(pageLanguage({ acceptLanguage: 'de-DE, pt-BR;q=0.8, en;q=0.9' })).toBe('en');
    expect(pageLanguage({ acceptLanguage: 'de-DE, pt-BR;q=0.9, en;q=0.8' })).toBe('pt');
    expect(pageLanguage({ acceptLanguage: 'de' })).toBe('en');
    expect(pageLanguage({})).toBe('en');
  });

  it('leaves out languages refused with q=0', () => {
    expect(acceptedLanguages('ar;q=0, bn')).toEqual(['bn']);
  });
});
