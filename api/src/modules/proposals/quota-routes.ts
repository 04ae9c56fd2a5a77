import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { coverLetterQuotaSchema } from '@shared/schemas/quota';
import { userIdParamSchema } from '@shared/schemas/user';
import type { Clock } from '../../kernel/clock';
import type { Store } from '../../store/store';
import { notFound } from '../../kernel/errors';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import { coverLetterQuota } from './cover-letter-quota';

/** `GET /api/users/{id}/cover-letter-quota`: today's cover letters, for the signed-in user only. */
export function quotaRoutes(deps: { store: Store; clock: Clock; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}/cover-letter-quota',
      tags: ['users'],
      summary: "Cover letters written today (the user's local day) and what the plan allows",
      security: bearerSecurity,
      middleware: deps.requireAuth,
      request: { params: userIdParamSchema },
      responses: { 200: jsonResponse(coverLetterQuotaSchema, 'The quota'), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const user = signedIn(c);
      if (c.req.valid('param').id !== user.id) throw notFound('User not found');
      return c.json(await coverLetterQuota(deps.store, user.id, deps.clock.now()), 200);
    },
  );
}
