import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import { requestHeader, type AppContext, type AppEnv } from './context';

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
  const check = hostCheck(allowed);
  return createMiddleware<AppEnv>(async (c, next) => {
    check(c);
    await next();
  });
}

/** The check `hostGuard` makes, as a function: throws the 421 for a Host that is not ours. */
export function hostCheck(allowed: readonly string[]): (c: AppContext) => void {
  const ours = hostAllowed(allowed);
  return (c) => {
    const host = requestHeader(c, 'host');
    if (host !== undefined && !ours(host)) {
      throw new AppError(ErrorCode.hostNotAllowed, `This server does not answer for ${hostName(host).slice(0, 253)}`);
    }
  };
}

/** Whether a Host header names this server: PUBLIC_URL's host or ALLOWED_HOSTS (`allowed`), or a loopback name. */
export function hostAllowed(allowed: readonly string[]): (host: string) => boolean {
  const names = new Set(allowed.map(hostName));
  return (host) => {
    const name = hostName(host);
    return names.has(name) || isLoopbackName(name);
  };
}
