import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const API_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The API's product modules: every source file but tests and the test harnesses. */
function productFiles(dir = API_SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(API_SRC, 'testing') ? [] : productFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Where a file reads `process.env` outside any function: when the module loads, not when it is called. */
function envReadsAtLoad(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (ts.isFunctionLike(node)) inFunction = true;
    if (!inFunction && ts.isPropertyAccessExpression(node) && node.getText(source) === 'process.env') {
      found.push(`${path.relative(API_SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, (child) => visit(child, inFunction));
  };
  visit(source, false);
  return found;
}

describe('the engine is the caller’s choice', () => {
  it('no module of the API reads the environment when it loads (DATABASE_URL is read with the settings, and a store carries its tables)', () => {
    const files = productFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => envReadsAtLoad(file))).toEqual([]);
  });

  it('the check finds a read at load, and passes over one inside a function', () => {
    expect(envReadsAtLoad('x.ts', "export const url = process.env.DATABASE_URL ?? '';")).toHaveLength(1);
    expect(
      envReadsAtLoad('x.ts', 'const on = () => process.env.DATABASE_URL;\nexport function f(env = process.env) { return env; }'),
    ).toEqual([]);
    expect(envReadsAtLoad('x.ts', 'export class A { static url = process.env.DATABASE_URL; }')).toHaveLength(1);
  });

  it('no product module picks tables for the process: only the harnesses read the test run’s engine', () => {
    const pickers = productFiles().filter((file) => /\bloadedDialect\b|dialectOf\(process\.env\)/.test(fs.readFileSync(file, 'utf8')));
    expect(pickers.map((file) => path.relative(API_SRC, file))).toEqual([]);
  });
});
