import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHash, inputFiles, isBuildFresh, writeBuildStamp } from './build-stamp.mjs';

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-'));
  fs.mkdirSync(path.join(root, 'src/deep'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 1;');
  fs.writeFileSync(path.join(root, 'src/deep/b.ts'), 'export const b = 2;');
  fs.writeFileSync(path.join(root, 'src/a.test.ts'), 'test');
  fs.writeFileSync(path.join(root, 'src/.hidden'), 'x');
  fs.writeFileSync(path.join(root, 'config.json'), '{}');
  return root;
}

describe('build stamps', () => {
  it('list the inputs, tests and dot files left out', () => {
    const root = project();
    expect(inputFiles(root, ['src', 'config.json', 'missing'])).toEqual(['src/a.ts', 'src/deep/b.ts', 'config.json']);
  });

  it('find a build fresh until an input’s content changes, whatever happens to the files’ times', () => {
    const root = project();
    const stamp = path.join(root, '.stamp');
    const entries = ['src', 'config.json'];
    expect(isBuildFresh(stamp, root, entries)).toBe(false);
    writeBuildStamp(stamp, root, entries);
    expect(isBuildFresh(stamp, root, entries)).toBe(true);

    // Touched, same bytes (a checkout): still fresh, and stamped with the new times.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/a.ts'), later, later);
    expect(isBuildFresh(stamp, root, entries)).toBe(true);
    expect(JSON.parse(fs.readFileSync(stamp, 'utf8')).content).toBe(contentHash(root, inputFiles(root, entries)));

    // A test changed: not an input.
    fs.writeFileSync(path.join(root, 'src/a.test.ts'), 'test 2');
    expect(isBuildFresh(stamp, root, entries)).toBe(true);

    // A source changed, or a file added: stale.
    fs.writeFileSync(path.join(root, 'src/deep/b.ts'), 'export const b = 3;');
    expect(isBuildFresh(stamp, root, entries)).toBe(false);
    writeBuildStamp(stamp, root, entries);
    fs.writeFileSync(path.join(root, 'src/c.ts'), '');
    expect(isBuildFresh(stamp, root, entries)).toBe(false);
  });

  it('take an old or broken stamp as stale', () => {
    const root = project();
    const stamp = path.join(root, '.stamp');
    fs.writeFileSync(stamp, 'a1b2c3');
    expect(isBuildFresh(stamp, root, ['src'])).toBe(false);
  });
});
