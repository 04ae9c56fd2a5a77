import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  figuresQuerySchema,
  figuresResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  pullQuerySchema,
  pullResponseSchema,
  syncStartResponseSchema,
} from '@shared/schemas/sync';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import { figures, history, pull, start } from './sync';

export function syncRoutes(deps: { store: Store; clock: Clock; requireAuth: MiddlewareHandler<AppEnv> }) {
  const common = { tags: ['sync'], security: bearerSecurity, middleware: deps.requireAuth, method: 'get' as const };
  return createRouter()
    .openapi(
      createRoute({
        ...common,
        path: '/sync/pull',
        summary: 'Everything of the signed-in user changed after the cursor (agents, job items, profile), paged',
        request: { query: pullQuerySchema },
        responses: { 200: jsonResponse(pullResponseSchema, 'One page of changes'), ...errorResponses(400, 401) },
      }),
      async (c) => {
        const user = signedIn(c);
        const { since, limit } = c.req.valid('query');
        c.header('Cache-Control', 'private, no-store');
        return c.json(await pull(deps, user.id, since, limit), 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        path: '/sync/start',
        summary: "A new device's first sync: the profile, the agents and the plan, and the log position to pull from",
        responses: { 200: jsonResponse(syncStartResponseSchema, 'The small tables and the cursor'), ...errorResponses(401) },
      }),
      async (c) => {
        c.header('Cache-Control', 'private, no-store');
        return c.json(await start(deps, signedIn(c).id), 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        path: '/sync/history',
        summary: 'The job items logged up to a position, newest first, paged (what a new device fetches after /sync/start)',
        request: { query: historyQuerySchema },
        responses: { 200: jsonResponse(historyResponseSchema, 'One page of job items'), ...errorResponses(400, 401) },
      }),
      async (c) => {
        const { upTo, before, limit } = c.req.valid('query');
        c.header('Cache-Control', 'private, no-store');
        return c.json(await history(deps, signedIn(c).id, upTo, before, limit), 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        path: '/sync/figures',
        summary: "The user's job items counted by what the dashboard's figures read (for a device that holds only part of them)",
        request: { query: figuresQuerySchema },
        responses: { 200: jsonResponse(figuresResponseSchema, 'The counts, by group'), ...errorResponses(400, 401) },
      }),
      async (c) => {
        const { monthStart, monthEnd } = c.req.valid('query');
        c.header('Cache-Control', 'private, no-store');
        return c.json(await figures(deps, signedIn(c).id, new Date(monthStart), new Date(monthEnd)), 200);
      },
    );
}
