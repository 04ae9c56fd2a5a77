import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text files worth compressing (images and fonts here are compressed formats already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes `x.br` (brotli 11) and `x.gz` (gzip 9) beside every compressible file of a built folder,
 * once at build time, so the server never compresses a static file per request. A copy that
 * would not be smaller is not written.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = zlib.gzipSync(body, { level: 9 });
    for (const [suffix, packed] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (packed.length < body.length) {
        fs.writeFileSync(file + suffix, packed);
        written += 1;
      } else fs.rmSync(file + suffix, { force: true });
    }
  }
  return written;
}
