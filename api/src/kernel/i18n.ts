import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, type Language } from '@shared/languages';

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

type Tree = { [key: string]: string | Tree };
export type Translate = (language: Language, key: string, vars?: Record<string, string | number>) => string;

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The server's translator over the same locale files as the PWA; English fills any gap. A
 * language's file is read on its first use (a mail, a push notice), not at start.
 */
export function loadTranslations(dir = LOCALES_DIR): Translate {
  const trees = new Map<Language, Tree | undefined>();
  const tree = (language: Language): Tree | undefined => {
    if (!trees.has(language)) {
      const file = path.join(dir, `${language}.json`);
      trees.set(language, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : undefined);
    }
    return trees.get(language);
  };
  return (language, key, vars = {}) => {
    const template = lookup(tree(language), key) ?? lookup(tree(DEFAULT_LANGUAGE), key) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
  };
}
