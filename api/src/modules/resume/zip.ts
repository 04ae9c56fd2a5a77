import { createInflateRaw } from 'node:zlib';

/** One entry of a ZIP archive as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only two Word files use). */
  method: number;
  compressedSize: number;
  /** What the directory claims the entry unpacks to (a hostile file may lie). */
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** ZIP64 marks sizes and offsets that do not fit 32 bits with all ones: never a résumé. */
const ZIP64 = 0xffffffff;

/**
 * The entries of a ZIP archive, read from its central directory; undefined when the bytes are not
 * a well-formed ZIP (ZIP64 archives included: a résumé is never that large).
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22 || view.getUint32(0, true) !== 0x04034b50) return undefined;
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return undefined;
    const compressedSize = view.getUint32(offset + 20, true);
    const uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);
    if (offset + 46 + nameLength > bytes.length) return undefined;
    if (compressedSize === ZIP64 || uncompressedSize === ZIP64 || localHeaderOffset === ZIP64) return undefined;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export class ZipTooLarge extends Error {
  override name = 'ZipTooLarge';
}

export class ZipUnreadable extends Error {
  override name = 'ZipUnreadable';
}

/** The compressed bytes of an entry, where its local header says its data starts. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new ZipUnreadable(`no local header for ${entry.name}`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const endAt = start + entry.compressedSize;
  if (endAt > bytes.length) throw new ZipUnreadable(`${entry.name} runs past the end of the file`);
  return bytes.subarray(start, endAt);
}

/** Inflates `data` only to count it, a chunk at a time, and stops as soon as it passes `cap` bytes. */
function inflatedLength(data: Uint8Array, cap: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        inflate.destroy();
        reject(new ZipTooLarge(`unpacks to more than ${cap} bytes`));
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', (error) => reject(new ZipUnreadable(error.message)));
    inflate.end(data);
  });
}

/**
 * Proves a ZIP archive unpacks to at most `maxTotal` bytes before anything extracts it: first by
 * the sizes its central directory declares (a plain bomb stops here, unpacked), then by inflating
 * each entry's real data as a stream that is only counted, never kept, and cut off as soon as the
 * entry passes what it declared. A parser that later unpacks the same data therefore stays within
 * `maxTotal`. Throws ZipTooLarge or ZipUnreadable.
 */
export async function checkZipExpansion(bytes: Uint8Array, options: { maxTotal: number; maxEntries: number }): Promise<void> {
  const entries = zipEntries(bytes);
  if (!entries) throw new ZipUnreadable('not a well-formed ZIP archive');
  if (entries.length > options.maxEntries) throw new ZipTooLarge(`more than ${options.maxEntries} entries`);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > options.maxTotal) throw new ZipTooLarge(`declares ${declared} bytes`);
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    if (entry.method === 0) {
      if (data.length !== entry.uncompressedSize) throw new ZipUnreadable(`${entry.name}: stored size does not match`);
    } else if (entry.method === 8) {
      const length = await inflatedLength(data, entry.uncompressedSize);
      if (length !== entry.uncompressedSize)
        throw new ZipUnreadable(`${entry.name}: unpacks to ${length} bytes, not the ${entry.uncompressedSize} declared`);
    } else {
      throw new ZipUnreadable(`${entry.name}: compression method ${entry.method}`);
    }
  }
}
