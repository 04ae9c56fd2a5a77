import type { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { AppContext, AppEnv } from './context';

/**
 * One error handler for the whole app: an AppError answers its status and code (with its headers);
 * Hono's own exceptions map to a malformed body, a too-large one or an internal error; anything
 * else is logged and answered as a 500 that leaks nothing.
 */
export function useErrorHandler(app: OpenAPIHono<AppEnv>, log: Logger): void {
  app.onError(errorAnswer(log));
  app.notFound((c) => c.json({ message: `Not found: ${c.req.path}`, code: ErrorCode.notFound }, 404));
}

/** The answer to an error thrown while handling a request (the app's error handler). */
export function errorAnswer(log: Logger) {
  return (error: Error, c: AppContext): Response => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      if (error.status >= 500) log.error('request failed', { reqId: c.get('requestId'), error });
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      // A body of a type the route does not take (415 from the validator) is a malformed request.
      if (error.status === 415) {
        return c.json({ message: 'The request body must be JSON (Content-Type: application/json)', code: ErrorCode.malformedBody }, 400);
      }
      const status = error.status;
      const code = status === 413 ? ErrorCode.payloadTooLarge : status === 400 ? ErrorCode.malformedBody : ErrorCode.internal;
      const message = status === 400 ? 'The request body is not valid JSON' : error.message || 'Request failed';
      return c.json({ message, code }, status);
    }
    log.error('unhandled error', { reqId: c.get('requestId'), error });
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: ErrorCode.internal }, 500);
  };
}

/** The last route of a sub-app: anything else under its prefix is a 404 in the API's error shape. */
export function notFoundUnder(router: OpenAPIHono<AppEnv>, what: string): void {
  router.all('*', (c) => {
    throw new AppError(ErrorCode.notFound, `No ${what} route ${what === 'API' ? `${c.req.method} ` : ''}${c.req.path}`);
  });
}
