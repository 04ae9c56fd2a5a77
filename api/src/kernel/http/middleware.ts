import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ErrorCode } from '@shared/errors';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { baseline } from './baseline';
import { compressJson } from './compress-json';
import { requestHeader, type AppEnv } from './context';
import { hostGuard } from './host-guard';
import { shellScriptSources } from './inline-scripts';
import { addressTextGuard, jsonDepthLimit } from './json-depth';

export interface KernelMiddlewareOptions {
  config: Config;
  log: Logger;
  allowedOrigin: (origin: string, selfOrigin: string) => boolean;
  /** Requests that carry their own, larger body limit (the résumé upload). */
  ownBodyLimit: (method: string, path: string) => boolean;
}

/**
 * What every request passes through: request id, logging and security headers (with the built
 * pages' inline boot script allowed by its hash), the Host check, then for `/api/*` CORS, JSON
 * compression, the body size limit, the JSON depth limit and the check that text in the body and
 * the address can be stored (no NUL, no unpaired surrogate).
 */
export function useKernelMiddleware(app: OpenAPIHono<AppEnv>, { config, log, allowedOrigin, ownBodyLimit }: KernelMiddlewareOptions): void {
  // A runner serves no page, so it allows no inline script.
  app.use('*', baseline(log, config, config.role === 'runner' ? [] : shellScriptSources(config.pwaDir)));
  app.use('*', hostGuard(config.allowedHosts));
  const corsMiddleware = cors({
    origin: (origin, c) => (origin && allowedOrigin(origin, new URL(c.req.url).origin) ? origin : null),
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    credentials: true,
    maxAge: 600,
  });
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw new AppError(ErrorCode.payloadTooLarge, `The request body is larger than ${Math.round(config.bodyLimitBytes / 1024)} KB`);
    },
  });
  const reads = (method: string) => method === 'GET' || method === 'HEAD';
  // Only requests that need them pay for these two (each costs a third of the throughput otherwise).
  app.use('/api/*', (c, next) => (requestHeader(c, 'origin') ? corsMiddleware(c, next) : next()));
  app.use('/api/*', compressJson());
  app.use('/api/*', (c, next) => (reads(c.req.method) || ownBodyLimit(c.req.method, c.req.path) ? next() : limitBody(c, next)));
  const limitDepth = jsonDepthLimit();
  app.use('/api/*', (c, next) => (reads(c.req.method) ? next() : limitDepth(c, next)));
  // A NUL or a broken character in a path or query parameter is refused alike on both engines.
  app.use('/api/*', addressTextGuard());
}
