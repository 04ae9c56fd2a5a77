import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { updateUserBodySchema, userIdParamSchema, userResponseSchema } from '@shared/schemas/user';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { unauthorized } from '../errors';
import type { AppEnv } from '../http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../http/router';
import { updateProfile } from '../services/users';

export function userRoutes(deps: { db: Db; clock: Clock; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      method: 'put',
      path: '/users/{id}',
      tags: ['users'],
      summary: 'Merge profile fields into your own account',
      security: bearerSecurity,
      middleware: [deps.requireAuth] as const,
      request: { params: userIdParamSchema, body: jsonBody(updateUserBodySchema) },
      responses: { 200: jsonResponse(userResponseSchema, 'The updated user'), ...errorResponses(400, 401, 403, 404) },
    }),
    (c) => {
      const actor = c.get('user');
      if (!actor) throw unauthorized();
      const user = updateProfile(deps, actor.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ data: user }, 200);
    },
  );
}
