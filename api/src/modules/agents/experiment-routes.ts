import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { experimentReportResponseSchema } from '@shared/schemas/experiment';

import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';
import type { AgentService } from './agents';
import type { Store } from '../../store/store';
import { agentExperimentReport } from './experiments';

const idParam = z.object({ id: z.string().min(1).max(64) });

/** An agent's template experiment and its results (rates, intervals, probability of being best). */
export function experimentRoutes(deps: { store: Store; agents: AgentService; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      tags: ['automations'],
      security: bearerSecurity,
      middleware: deps.requireAuth,
      method: 'get',
      path: '/automations/{id}/experiment',
      summary:
        "The agent's template experiment (running or last ended) with each template's rates, 95 % intervals and probability of being best; null when it never ran one",
      request: { params: idParam },
      responses: { 200: jsonResponse(experimentReportResponseSchema, 'The report'), ...errorResponses(401, 404) },
    }),
    async (c) => c.json({ data: await agentExperimentReport(deps, signedIn(c).id, c.req.valid('param').id) }, 200),
  );
}
