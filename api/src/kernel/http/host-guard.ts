import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import { requestHeader, type AppEnv } from './context';

/** The host name of a Host header value: lower case, without the port or IPv6 brackets. */
export function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined);
  const colon = value.indexOf(':');
  return colon >= 0 ? value.slice(0, colon) : value;
}

/** Names that always mean this machine (RFC 6761 `.localhost` included). */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * Refuses requests whose Host is not one of ours (421), before any handler runs. A page under a
 * name the attacker controls, re-pointed at this server (DNS rebinding), is same-origin with
 * itself: without this check it could read the sandbox mailbox or any other answer. Accepted: the
 * host of PUBLIC_URL, loopback names on any port (the Vite dev server, `localhost`), and the names
 * given in ALLOWED_HOSTS. A request without a Host header (HTTP/1.0) is not a browser's.
 */
export function hostGuard(allowed: readonly string[]) {
  const names = new Set(allowed.map(hostName));
  return createMiddleware<AppEnv>(async (c, next) => {
    const host = requestHeader(c, 'host');
    if (host !== undefined) {
      const name = hostName(host);
      if (!names.has(name) && !isLoopbackName(name)) {
        throw new AppError(ErrorCode.hostNotAllowed, `This server does not answer for ${name.slice(0, 253)}`);
      }
    }
    await next();
  });
}
