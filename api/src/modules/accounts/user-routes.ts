import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { MiddlewareHandler } from 'hono';
import { updateUserBodySchema, userIdParamSchema, userResponseSchema } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { type AppEnv, signedIn, signedInAs } from '../../kernel/http/context';
import { answerWrite } from '../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import type { IdempotencyStore } from '../../store/idempotency';
import { toUserDto, updateProfile } from './users';

/** A client-made key; a replay of the same key answers the first result (read by answerWrite). */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

export function userRoutes(deps: { store: Store; clock: Clock; idempotency: IdempotencyStore; requireAuth: MiddlewareHandler<AppEnv> }) {
  const common = { tags: ['users'], security: bearerSecurity, middleware: deps.requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/skills',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(z.object({ skills: z.array(z.string()) }), 'Profile skills'), ...errorResponses(401, 404) },
      }),
      (c) => c.json({ skills: toUserDto(signedInAs(c, c.req.valid('param').id)).skills }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/users/{id}/portfolio-links',
        request: { params: userIdParamSchema },
        responses: { 200: jsonResponse(z.object({ links: z.array(z.string()) }), 'Profile portfolio links'), ...errorResponses(401, 404) },
      }),
      (c) => c.json({ links: toUserDto(signedInAs(c, c.req.valid('param').id)).portfolioLinks }, 200),
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
        signedIn(c);
        const targetId = c.req.valid('param').id;
        const body = c.req.valid('json');
        return answerWrite(c, deps.idempotency, async (owner) => ({
          status: 200,
          body: { data: await updateProfile(deps, owner, targetId, body) },
        }));
      },
    );
}
