import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger';
import { requestHeader, type AppContext, type AppEnv } from './context';

/** Headers a proxy adds when it forwards a request. */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-forwarded-proto', 'x-real-ip'] as const;

/**
 * With TRUST_PROXY=0 the server believes the socket's address, so behind a proxy every visitor is
 * the proxy: one sign-up bucket, one rate limit, one country for the whole site. Forwarded headers
 * arriving then are the sign of a proxy nobody told the server about: said once per process, at the
 * first such request (a client can write these headers too, so nothing else changes).
 */
export function forwardedCheck(log: Logger): (c: AppContext) => void {
  let warned = false;
  return (c) => {
    if (warned) return;
    const header = FORWARDED.find((name) => requestHeader(c, name));
    if (!header) return;
    warned = true;
    log.warn('forwarded headers arrive but TRUST_PROXY=0', {
      header,
      hint: 'Behind a proxy, set TRUST_PROXY to the number of proxies in front of the server: until then every client shares the proxy address (rate limits, sign-up buckets) and HTTPS is not recognised',
    });
  };
}

/** The same check as a middleware of its own. */
export function forwardedWithoutTrust(log: Logger) {
  const check = forwardedCheck(log);
  return createMiddleware<AppEnv>(async (c, next) => {
    check(c);
    await next();
  });
}
