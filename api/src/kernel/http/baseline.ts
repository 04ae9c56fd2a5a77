import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Logger } from '../logger';
import { resolveClientIp } from './client-ip';
import { servedOverHttps } from './https';
import { requestHeader, type AppEnv } from './context';
import { COMMON_HEADERS, HSTS, requestIdFor } from './common-headers';

export { COMMON_HEADERS, HSTS, QUIET_PATH, requestIdFor } from './common-headers';

/** The content security policy of every page; `inlineScripts` are the hashes of the build's inline scripts. */
export function contentSecurityPolicy(inlineScripts: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts, 'https://telegram.org'].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    'frame-src https://www.youtube-nocookie.com https://oauth.telegram.org',
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Pages (the PWA, sandbox pages, the service worker script) also get a content security policy and the permissions policy. */
const pageHeaders = (inlineScripts: readonly string[]): Array<[string, string]> => [
  ...COMMON_HEADERS,
  ['Content-Security-Policy', contentSecurityPolicy(inlineScripts)],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];
/**
 * The hashed files under /assets/ (scripts, styles, strings) are no document: the framing, opener,
 * referrer, content and permissions policies apply to the page that loads them, and the page's own
 * answer already brings HSTS. Each script of a page carried a kilobyte of them; they keep what
 * applies to a subresource: no sniffing, same-origin only.
 */
const ASSET_HEADERS: Array<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];
/** The same lists as Node header maps, built once: one `setHeaders` call per request. */
const COMMON_MAP = new Map(COMMON_HEADERS);
const ASSET_MAP = new Map(ASSET_HEADERS);
/** Successful health and readiness checks (load balancers, uptime probes) and scrapes write no log line. */
const QUIET_PATHS = new Set(['/api/health', '/api/ready', '/api/metrics']);
/**
 * The first middleware of every request: a request id, the client address, security headers and
 * one log line. Served by Node, the fixed headers go onto Node's response in one call, before the
 * handler runs, which keeps @hono/node-server on its fast path; elsewhere (tests) through Hono.
 * The log line uses the app's one logger (no per-request child); a successful health check writes none.
 * `inlineScripts`: the hashes of the built pages' inline scripts, which the pages' policy allows.
 */
export function baseline(
  log: Logger,
  config: { proxyCount: number; publicUrl: string },
  inlineScripts: readonly string[] = [],
  /** Told each answer's time by route template (`/api/automations/:id`, never the raw path): the latency metric. */
  observe?: (method: string, route: string, status: number, seconds: number) => void,
) {
  const pageList = pageHeaders(inlineScripts);
  const pageMap = new Map(pageList);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFor(requestHeader(c, 'x-request-id'));
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('clientIp', resolveClientIp(c, config.proxyCount));
    const kind = c.req.path.startsWith('/api/') ? 'api' : c.req.path.startsWith('/assets/') ? 'asset' : 'page';
    const outgoing = c.env?.outgoing;
    if (outgoing) {
      outgoing.setHeaders(kind === 'page' ? pageMap : kind === 'asset' ? ASSET_MAP : COMMON_MAP);
      outgoing.setHeader('X-Request-Id', requestId);
      if (servedOverHttps(c, config)) outgoing.setHeader('Strict-Transport-Security', HSTS);
    } else {
      c.header('X-Request-Id', requestId);
      for (const [name, value] of kind === 'page' ? pageList : kind === 'asset' ? ASSET_HEADERS : COMMON_HEADERS) c.header(name, value);
      if (servedOverHttps(c, config)) c.header('Strict-Transport-Security', HSTS);
    }
    await next();
    const status = c.res.status;
    observe?.(c.req.method, routePath(c) || 'unmatched', status, (performance.now() - started) / 1000);
    if (status < 400 && QUIET_PATHS.has(c.req.path)) return;
    if (!log.enabled('info')) return;
    log.info('request', {
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
