import { OpenAPIHono, z } from '@hono/zod-openapi';
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
  422: 'The Idempotency-Key was used for another request',
  429: 'Too many attempts (see Retry-After)',
  502: 'An outside service could not be reached',
};

/** Every error answer's body, one shared component of the OpenAPI document (`#/components/schemas/Error`). */
export const errorSchema = z.object(errorBodySchema.shape).openapi('Error');

/** The error answers a route can give, each `{ message, code, details? }`. */
export function errorResponses(...statuses: Array<keyof typeof errorDescriptions>) {
  return Object.fromEntries(statuses.map((status) => [status, jsonResponse(errorSchema, errorDescriptions[status] ?? 'Error')])) as Record<
    number,
    ReturnType<typeof jsonResponse<typeof errorSchema>>
  >;
}

export const bearerSecurity = [{ bearerAuth: [] }];

type Registry = OpenAPIHono['openAPIRegistry'];
type RouteDefinition = Extract<Registry['definitions'][number], { type: 'route' }>['route'];

/** Whether a zod object schema (a route's request headers) has a key. */
function hasKey(schema: unknown, key: string): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && key in shape);
}

/** The statuses the platform itself may answer for a route, whatever its handler does. */
export function platformErrors(route: RouteDefinition): Array<keyof typeof errorDescriptions> {
  const statuses = new Set<keyof typeof errorDescriptions>();
  const request = route.request;
  // A body: malformed or invalid (400), over the size limit (413), nested too deep (400).
  if (request?.body) {
    statuses.add(400);
    statuses.add(413);
  }
  // Parameters, a query or headers validated by a schema: 400.
  if (request?.params || request?.query || request?.headers) statuses.add(400);
  // A write through the idempotency store: a key reused for another request answers 422.
  if (hasKey(request?.headers, 'idempotency-key')) statuses.add(422);
  // Signed in only (no anonymous alternative): 401.
  const security = route.security ?? [];
  if (security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0)) statuses.add(401);
  // A change that may ride the session cookie is refused from another site (modules/accounts/auth-middleware.ts): 403.
  if (security.length > 0 && !['get', 'head', 'options'].includes(route.method.toLowerCase())) statuses.add(403);
  return [...statuses];
}

/**
 * Adds to every route of the registry the error answers the platform gives on its own (validation,
 * body size, idempotency, sign-in), where the route does not list them already, so the OpenAPI
 * document lists every status a caller can meet. Run once all routes are registered.
 */
export function declarePlatformErrors(registry: Registry): void {
  for (const definition of registry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const missing = platformErrors(route).filter((status) => !(String(status) in route.responses) && !(status in route.responses));
    if (missing.length > 0) route.responses = { ...route.responses, ...errorResponses(...missing) };
  }
}

/** `getAutomationsJobsById` for GET /automations/{id}/jobs: the method, the fixed segments, then the parameters. */
export function operationIdOf(method: string, path: string): string {
  const pascal = (word: string) =>
    word
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join('');
  const segments = path.split('/').filter(Boolean);
  const fixed = segments.filter((segment) => !segment.startsWith('{')).map(pascal);
  const params = segments.filter((segment) => segment.startsWith('{')).map((segment) => pascal(segment.slice(1, -1)));
  return `${method.toLowerCase()}${fixed.join('')}${params.length > 0 ? `By${params.join('And')}` : ''}`;
}

/**
 * Gives every route of the registry an `operationId` (one it names itself wins), so a client
 * generator names its calls; fails on two alike, which would be two routes on one method and path.
 */
export function nameOperations(registry: Registry): void {
  const seen = new Map<string, string>();
  for (const definition of registry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    route.operationId ??= operationIdOf(route.method, route.path);
    const where = `${route.method} ${route.path}`;
    const before = seen.get(route.operationId);
    if (before && before !== where) throw new Error(`Two operations named ${route.operationId}: ${before} and ${where}`);
    seen.set(route.operationId, where);
  }
}
