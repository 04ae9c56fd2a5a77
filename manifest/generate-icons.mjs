// Writes the app icons as real PNG files (RGBA, 8 bits a channel) with node:zlib, no image library.
// Run: node manifest/generate-icons.mjs
// The logo: a rounded square in the brand colour with a white "B" glyph made of
// two stacked bowls and a stem. The maskable icon fills the whole square with the brand colour and
// keeps the glyph inside the central 80 % safe zone.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'icons');

const BRAND = [79, 70, 229]; // indigo-600, the theme colour
const WHITE = [255, 255, 255];

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function encodePng(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  let offset = 0;
  for (let y = 0; y < size; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
      raw[offset++] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signed distance to a rounded rectangle centred at (cx, cy). Negative inside. */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - (halfW - radius);
  const qy = Math.abs(y - cy) - (halfH - radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Signed distance to the "B" glyph in a unit box [0,1]² (negative inside). */
function glyph(u, v) {
  const stroke = 0.13;
  // stem
  const stem = roundedRect(u, v, 0.3, 0.5, stroke / 2, 0.36, 0.03);
  // upper and lower bowls: rings (annuli) cut to their right halves, joined to the stem
  const ring = (cy, r) => {
    const d = Math.abs(Math.hypot(u - 0.5, v - cy) - r) - stroke / 2;
    return u < 0.5
      ? Math.max(
          Math.abs(v - cy) - r - stroke / 2,
          roundedRect(u, v, 0.4, cy, 0.1, r + stroke / 2, 0),
          Math.abs(Math.abs(v - cy) - r) - stroke / 2,
        )
      : d;
  };
  const upper = ring(0.33, 0.17);
  const lower = ring(0.66, 0.19);
  return Math.min(stem, upper, lower);
}

function coverage(distance) {
  // one-pixel anti-aliasing band
  return Math.min(1, Math.max(0, 0.5 - distance));
}

function mix(a, b, t) {
  return a.map((value, i) => Math.round(value + (b[i] - value) * t));
}

function icon(size, { maskable }) {
  const glyphBox = maskable ? size * 0.5 : size * 0.62; // maskable: glyph well inside the 80 % safe zone
  const glyphOrigin = (size - glyphBox) / 2;
  return encodePng(size, (x, y) => {
    const background = maskable ? 1 : coverage(roundedRect(x, y, size / 2, size / 2, size / 2 - 0.5, size / 2 - 0.5, size * 0.22));
    if (background <= 0) return [0, 0, 0, 0];
    const u = (x - glyphOrigin) / glyphBox;
    const v = (y - glyphOrigin) / glyphBox;
    const ink = coverage(glyph(u, v) * glyphBox);
    const [r, g, b] = mix(BRAND, WHITE, ink);
    return [r, g, b, Math.round(255 * background)];
  });
}

mkdirSync(outDir, { recursive: true });
const files = {
  'icon-192.png': icon(192, { maskable: false }),
  'icon-512.png': icon(512, { maskable: false }),
  'maskable-512.png': icon(512, { maskable: true }),
  'apple-touch-icon-180.png': icon(180, { maskable: true }),
};
for (const [name, data] of Object.entries(files)) {
  writeFileSync(join(outDir, name), data);
  console.log(`wrote manifest/icons/${name} (${data.length} bytes)`);
}
