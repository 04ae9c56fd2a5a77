import { createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Real résumé files built at test time (no binary fixtures in the repository): a one-page PDF with
 * its text in a content stream and a correct cross-reference table, and a minimal Word document.
 */

const escapePdfText = (line: string) => line.replace(/[\\()]/g, (ch) => `\\${ch}`);

/**
 * A valid one-page PDF (Helvetica, WinAnsi) showing each line of `lines`; with `compress`, its content
 * stream is FlateDecode (as most writers make it).
 */
export function buildPdf(lines: readonly string[], options: { compress?: boolean } = {}): Buffer {
  const content = ['BT', '/F1 11 Tf', '14 TL', '72 760 Td', ...lines.map((line) => `(${escapePdfText(line)}) Tj T*`), 'ET'].join('\n');
  const data = Buffer.from(content, 'latin1');
  return assemblePdf(options.compress ? deflateSync(data) : data, options.compress ? ' /Filter /FlateDecode' : '');
}

/** A one-page PDF around an already encoded content stream, its cross-reference table correct. */
function assemblePdf(stream: Buffer, filter: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    if (typeof body === 'string') push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< /Length ${body.length}${filter} >>\nstream\n`, 'latin1'));
      push(body);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One entry as it is written: its deflated bytes and what the headers declare. */
export interface ZipEntry {
  name: string;
  packed: Buffer;
  /** The uncompressed size the headers declare (a bomb may lie about it). */
  size: number;
  crc: number;
}

/** A ZIP archive of already deflated entries (no data descriptors), written by hand. */
export function assembleZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, size, crc } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A ZIP archive (deflated entries, no data descriptors) written by hand. */
export function buildZip(entries: Record<string, string | Buffer>): Buffer {
  return assembleZip(
    Object.entries(entries).map(([name, value]) => {
      const data = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
      return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
    }),
  );
}

/**
 * The deflated form of `megabytes` MB of spaces, made a megabyte at a time (never held whole). No
 * checksum: a bomb is refused before anything reads far enough to check one.
 */
async function deflatedSpaces(megabytes: number, format: 'raw' | 'zlib' = 'raw'): Promise<Buffer> {
  const deflate = format === 'zlib' ? createDeflate({ level: 9 }) : createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A zip bomb shaped like a Word document: `word/document.xml` inflates to `megabytes` MB of spaces
 * from a few hundred KB. With `declare`, the headers claim that many bytes instead (a bomb that lies).
 */
export async function buildDocxBomb(megabytes: number, declare?: number): Promise<Buffer> {
  const packed = await deflatedSpaces(megabytes);
  const names = ['[Content_Types].xml', '_rels/.rels'];
  const head = names.map((name) => {
    const data = docxPart(name);
    return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
  });
  return assembleZip([...head, { name: 'word/document.xml', packed, size: declare ?? megabytes * 1024 * 1024, crc: 0 }]);
}

/**
 * A flate bomb shaped like a résumé PDF: its content stream (FlateDecode) inflates to `megabytes` MB
 * of spaces from a few hundred KB. With `twice`, that stream is deflated once more and declared
 * `[/FlateDecode /FlateDecode]`, so its outer layer alone is small.
 */
export async function buildPdfBomb(megabytes: number, options: { twice?: boolean } = {}): Promise<Buffer> {
  const packed = await deflatedSpaces(megabytes, 'zlib');
  if (options.twice) return assemblePdf(deflateSync(packed), ' /Filter [/FlateDecode /FlateDecode]');
  return assemblePdf(packed, ' /Filter /FlateDecode');
}

const xmlEscape = (text: string) => text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);

const DOCX_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
};
const docxPart = (name: string) => Buffer.from(DOCX_PARTS[name] ?? '', 'utf8');

/** A minimal Word document with one paragraph per line. */
export function buildDocx(lines: readonly string[]): Buffer {
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(line)}</w:t></w:r></w:p>`).join('');
  return buildZip({
    ...DOCX_PARTS,
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs}</w:body></w:document>`,
  });
}

/** The first bytes of a PNG image (what a picture renamed to .pdf starts with). */
export function buildPng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
}
