import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { learningResetResponseSchema, learningResponseSchema } from '@shared/schemas/matching';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import type { MatchLearning } from './match-learning';

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
      async (c) => c.json({ data: await deps.learning.summary(signedIn(c).id) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'delete',
        path: '/matching/learning',
        summary: 'Forget every decision learnt: the match score starts again from the profile alone',
        responses: { 200: jsonResponse(learningResetResponseSchema, 'Forgotten'), ...errorResponses(401) },
      }),
      async (c) => c.json({ success: true as const, data: await deps.learning.reset(signedIn(c).id) }, 200),
    );
}
