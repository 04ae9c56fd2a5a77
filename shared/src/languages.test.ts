import { describe, expect, it } from 'vitest';
import { languageForCountry, languageFromAcceptLanguage, LANGUAGES, supportedLanguage, textDirection } from './languages';

describe('languages', () => {
  it('offers the ten languages in the specification order', () => {
    expect(LANGUAGES).toEqual(['en', 'zh', 'hi', 'es', 'fr', 'ar', 'bn', 'ru', 'pt', 'id']);
  });

  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he', 'rtl'],
    ['fa', 'rtl'],
    ['ur', 'rtl'],
    ['en', 'ltr'],
    ['zh-CN', 'ltr'],
    ['bn', 'ltr'],
  ])('%s reads %s', (language, direction) => {
    expect(textDirection(language)).toBe(direction);
  });

  it.each([
    ['CN', 'zh'],
    ['HK', 'zh'],
    ['TW', 'zh'],
    ['SG', 'zh'],
    ['IN', 'hi'],
    ['ES', 'es'],
    ['MX', 'es'],
    ['CO', 'es'],
    ['AR', 'es'],
    ['PE', 'es'],
    ['VE', 'es'],
    ['CL', 'es'],
    ['EC', 'es'],
    ['GT', 'es'],
    ['CU', 'es'],
    ['BO', 'es'],
    ['DO', 'es'],
    ['FR', 'fr'],
    ['BE', 'fr'],
    ['CH', 'fr'],
    ['LU', 'fr'],
    ['MC', 'fr'],
    ['SA', 'ar'],
    ['EG', 'ar'],
    ['DZ', 'ar'],
    ['IQ', 'ar'],
    ['MA', 'ar'],
    ['SD', 'ar'],
    ['YE', 'ar'],
    ['SY', 'ar'],
    ['BD', 'bn'],
    ['RU', 'ru'],
    ['KZ', 'ru'],
    ['BY', 'ru'],
    ['PT', 'pt'],
    ['BR', 'pt'],
    ['AO', 'pt'],
    ['MZ', 'pt'],
    ['ID', 'id'],
    ['US', 'en'],
    ['GB', 'en'],
    ['AU', 'en'],
    ['NZ', 'en'],
    ['IE', 'en'],
    ['ZA', 'en'],
    ['CA', 'en'],
    ['ng', undefined],
    ['DE', undefined],
  ])('country %s speaks %s', (country, language) => {
    expect(languageForCountry(country)).toBe(language);
  });

  it('takes the primary subtag of supported languages only', () => {
    expect(supportedLanguage('pt-BR')).toBe('pt');
    expect(supportedLanguage('zh_Hant')).toBe('zh');
    expect(supportedLanguage('de-DE')).toBeUndefined();
    expect(supportedLanguage(undefined)).toBeUndefined();
  });

  it('ranks Accept-Language by q-value', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(languageFromAcceptLanguage('en;q=0.2, ar-SA;q=0.9')).toBe('ar');
    expect(languageFromAcceptLanguage('de, ja')).toBeUndefined();
    expect(languageFromAcceptLanguage('fr;q=0')).toBeUndefined();
  });
});
