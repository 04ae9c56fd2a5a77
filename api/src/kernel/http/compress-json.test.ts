import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './context';
import { COMPRESS_IN_PLACE_MAX_BYTES, COMPRESS_MIN_BYTES, compressJson } from './compress-json';

/** A JSON answer of about `bytes`, of records like the API's. */
function answerOf(bytes: number) {
  const rows: Array<{ id: number; title: string; note: string }> = [];
  for (let size = 0; size < bytes;) {
    const row = { id: rows.length, title: `A React dashboard, number ${rows.length}`, note: 'charts and sign-in '.repeat(rows.length % 7) };
    rows.push(row);
    size += JSON.stringify(row).length + 1;
  }
  return { data: rows };
}

const app = new Hono<AppEnv>();
app.use('*', compressJson());
app.get('/:bytes', (c) => c.json(answerOf(Number(c.req.param('bytes')))));

const decode: Record<string, (body: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

describe('compressJson', () => {
  // Below the in-place limit the answer is compressed on the main thread, above it in zlib's pool: the same bytes come back.
  it.each([
    ['an answer compressed in place', 4 * 1024],
    ['a large answer compressed in the pool', COMPRESS_IN_PLACE_MAX_BYTES * 3],
  ])('%s decodes to the answer, with each coding the client takes', async (_, bytes) => {
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await app.request(`/${bytes}`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      const packed = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(packed.length);
      expect(JSON.parse(decode[coding]!(packed).toString())).toEqual(answerOf(bytes));
      expect(packed.length).toBeLessThan(bytes / 3);
    }
  });

  it('leaves an answer under the minimum, or for a client that takes no coding, as it is', async () => {
    const small = await app.request(`/${COMPRESS_MIN_BYTES / 4}`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual(answerOf(COMPRESS_MIN_BYTES / 4));
    const plain = await app.request('/4096');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(answerOf(4096));
  });
});
