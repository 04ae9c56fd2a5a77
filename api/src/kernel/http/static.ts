import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { routeTitle } from '@shared/app-routes';
import { isPublicPath, PRERENDERED_DIR, prerenderedFile } from '@shared/public-pages';
import { requestHeader, type AppEnv } from './context';
import { chooseCoding, type Coding } from './encoding';
import { pageLanguage } from './page-language';

const NOT_SPA = /^\/(api|sandbox)(\/|$)/;
/**
 * A path that names a file rather than a screen: an extension on its last segment, or any segment
 * starting with a dot (`/.env`, `/.git/config`). Such a path that is not a built file answers 404,
 * never the app shell: a probe for secrets must not see a page that looks like a hit.
 */
const FILE_LIKE = /(^|\/)\.[^/]*|\.[^/.]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

type Bytes = Uint8Array<ArrayBuffer>;
const read = (file: string): Bytes => new Uint8Array(fs.readFileSync(file));

/** One built file, read once, with the compressed copies the build wrote beside it. */
export interface StaticFile {
  type: string;
  body: Bytes;
  encoded: Partial<Record<Coding, Bytes>>;
  etag: string;
  cacheControl: string;
}

/**
 * How the server rewrites an HTML page it serves (kernel/http/site-html.ts: the deployment's own
 * values), given the page's language when it is a prerendered one.
 */
export type HtmlRewrite = (html: string, language: string | null) => string;

const PRERENDERED_LANGUAGE = new RegExp(`^/${PRERENDERED_DIR}/([^/]+)/`);

/** A built file as served: its type, bytes, precompressed copies, ETag and caching. */
function readStaticFile(urlPath: string, full: string, rewrite?: HtmlRewrite): StaticFile {
  let body = read(full);
  const encoded: StaticFile['encoded'] = {};
  const html = rewrite && full.endsWith('.html') ? Buffer.from(body).toString('utf8') : undefined;
  const rewritten = html === undefined ? undefined : rewrite!(html, PRERENDERED_LANGUAGE.exec(urlPath)?.[1] ?? null);
  if (rewritten !== undefined && rewritten !== html) {
    // The build's compressed copies hold the page as built: compressed again as rewritten.
    body = new Uint8Array(Buffer.from(rewritten));
    encoded.br = new Uint8Array(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    encoded.gzip = new Uint8Array(zlib.gzipSync(body, { level: 9 }));
  } else {
    for (const coding of ['br', 'gzip'] as const) {
      if (fs.existsSync(full + SUFFIX[coding])) encoded[coding] = read(full + SUFFIX[coding]);
    }
  }
  const type = getMimeType(path.basename(full)) ?? 'application/octet-stream';
  return {
    type: /^text\/|javascript|json|xml/.test(type) && !type.includes('charset') ? `${type}; charset=utf-8` : type,
    body,
    encoded,
    etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache',
  };
}

/**
 * Every file of the built PWA by URL path, listed at start and read on its first request (then
 * kept in memory): a start reads no file it does not serve. Files under /assets/ carry a content
 * hash in their name and are cached for a year; everything else (the shell, sw.js, the manifest,
 * icons, the prerendered pages) is revalidated on each use, cheaply, by its ETag.
 */
export function loadStaticFiles(dir: string, rewrite?: HtmlRewrite): { get(urlPath: string): StaticFile | undefined } {
  const paths = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || /\.(br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full).split(path.sep);
    if (relative.some((part) => part.startsWith('.'))) continue;
    paths.set(`/${relative.join('/')}`, full);
  }
  const loaded = new Map<string, StaticFile>();
  return {
    get(urlPath) {
      let file = loaded.get(urlPath);
      const full = file ? undefined : paths.get(urlPath);
      if (full) {
        file = readStaticFile(urlPath, full, rewrite);
        loaded.set(urlPath, file);
      }
      return file;
    },
  };
}

/** Answers a built file: the best coding the client accepts, `Vary` when there is a choice, 304 on a matching ETag. */
function send(c: Context<AppEnv>, file: StaticFile, vary: string[] = [], status: 200 | 404 = 200): Response {
  const codings = Object.keys(file.encoded) as Coding[];
  const coding = chooseCoding(requestHeader(c, 'accept-encoding'), codings);
  const body = coding ? file.encoded[coding]! : file.body;
  const etag = coding ? `${file.etag.slice(0, -1)}-${coding}"` : file.etag;
  const headers: Record<string, string> = { 'Cache-Control': file.cacheControl, ETag: etag };
  const varyOn = codings.length > 0 ? ['Accept-Encoding', ...vary] : vary;
  if (varyOn.length > 0) headers.Vary = varyOn.join(', ');
  const match = requestHeader(c, 'if-none-match');
  if (status === 200 && match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = file.type;
  headers['Content-Length'] = String(body.length);
  if (coding) headers['Content-Encoding'] = coding;
  return c.req.method === 'HEAD' ? c.body(null, status, headers) : c.body(body, status, headers);
}

/**
 * Serves the built PWA from memory: hashed assets cached for a year, the shell and service worker
 * always revalidated, each in the best precompressed copy the client takes. A public page (home,
 * pricing, sign-in…) is answered with its prerendered HTML in the visitor's language; every other
 * client route with index.html (history fallback).
 */
export function mountPwa(
  app: Hono<AppEnv>,
  pwaDir: string,
  site?: { rewrite: HtmlRewrite; redirects?: Partial<Record<string, string>> },
): boolean {
  if (!fs.existsSync(path.join(pwaDir, 'index.html'))) return false;
  const files = loadStaticFiles(pwaDir, site?.rewrite);

  app.on(['GET', 'HEAD'], '*', (c, next) => {
    const pathname = c.req.path;
    if (NOT_SPA.test(pathname)) return next();
    // A page the operator publishes elsewhere (their own privacy policy or terms).
    const elsewhere = site?.redirects?.[pathname];
    if (elsewhere) return c.redirect(elsewhere, 302);
    const file = files.get(pathname);
    if (file) return send(c, file);
    // A path that names a file (`/.env`, `/x.php`) and is not a built one: 404, never the shell.
    if (FILE_LIKE.test(pathname)) return next();
    if (isPublicPath(pathname)) {
      const language = pageLanguage({
        query: c.req.query('lng'),
        cookie: getCookie(c, 'i18next'),
        acceptLanguage: requestHeader(c, 'accept-language'),
      });
      const page = files.get(`/${prerenderedFile(language, pathname)}`);
      if (page) return send(c, page, ['Accept-Language', 'Cookie']);
    }
    // A path no screen has: the shell still loads (it shows the not-found screen), with a 404.
    // Read (rewritten and compressed again) on its first request, like every other file: not at start.
    return send(c, files.get('/index.html')!, [], routeTitle(pathname) === null ? 404 : 200);
  });
  return true;
}
