import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../shared/src/languages';

export type LocaleTree = { [key: string]: string | LocaleTree };

/** Words that stay the same in every language. */
const UNTRANSLATED_OK = /\b(Bidpilot|Upwork|Freelancer\.com|Freelancer|Telegram|Paystack|Gmail|PDF|DOCX|USD|NGN|OK|AI|PWA|URL|ID)\b/g;

export function flatten(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value, full)) out.set(k, v);
    else out.set(full, value as never);
  }
  return out;
}

export const placeholders = (value: string) => [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Problems of one language against English: missing or extra keys, placeholder mismatches, copies. */
export function compareLocale(
  language: string,
  en: Map<string, string>,
  other: Map<string, string>,
  sameAsEnglish: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  for (const [key, source] of en) {
    const value = other.get(key);
    if (value === undefined) {
      problems.push(`${language}: missing key ${key}`);
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${language}: empty value for ${key}`);
      continue;
    }
    const want = placeholders(source).join(',');
    const got = placeholders(value).join(',');
    if (want !== got) problems.push(`${language}: placeholders of ${key} are {${got}}, English has {${want}}`);
    if (
      language !== 'en' &&
      value === source &&
      !sameAsEnglish.has(key) &&
      /\p{L}{2,}/u.test(source.replace(UNTRANSLATED_OK, '').replace(/\{\{[^}]+\}\}/g, ''))
    ) {
      problems.push(`${language}: ${key} is an English copy ("${source.slice(0, 40)}")`);
    }
  }
  for (const key of other.keys()) if (!en.has(key)) problems.push(`${language}: extra key ${key} (not in en)`);
  return problems;
}

export function checkLocalesDir(dir: string): string[] {
  const load = (language: string) => {
    const file = path.join(dir, `${language}.json`);
    if (!fs.existsSync(file)) return undefined;
    return flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as LocaleTree);
  };
  const en = load('en');
  if (!en) return ['en: locales/en.json is missing'];
  const allowFile = path.join(dir, '_same-as-english.json');
  const allowed = fs.existsSync(allowFile) ? (JSON.parse(fs.readFileSync(allowFile, 'utf8')) as Record<string, unknown>) : {};
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    const other = load(language);
    const same = new Set(Array.isArray(allowed[language]) ? (allowed[language] as string[]) : []);
    if (!other) problems.push(`${language}: file locales/${language}.json is missing`);
    else problems.push(...compareLocale(language, en, other, same));
  }
  return problems;
}
