import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string | undefined;
afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

it('writes a brotli and a gzip copy of every text file, decoding to the same bytes, and none of images', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = 'export const greeting = "hello";\n'.repeat(200);
  fs.writeFileSync(path.join(dir, 'assets/app-1a2b.js'), script);
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Bidpilot</p>'.repeat(50)}`);
  fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(400, 7));

  precompressDir(dir);

  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app-1a2b.js.br'))).toString()).toBe(script);
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-1a2b.js.gz'))).toString()).toBe(script);
  expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
});
