import type { z } from 'zod';
import { errorBodySchema } from '@shared/errors';
import type { App } from '../../app';
import { objectShape } from './zod-arbitrary';

/*
 * The API's operations as the contract describes them: the list comes from /api/openapi.json (what
 * clients see), and each operation's zod schemas (request parts, answers per status) from the route
 * registry the document is generated from. A route added to the API is in both, so the checks built
 * on this list cover it without anyone adding it here.
 */

type Schema = z.ZodType;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Operation {
  method: Method;
  /** The OpenAPI path under /api, e.g. `/automations/{id}`. */
  path: string;
  /** `POST /automations/{id}`: how lists of exceptions name it. */
  key: string;
  /** A session is required (no anonymous alternative). */
  secured: boolean;
  /** A session is read when there is one (`security: [bearer, {}]`). */
  optionalAuth: boolean;
  /** Every status the document declares. */
  statuses: number[];
  params: Record<string, Schema>;
  query: Record<string, Schema>;
  headers: Record<string, Schema>;
  body?: { contentType: string; schema: Schema };
  /** The schema of each JSON answer, by status. */
  answers: Map<number, Schema>;
}

interface RouteConfig {
  method: string;
  path: string;
  security?: Array<Record<string, unknown>>;
  request?: {
    params?: Schema;
    query?: Schema;
    headers?: Schema;
    body?: { content: Record<string, { schema: Schema }> };
  };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: Array<Record<string, unknown>> }>>;
}

export async function loadOpenApi(app: App): Promise<OpenApiDocument> {
  const res = await app.request('/api/openapi.json');
  return (await res.json()) as OpenApiDocument;
}

/** Every operation of /api/openapi.json with its zod schemas. */
export async function loadOperations(app: App): Promise<Operation[]> {
  const doc = await loadOpenApi(app);
  const routes = new Map<string, RouteConfig>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route as unknown as RouteConfig;
    routes.set(`${route.method.toLowerCase()} ${route.path}`, route);
  }
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const route = routes.get(`${method} /api${path}`);
      if (!route) throw new Error(`${method.toUpperCase()} ${path} is in the OpenAPI document but not in the route registry`);
      const security = op.security ?? [];
      const [contentType, content] = Object.entries(route.request?.body?.content ?? {})[0] ?? [];
      const answers = new Map<number, Schema>();
      for (const [status, response] of Object.entries(route.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) answers.set(Number(status), schema);
      }
      operations.push({
        method: method as Method,
        path,
        key: `${method.toUpperCase()} ${path}`,
        secured: security.length > 0 && !security.some((entry) => Object.keys(entry).length === 0),
        optionalAuth: security.length > 0 && security.some((entry) => Object.keys(entry).length === 0),
        statuses: Object.keys(op.responses).map(Number),
        params: objectShape(route.request?.params),
        query: objectShape(route.request?.query),
        headers: objectShape(route.request?.headers),
        ...(contentType && content ? { body: { contentType, schema: content.schema } } : {}),
        answers,
      });
    }
  }
  return operations;
}

/** Every route the app serves under /api (Hono's own table), as `METHOD /path/{param}`. */
export function servedApiRoutes(app: App): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    keys.add(`${route.method} ${route.path.slice(4).replace(/:([^/]+)/g, '{$1}')}`);
  }
  return [...keys];
}

/** One request to send: parts are plain values (the body already JSON text, or a FormData). */
export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | FormData;
  contentType?: string | null;
}

export function urlOf(op: Operation, parts: RequestParts): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(parts.params?.[name] ?? ''));
  const query = new URLSearchParams(parts.query ?? {}).toString();
  return `http://localhost/api${path}${query ? `?${query}` : ''}`;
}

export async function send(
  app: App,
  op: Operation,
  parts: RequestParts,
): Promise<{ status: number; text: string; headers: Headers; url: string }> {
  const headers: Record<string, string> = { ...(parts.headers ?? {}) };
  if (parts.body !== undefined && parts.contentType !== null && !(parts.body instanceof FormData))
    headers['content-type'] ??= parts.contentType ?? 'application/json';
  const url = urlOf(op, parts);
  const res = await app.request(url, {
    method: op.method.toUpperCase(),
    headers,
    ...(parts.body !== undefined ? { body: parts.body } : {}),
  });
  const text = await res.text();
  await app.mailQueue.idle();
  return { status: res.status, text, headers: res.headers, url };
}

/**
 * What is wrong with an answer by the contract: a 5xx, a status the document does not declare, or a
 * JSON body that does not match the schema declared for its status (errors: `{ message, code }`).
 */
export function contractProblems(op: Operation, answer: { status: number; text: string; headers: Headers }): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (!op.statuses.includes(answer.status))
    problems.push(
      `answered ${answer.status}, which the document does not declare (${op.statuses.join(', ')}): ${answer.text.slice(0, 200)}`,
    );
  const schema = op.answers.get(answer.status) ?? (answer.status >= 400 ? errorBodySchema : undefined);
  if (schema && answer.status !== 204) {
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      problems.push(`answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`);
      return problems;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      problems.push(
        `answered ${answer.status} with a body its schema refuses (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}): ${answer.text.slice(0, 300)}`,
      );
    }
  }
  return problems;
}
