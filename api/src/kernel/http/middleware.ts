import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ErrorCode } from '@shared/errors';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { baseline } from './baseline';
import { compressJson } from './compress-json';
import { requestHeader, type AppContext, type AppEnv } from './context';
import { errorAnswer } from './error-handler';
import { forwardedCheck } from './forwarded-warning';
import { hostCheck } from './host-guard';
import { shellScriptSources } from './inline-scripts';
import { checkAddressText, jsonDepthLimit } from './json-depth';

export interface KernelMiddlewareOptions {
  config: Config;
  log: Logger;
  allowedOrigin: (origin: string, selfOrigin: string) => boolean;
  /** Requests that carry their own, larger body limit (the résumé upload). */
  ownBodyLimit: (method: string, path: string) => boolean;
  /** Told each answer's time by route template (the latency metric). */
  observe?: (method: string, route: string, status: number, seconds: number) => void;
}

/**
 * What every request passes through: request id, logging and security headers (with the built
 * pages' inline boot script allowed by its hash), the Host check, then for `/api/*` CORS, JSON
 * compression, the body size limit, the JSON depth limit and the check that text in the body and
 * the address can be stored (no NUL, no unpaired surrogate).
 *
 * Two layers, not one a concern: each layer of Hono's chain is an async call and an await on every
 * request, and seven of them were most of what a health check cost beyond a bare server. The second
 * layer decides per request which of the `/api/*` steps apply (CORS only with an Origin, compression
 * only for a client that accepts a coding, the body limits only for a body) and chains only those, in
 * the same order and with the same handling of their errors and answers as Hono's own chain.
 */
export function useKernelMiddleware(
  app: OpenAPIHono<AppEnv>,
  { config, log, allowedOrigin, ownBodyLimit, observe }: KernelMiddlewareOptions,
): void {
  // A runner serves no page, so it allows no inline script.
  app.use('*', baseline(log, config, config.role === 'runner' ? [] : shellScriptSources(config.pwaDir), observe));
  // Forwarded headers while TRUST_PROXY=0: a proxy nobody told the server about, said once.
  const checkForwarded = config.proxyCount === 0 ? forwardedCheck(log) : undefined;
  const corsMiddleware = cors({
    origin: (origin, c) => (origin && allowedOrigin(origin, new URL(c.req.url).origin) ? origin : null),
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    credentials: true,
    maxAge: 600,
  });
  const compress = compressJson();
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw new AppError(ErrorCode.payloadTooLarge, `The request body is larger than ${Math.round(config.bodyLimitBytes / 1024)} KB`);
    },
  });
  const limitDepth = jsonDepthLimit();
  const checkHost = hostCheck(config.allowedHosts);
  const answer = errorAnswer(log);

  app.use('*', (c, next) => {
    checkForwarded?.(c);
    checkHost(c);
    if (!c.req.path.startsWith('/api/')) return next();
    // A NUL or a broken character in a path or query parameter is refused alike on both engines.
    checkAddressText(c.req.url);
    const method = c.req.method;
    // From the handler outwards: the depth limit, the size limit, compression, CORS.
    let run: Next = next;
    if (method !== 'GET' && method !== 'HEAD') {
      run = around(c, limitDepth, run, answer);
      if (!ownBodyLimit(method, c.req.path)) run = around(c, limitBody, run, answer);
    }
    if (method !== 'HEAD' && requestHeader(c, 'accept-encoding')) run = around(c, compress, run, answer);
    if (requestHeader(c, 'origin')) run = around(c, corsMiddleware, run, answer);
    return run();
  });
}

/**
 * `middleware` around `inner`, as one step of Hono's chain runs it: an error thrown further in is
 * answered there (so the middleware still sees an answer after `next()`, as it would in the chain),
 * and an answer the middleware returns itself (a CORS preflight) becomes the request's.
 */
function around(
  c: AppContext,
  middleware: MiddlewareHandler<AppEnv>,
  inner: Next,
  answer: (error: Error, c: AppContext) => Response,
): Next {
  return async () => {
    const given = await middleware(c, async () => {
      try {
        await inner();
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        c.error = error;
        c.res = answer(error, c);
      }
    });
    if (given instanceof Response && !c.finalized) c.res = given;
  };
}
