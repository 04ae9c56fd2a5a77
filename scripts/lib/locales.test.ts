import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLocalesDir, compareLocale, flatten } from './locales';

const en = flatten({ auth: { title: 'Sign in', hello: 'Hello {{name}}' }, brand: 'Bidpilot' });

describe('locale check', () => {
  it('passes a complete translation', () => {
    expect(compareLocale('fr', en, flatten({ auth: { title: 'Connexion', hello: 'Bonjour {{name}}' }, brand: 'Bidpilot' }))).toEqual([]);
  });

  it('reports a missing key, a placeholder mismatch, an English copy and an extra key', () => {
    const problems = compareLocale('es', en, flatten({ auth: { title: 'Sign in', hello: 'Hola {{nombre}}' }, extra: 'x' }));
    expect(problems).toEqual([
      'es: auth.title is an English copy ("Sign in")',
      'es: placeholders of auth.hello are {nombre}, English has {name}',
      'es: missing key brand',
      'es: extra key extra (not in en)',
    ]);
  });

  it('holds for the real locale files', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
    expect(checkLocalesDir(dir)).toEqual([]);
  });
});
