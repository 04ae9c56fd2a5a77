import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { SessionDeps } from './sessions';
import { userForToken } from './sessions';
import { forbidden, unauthorized } from '../../kernel/errors';
import type { AppEnv } from '../../kernel/http/context';
import { SESSION_COOKIE } from '../../kernel/http/session-cookie';

const UNUSABLE = new Set(['', 'undefined', 'null']);

/** The session token of a request: `Authorization: Bearer …` first, then the `auth_token` cookie. */
export function readToken(header: string | undefined, cookie: string | undefined): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer && !UNUSABLE.has(bearer)) return { token: bearer, via: 'bearer' };
  const fromCookie = cookie?.trim();
  if (fromCookie && !UNUSABLE.has(fromCookie)) return { token: fromCookie, via: 'cookie' };
  return undefined;
}

/**
 * Requires a live session. A request authenticated by cookie alone that changes something must come
 * from an allowed origin, so another site cannot ride the cookie (CSRF).
 */
export function requireAuth(deps: SessionDeps, allowedOrigins: (origin: string, selfOrigin: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = readToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    if (!found) throw unauthorized();
    const session = await userForToken(deps, found.token);
    if (!session) throw unauthorized('Your session has ended. Please sign in again.');
    if (found.via === 'cookie' && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const selfOrigin = new URL(c.req.url).origin;
      if (origin ? !allowedOrigins(origin, selfOrigin) : site === 'cross-site') {
        throw forbidden('Cross-site request refused');
      }
    }
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    c.set('authVia', found.via);
    await next();
  });
}

/**
 * Reads a session when the request carries a live one, and goes on without a user otherwise (an
 * unknown or expired token counts as none). A cookie-only session from another site is refused, as in
 * `requireAuth`: the request could otherwise act for the signed-in user.
 */
export function optionalAuth(deps: SessionDeps, allowedOrigins: (origin: string, selfOrigin: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = readToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    const session = found ? await userForToken(deps, found.token) : undefined;
    if (found && session) {
      if (found.via === 'cookie' && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
        const origin = c.req.header('origin');
        const site = c.req.header('sec-fetch-site');
        if (origin ? !allowedOrigins(origin, new URL(c.req.url).origin) : site === 'cross-site') {
          throw forbidden('Cross-site request refused');
        }
      }
      c.set('user', session.user);
      c.set('sessionId', session.sessionId);
      c.set('authVia', found.via);
    }
    await next();
  });
}
