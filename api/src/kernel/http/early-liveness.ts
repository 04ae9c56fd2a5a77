import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { COMMON_HEADERS, HSTS, QUIET_PATH, requestIdFor } from './common-headers';
import { hostAllowed } from './host-names';

export interface EarlyLivenessOptions {
  /** The health check's answer (modules/health), JSON. */
  body: string;
  /** PUBLIC_URL's host and ALLOWED_HOSTS: the names the Host check accepts besides loopback ones. */
  allowedHosts: readonly string[];
  proxyCount: number;
  /**
   * Where users reach the product, once the server listens (it is known only then; the database is
   * open and migrated before it listens); until then every request, this one too, goes to `listener`.
   */
  publicUrl: () => string | undefined;
  /**
   * Told each early answer's time in seconds, as the app's baseline tells the latency metric of
   * every answer it gives (method GET, route /api/health, status 200): the route counts there the same
   * whichever way it was answered.
   */
  observe?: (seconds: number) => void;
}

/**
 * The liveness check (`GET /api/health`, asked by load balancers and uptime probes every few
 * seconds) answered in Node's request listener, before the framework: the same answer and headers
 * as through the app (the security headers, the request id, HSTS over HTTPS, no log line, its time
 * in the latency metric), at the cost of a bare node:http answer. Through Hono it cost two to three
 * times that (its request and context objects, the middleware chain, the router), measured in
 * `npm run bench -- http`. Anything else, and any health check the app must judge (a Host that is
 * not ours: 421; an Origin: CORS; a HEAD), goes to `listener` as before.
 */
export function withEarlyLiveness(listener: RequestListener, options: EarlyLivenessOptions): RequestListener {
  const ours = hostAllowed(options.allowedHosts);
  // A probe sends the same Host each time: the last one accepted is known without working it out again.
  let accepted: string | undefined;
  const ourHost = (host: string) => {
    if (host === accepted) return true;
    if (!ours(host)) return false;
    accepted = host;
    return true;
  };
  // Built once: the answer's headers as flat lists for writeHead, over plain HTTP and over HTTPS,
  // with a place for the request id. writeHead reads a list through at once and keeps nothing of
  // it, so each answer fills the id in and hands the same list.
  const fixed = [...COMMON_HEADERS.flat(), 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(options.body))];
  const plain = [...fixed, 'X-Request-Id', ''];
  const secure = [...plain, 'Strict-Transport-Security', HSTS];
  const ID = fixed.length + 1;
  return (req: IncomingMessage, res: ServerResponse) => {
    const publicUrl = req.url === QUIET_PATH && req.method === 'GET' ? options.publicUrl() : undefined;
    if (publicUrl === undefined) return listener(req, res);
    const started = performance.now();
    // Read from the raw list: asking `req.headers` makes Node build the whole object, which a bare
    // server never does.
    const given = wanted(req.rawHeaders);
    if (given.origin !== undefined || (given.host !== undefined && !ourHost(given.host))) return listener(req, res);
    const answer = overHttps(req, publicUrl, options.proxyCount, given.forwardedProto) ? secure : plain;
    answer[ID] = requestIdFor(given.requestId);
    res.writeHead(200, answer).end(options.body);
    options.observe?.((performance.now() - started) / 1000);
  };
}

/** The headers the early answer looks at, from Node's raw list (names in any case; repeated ones joined as Node joins them). */
function wanted(raw: string[]) {
  const found: { host?: string; origin?: string; requestId?: string; forwardedProto?: string } = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    switch (name.length) {
      case 4:
        if (name.toLowerCase() === 'host') found.host ??= value;
        break;
      case 6:
        if (name.toLowerCase() === 'origin') found.origin ??= value;
        break;
      case 12:
        if (name.toLowerCase() === 'x-request-id') found.requestId = found.requestId === undefined ? value : `${found.requestId}, ${value}`;
        break;
      case 17:
        if (name.toLowerCase() === 'x-forwarded-proto')
          found.forwardedProto = found.forwardedProto === undefined ? value : `${found.forwardedProto}, ${value}`;
        break;
    }
  }
  return found;
}

/** `servedOverHttps` (./https.ts) on Node's request: PUBLIC_URL is https, the socket is TLS, or our proxy says it was. */
function overHttps(req: IncomingMessage, publicUrl: string, proxyCount: number, forwardedProto: string | undefined): boolean {
  if (publicUrl.startsWith('https:')) return true;
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (proxyCount <= 0) return false;
  return forwardedProto?.split(',').pop()?.trim().toLowerCase() === 'https';
}
