import { createInflate } from 'node:zlib';

export class PdfTooLarge extends Error {
  override name = 'PdfTooLarge';
}

const STREAM = Buffer.from('stream', 'latin1');
const END = Buffer.from('end', 'latin1');

/** pdf.js's FlateDecode accepts only data with a zlib header: deflate, a valid check, no preset dictionary. */
function zlibHeaderAt(bytes: Uint8Array, at: number): boolean {
  const cmf = bytes[at];
  const flg = bytes[at + 1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * Where each stream's data starts: after the keyword `stream` (not `endstream`) and the end of its
 * line, as pdf.js reads it. Every stream of a PDF is in its raw bytes (object streams hold no streams).
 */
function* streamStarts(bytes: Buffer): Generator<number> {
  let at = bytes.indexOf(STREAM);
  while (at >= 0) {
    const isEnd = at >= 3 && bytes.subarray(at - 3, at).equals(END);
    let start = at + STREAM.length;
    if (!isEnd) {
      while (start < bytes.length && bytes[start] !== 0x0a && bytes[start] !== 0x0d) start++;
      if (bytes[start] === 0x0d) start++;
      if (bytes[start] === 0x0a) start++;
      yield start;
    }
    at = bytes.indexOf(STREAM, at + STREAM.length);
  }
}

interface Budget {
  left: number;
  cap: number;
}

/**
 * Inflates zlib data a chunk at a time, counting every byte against `budget` and rejecting as soon as
 * it is spent. The output is kept only when it is itself zlib data (a stream deflated twice, which
 * pdf.js inflates twice); otherwise it is counted and dropped. Data past the end of the deflate
 * stream (the rest of the file) is ignored, as a reader does; a truncated stream counts what it gave.
 */
function inflateCounted(data: Uint8Array, budget: Budget): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let kept: Buffer[] | undefined;
    let first = true;
    inflate.on('data', (chunk: Buffer) => {
      if (first) {
        first = false;
        if (chunk.length < 2 || zlibHeaderAt(chunk, 0)) kept = [];
      }
      kept?.push(chunk);
      budget.left -= chunk.length;
      if (budget.left < 0) {
        inflate.destroy();
        reject(new PdfTooLarge(`streams unpack to more than ${budget.cap} bytes`));
      }
    });
    const done = () => {
      const out = kept && Buffer.concat(kept);
      resolve(out && zlibHeaderAt(out, 0) ? out : undefined);
    };
    inflate.on('end', done);
    // Not zlib after all, or cut short: what came out is counted, the rest is for the parser to refuse.
    inflate.on('error', done);
    inflate.end(data);
  });
}

/**
 * Proves a PDF's Flate streams unpack to at most `maxTotal` bytes together before pdf.js parses it:
 * each stream that starts with a zlib header is inflated as a stream that is only counted (never
 * kept whole) and cut off once the total passes `maxTotal`; a stream deflated again inside is
 * inflated again, its bytes counted too. A parser that later inflates the same streams therefore
 * stays within `maxTotal`. Throws PdfTooLarge.
 */
export async function checkPdfExpansion(input: Uint8Array, options: { maxTotal: number; maxStreams: number }): Promise<void> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const budget: Budget = { left: options.maxTotal, cap: options.maxTotal };
  let streams = 0;
  for (const start of streamStarts(bytes)) {
    if (!zlibHeaderAt(bytes, start)) continue;
    if (++streams > options.maxStreams) throw new PdfTooLarge(`more than ${options.maxStreams} compressed streams`);
    let layer: Buffer | undefined = await inflateCounted(bytes.subarray(start), budget);
    while (layer) layer = await inflateCounted(layer, budget);
  }
}
