import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { learningResetResponseSchema, learningResponseSchema } from '@shared/schemas/matching';
import { unauthorized } from '../../kernel/errors';
import type { AppContext, AppEnv } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import type { MatchLearning } from './match-learning';

const me = (c: AppContext) => {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
};

/** What the matching learnt from the signed-in user's decisions, and forgetting it (Settings). */
export function matchingRoutes(deps: { learning: MatchLearning; requireAuth: MiddlewareHandler<AppEnv> }) {
  const common = { tags: ['matching'], security: bearerSecurity, middleware: deps.requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/matching/learning',
        summary: 'The decisions the match score learns from',
        responses: { 200: jsonResponse(learningResponseSchema, 'What was learnt'), ...errorResponses(401) },
      }),
      async (c) => c.json({ data: await deps.learning.summary(me(c).id) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'delete',
        path: '/matching/learning',
        summary: 'Forget every decision learnt: the match score starts again from the profile alone',
        responses: { 200: jsonResponse(learningResetResponseSchema, 'Forgotten'), ...errorResponses(401) },
      }),
      async (c) => c.json({ success: true as const, data: await deps.learning.reset(me(c).id) }, 200),
    );
}
