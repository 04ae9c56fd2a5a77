import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { requestHeader, type AppEnv } from './context';
import { chooseCoding, type Coding } from './encoding';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers up to this size are compressed on the main thread: it takes it 0.05–0.2 ms, where handing
 * the work to zlib's pool costs 0.3–0.4 ms of CPU more per answer (a new stream, the pool's hand-off)
 * whatever its size. Larger answers (sync pages) go to the pool, not to hold the event loop.
 */
export const COMPRESS_IN_PLACE_MAX_BYTES = 64 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Fast settings for answers made per request (brotli 4 and gzip 6 compress a sync page in a few ms). */
const brotliOptions = (body: Buffer): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const compress: Record<Coding, (body: Buffer) => Buffer | Promise<Buffer>> = {
  br: (body) =>
    body.length <= COMPRESS_IN_PLACE_MAX_BYTES ? zlib.brotliCompressSync(body, brotliOptions(body)) : brotli(body, brotliOptions(body)),
  gzip: (body) => (body.length <= COMPRESS_IN_PLACE_MAX_BYTES ? zlib.gzipSync(body, GZIP_OPTIONS) : gzip(body, GZIP_OPTIONS)),
};

/**
 * Compresses JSON answers of COMPRESS_MIN_BYTES or more (sync pages above all) with the best coding
 * the client accepts (the large ones off the main thread). Smaller answers and clients that ask for
 * no coding pass untouched, so the fast path of small answers stays as it is.
 */
export function compressJson() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const accept = requestHeader(c, 'accept-encoding');
    if (!accept || c.req.method === 'HEAD') return;
    const res = c.res;
    if (!res.body || res.headers.has('content-encoding') || !res.headers.get('content-type')?.startsWith('application/json')) return;
    const coding = chooseCoding(accept);
    if (!coding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    c.res = undefined; // replaced whole, not merged into the old answer's headers
    if (body.length < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    headers.append('Vary', 'Accept-Encoding');
    const packed = await compress[coding](body);
    headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(packed.length));
    c.res = new Response(new Uint8Array(packed), { status: res.status, headers });
  });
}
