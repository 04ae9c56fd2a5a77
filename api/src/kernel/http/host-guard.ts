import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import { requestHeader, type AppContext, type AppEnv } from './context';
import { hostAllowed, hostName } from './host-names';

export { hostAllowed, hostName, isLoopbackName } from './host-names';

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
