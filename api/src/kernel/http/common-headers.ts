import crypto from 'node:crypto';

/*
 * The headers and names the liveness check's early answer (early-liveness.ts) shares with the
 * app's baseline middleware (baseline.ts), apart from it: the early answer serves the first
 * requests without loading the framework.
 */

/** Headers every answer carries. */
export const COMMON_HEADERS: Array<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  // Another site's window that opens ours gets no handle on it; a window ours opens (Telegram's login
  // window, whose answer comes back to the page that opened it) keeps its way back.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];
/** Only on answers that went out over HTTPS: over plain http the header means nothing (RFC 6797 8.1). */
export const HSTS = 'max-age=15552000; includeSubDomains';
const REQUEST_ID = /^[\w-]{8,64}$/;
/** The request's id: the one the client (or a proxy) gave when it is well formed, else a new one. */
export const requestIdFor = (given: string | undefined): string => (given && REQUEST_ID.test(given) ? given : crypto.randomUUID());
/** The liveness check, answered before the app when it can be (early-liveness.ts). */
export const QUIET_PATH = '/api/health';
