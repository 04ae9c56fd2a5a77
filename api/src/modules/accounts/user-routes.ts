import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { planLimitsResponseSchema } from '@shared/schemas/sync';
import type { MiddlewareHandler } from 'hono';
import { updateUserBodySchema, userIdParamSchema, userResponseSchema } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { notFound, unauthorized } from '../../kernel/errors';
import type { AppEnv } from '../../kernel/http/context';
import { answerWrite } from '../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import { readPlanLimits } from '../billing/plan-limits';
import type { IdempotencyStore } from '../../store/idempotency';
import { toUserDto, updateProfile } from './users';
import type { AppContext } from '../../kernel/http/context';

/** A client-made key; a replay of the same key answers the first result (read by answerWrite). */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** The signed-in user, when the path names them; anyone else's id is "not found". */
function self(c: AppContext, id: string) {
  const user = c.get('user');
  if (!user) throw unauthorized();
  if (user.id !== id) throw notFound('User not found');
  return user;
}

export function userRoutes(deps: { store: Store; clock: Clock; idempotency: IdempotencyStore; requireAuth: MiddlewareHandler<AppEnv> }) {
  const common = { tags: ['users'], security: bearerSecurity, middleware: deps.requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/plan-limits',
        summary: 'What the current plan (trial, paid or free) allows',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(planLimitsResponseSchema, 'Plan limits'), ...errorResponses(401, 404) },
      }),
      async (c) => c.json({ planLimits: await readPlanLimits(deps.store, self(c, c.req.valid('param').id), deps.clock.now()) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/skills',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(z.object({ skills: z.array(z.string()) }), 'Profile skills'), ...errorResponses(401, 404) },
      }),
      (c) => c.json({ skills: toUserDto(self(c, c.req.valid('param').id)).skills }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/portfolio-links',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(z.object({ links: z.array(z.string()) }), 'Profile portfolio links'), ...errorResponses(401, 404) },
      }),
      (c) => c.json({ links: toUserDto(self(c, c.req.valid('param').id)).portfolioLinks }, 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/users/{id}',
        tags: ['users'],
        summary: 'Merge profile fields into your own account; with `baseVersion`, fields changed elsewhere since then answer 409',
        security: bearerSecurity,
        middleware: [deps.requireAuth] as const,
        request: { params: userIdParamSchema, headers: idempotencyHeader, body: jsonBody(updateUserBodySchema) },
        responses: { 200: jsonResponse(userResponseSchema, 'The updated user'), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      (c) => {
        const actor = c.get('user');
        if (!actor) throw unauthorized();
        const targetId = c.req.valid('param').id;
        const body = c.req.valid('json');
        return answerWrite(c, deps.idempotency, async (owner) => ({ status: 200, body: { data: await updateProfile(deps, owner, targetId, body) } }));
      },
    );
}
