import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { pullQuerySchema, pullResponseSchema } from '@shared/schemas/sync';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import { pull } from './sync';

export function syncRoutes(deps: { store: Store; clock: Clock; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/sync/pull',
      tags: ['sync'],
      summary: 'Everything of the signed-in user changed after the cursor (agents, job items, profile), paged',
      security: bearerSecurity,
      middleware: deps.requireAuth,
      request: { query: pullQuerySchema },
      responses: { 200: jsonResponse(pullResponseSchema, 'One page of changes'), ...errorResponses(400, 401) },
    }),
    async (c) => {
      const user = signedIn(c);
      const { since, limit } = c.req.valid('query');
      c.header('Cache-Control', 'private, no-store');
      return c.json(await pull(deps, user.id, since, limit), 200);
    },
  );
}
