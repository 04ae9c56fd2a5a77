import { OpenAPIHono } from '@hono/zod-openapi';
import { errorBodySchema } from '@shared/errors';
import { validationError } from '../errors';
import type { AppEnv } from './context';

/** A router whose request validation failures answer our `{ message, code, details }` 400. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const jsonBody = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export const jsonResponse = <T>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const errorDescriptions: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in, or wrong credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Expired',
  413: 'Body too large',
  429: 'Too many attempts (see Retry-After)',
};

/** The error answers a route can give, each `{ message, code, details? }`. */
export function errorResponses(...statuses: Array<keyof typeof errorDescriptions>) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonResponse(errorBodySchema, errorDescriptions[status] ?? 'Error')]),
  ) as Record<number, ReturnType<typeof jsonResponse<typeof errorBodySchema>>>;
}

export const bearerSecurity = [{ bearerAuth: [] }];
