import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  agentCreatedResponseSchema,
  agentListResponseSchema,
  agentResponseSchema,
  agentStatusBodySchema,
  createAgentBodySchema,
  successResponseSchema,
  updateAgentBodySchema,
} from '@shared/schemas/agent';
import { jobItemListResponseSchema } from '@shared/schemas/job-item';

import { type AppEnv, signedIn } from '../../kernel/http/context';
import { answerWrite } from '../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import { type AgentService, agentNotFound } from './agents';
import type { IdempotencyStore } from '../../store/idempotency';

const idParam = z.object({ id: z.string().min(1).max(64) });
/**
 * The signed-in user's id, in the place an agent's id takes on the other methods of the same path
 * (one path template, one parameter name: `/automations/{id}`).
 */
const userIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ description: "The signed-in user's id: their agents are listed" }),
});
/** A client-made key; a replay of the same key answers the first result (read by answerWrite). */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** The job agents of the specification (part 2, section 7), under /api/automations. */
export function agentRoutes(deps: { agents: AgentService; idempotency: IdempotencyStore; requireAuth: MiddlewareHandler<AppEnv> }) {
  const { agents, idempotency, requireAuth } = deps;
  const common = { tags: ['automations'], security: bearerSecurity, middleware: requireAuth };

  return createRouter()
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/automations/{id}',
        summary: "The user's job agents, newest first",
        request: { params: userIdParam },
        responses: { 200: jsonResponse(agentListResponseSchema, 'Agents'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const user = signedIn(c);
        if (c.req.valid('param').id !== user.id) throw agentNotFound();
        return c.json({ data: await agents.list(user.id) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: '/automations',
        summary: 'Create a job agent (a client-made UUID `id` is kept)',
        request: { headers: idempotencyHeader, body: jsonBody(createAgentBodySchema) },
        responses: {
          201: jsonResponse(agentCreatedResponseSchema, 'Created'),
          200: jsonResponse(agentCreatedResponseSchema, 'Already created with this id'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      (c) => {
        const { userId, ...body } = c.req.valid('json');
        const user = signedIn(c);
        if (userId !== undefined && userId !== user.id) throw agentNotFound();
        return answerWrite(c, idempotency, async (owner) => {
          const { created, agent } = await agents.create(owner, body);
          return { status: created ? 201 : 200, body: { success: true as const, id: agent.id, data: agent } };
        });
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/automations/detail/{id}',
        request: { params: idParam },
        responses: { 200: jsonResponse(agentResponseSchema, 'The agent'), ...errorResponses(401, 404) },
      }),
      async (c) => c.json({ success: true as const, data: await agents.get(signedIn(c).id, c.req.valid('param').id) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'put',
        path: '/automations/{id}',
        summary: 'Change fields; with `baseVersion` (or per field `baseVersions`), fields changed elsewhere since then answer 409',
        request: { params: idParam, headers: idempotencyHeader, body: jsonBody(updateAgentBodySchema) },
        responses: { 200: jsonResponse(agentResponseSchema, 'Updated'), ...errorResponses(400, 401, 404, 409) },
      }),
      (c) => {
        const { baseVersion, baseVersions, ...patch } = c.req.valid('json');
        const { id } = c.req.valid('param');
        return answerWrite(c, idempotency, async (owner) => ({
          status: 200,
          body: { success: true as const, data: await agents.update(owner, id, patch, { baseVersion, baseVersions }) },
        }));
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'put',
        path: '/automations/status/{id}',
        summary: 'Activate or pause',
        request: { params: idParam, headers: idempotencyHeader, body: jsonBody(agentStatusBodySchema) },
        responses: { 200: jsonResponse(agentResponseSchema, 'Status set'), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      (c) => {
        const { status, baseVersion, baseVersions } = c.req.valid('json');
        const { id } = c.req.valid('param');
        return answerWrite(c, idempotency, async (owner) => ({
          status: 200,
          body: { success: true as const, data: await agents.setStatus(owner, id, status, { baseVersion, baseVersions }) },
        }));
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'delete',
        path: '/automations/{id}',
        summary: 'Delete for good',
        request: { params: idParam, headers: idempotencyHeader },
        responses: { 200: jsonResponse(successResponseSchema, 'Deleted'), ...errorResponses(401, 404) },
      }),
      (c) => {
        const { id } = c.req.valid('param');
        return answerWrite(c, idempotency, async (owner) => {
          await agents.delete(owner, id);
          return { status: 200, body: { success: true as const } };
        });
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/automations/{id}/jobs',
        summary: "The agent's jobs and proposals, newest first",
        request: { params: idParam },
        responses: { 200: jsonResponse(jobItemListResponseSchema, 'Job items'), ...errorResponses(401, 404) },
      }),
      async (c) => c.json({ data: await agents.jobs(signedIn(c).id, c.req.valid('param').id) }, 200),
    );
}
