import { describe, expect, it } from 'vitest';
import { chooseLanguage, detectLanguage, readCookie, savedLanguage } from './language-choice';

describe('chooseLanguage: saved, then country, then browser, then English', () => {
  it.each([
    ['a saved choice wins over everything', { saved: 'fr', country: 'BR', browser: 'ru-RU' }, 'fr'],
    ['an unsupported saved value is ignored', { saved: 'de', country: 'BR', browser: 'ru-RU' }, 'pt'],
    ['the country language comes next', { country: 'IN', browser: 'en-US' }, 'hi'],
    ['country codes in lower case work', { country: 'bd', browser: 'en-US' }, 'bn'],
    ['a country outside the table falls to the browser', { country: 'NG', browser: 'es-MX' }, 'es'],
    ['the browser primary subtag', { browser: 'zh-Hant-TW' }, 'zh'],
    ['an unsupported browser language gives English', { browser: 'de-DE' }, 'en'],
    ['nothing known gives English', {}, 'en'],
    ['Arabic from Egypt', { country: 'EG', browser: 'en-GB' }, 'ar'],
    ['English countries stay English', { country: 'US', browser: 'fr-FR' }, 'en'],
  ] as const)('%s', (_name, signals, expected) => {
    expect(chooseLanguage(signals)).toBe(expected);
  });
});

describe('savedLanguage: query, cookie, local storage', () => {
  it.each([
    [{ query: 'ar', cookie: 'fr', localStorage: 'ru' }, 'ar'],
    [{ query: null, cookie: 'fr', localStorage: 'ru' }, 'fr'],
    [{ localStorage: 'pt-BR' }, 'pt'],
    [{ query: 'xx', cookie: undefined, localStorage: 'de' }, undefined],
    [{}, undefined],
  ] as const)('%o → %s', (sources, expected) => {
    expect(savedLanguage(sources)).toBe(expected);
  });
});

describe('detectLanguage: saved, then the browser languages, then <html lang>, then English', () => {
  it('takes a saved choice first, in the query, cookie, local storage order', () => {
    expect(detectLanguage({ query: 'fr', cookie: 'es', localStorage: 'ru', browser: ['pt-BR'], htmlTag: 'zh' })).toBe('fr');
    expect(detectLanguage({ query: 'xx', cookie: 'es', browser: ['pt-BR'] })).toBe('es');
    expect(detectLanguage({ localStorage: 'ar', browser: ['pt-BR'] })).toBe('ar');
  });

  it('then the first supported browser language, then the page’s own language', () => {
    expect(detectLanguage({ browser: ['de-DE', 'pt-BR', 'fr'] })).toBe('pt');
    expect(detectLanguage({ browser: ['de-DE'], htmlTag: 'hi' })).toBe('hi');
    expect(detectLanguage({ browser: ['de-DE'] })).toBe('en');
    expect(detectLanguage({})).toBe('en');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; i18next=fr; auth_token=x%20y', 'i18next')).toBe('fr');
    expect(readCookie('a=1; auth_token=x%20y', 'auth_token')).toBe('x y');
    expect(readCookie('', 'i18next')).toBeUndefined();
  });
});
