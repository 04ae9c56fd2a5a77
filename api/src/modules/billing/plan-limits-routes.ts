import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { planLimitsResponseSchema } from '@shared/schemas/sync';
import { userIdParamSchema } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import { signedInAs, type AppEnv } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import type { Store } from '../../store/store';
import { readPlanLimits } from './plan-limits';

/** `GET /users/{id}/plan-limits`: what the user's plan (trial, paid or free) allows now. */
export function planLimitsRoutes(deps: { store: Store; clock: Clock; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      tags: ['users'],
      security: bearerSecurity,
      middleware: deps.requireAuth,
      method: 'get',
      path: '/users/{id}/plan-limits',
      summary: 'What the current plan (trial, paid or free) allows',
      request: { params: userIdParamSchema },
      responses: { 200: jsonResponse(planLimitsResponseSchema, 'Plan limits'), ...errorResponses(401, 404) },
    }),
    async (c) => c.json({ planLimits: await readPlanLimits(deps.store, signedInAs(c, c.req.valid('param').id), deps.clock.now()) }, 200),
  );
}
