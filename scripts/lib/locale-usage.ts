import fs from 'node:fs';
import path from 'node:path';

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const KEY_LITERAL = /['"`]([A-Za-z]\w*)\.[A-Za-z$]/g;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

/** The source files a module pulls in through relative imports, static and dynamic, type-only ones left out. */
export function moduleClosure(entry: string, stopAt: ReadonlySet<string> = new Set()): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || stopAt.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      if (match[2]) continue; // import type / export type
      const specifier = match[3] ?? match[4] ?? match[5];
      const resolved = specifier ? resolveModule(file, specifier) : undefined;
      if (resolved) walk(resolved);
    }
  };
  walk(entry);
  return [...seen];
}

/**
 * The top-level string keys (`settings` of `t('settings.title')`, of `` `errors.${code}` `` or of a
 * key kept in a table) that the given files name, among `knownKeys`.
 */
export function topLevelKeysUsed(files: readonly string[], knownKeys: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    // Comments left out (they quote keys as examples); `//` after a colon is a URL, not a comment.
    const source = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const match of source.matchAll(KEY_LITERAL)) if (knownKeys.has(match[1]!)) used.add(match[1]!);
  }
  return used;
}
