import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ErrorCode } from '@shared/errors';
import {
  approveJobItemBodySchema,
  jobItemResponseSchema,
  markSentJobItemBodySchema,
  updateJobItemBodySchema,
} from '@shared/schemas/job-item';
import { runStartedSchema } from '@shared/schemas/run';
import { AppError } from '../../kernel/errors';
import { signedIn, type AppEnv } from '../../kernel/http/context';
import { answerWrite } from '../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import type { AgentService } from '../agents/agents';
import type { IdempotencyStore } from '../../store/idempotency';
import type { JobItemService } from '../proposals/job-items';
import type { Runner } from './runner';
import type { Store } from '../../store/store';
import { agentRunListResponseSchema } from '@shared/schemas/agent-run';
import { listRuns } from './run-history';

const idParam = z.object({ id: z.string().min(1).max(64) });
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** Run now, and the user's decisions on the proposals the agents wrote. */
export function runnerRoutes(deps: {
  runner: Runner;
  /** Sends an approved proposal without waiting for the next tick (here, or through a wake-up). */
  sendSoon: (jobItemId: string) => void;
  agents: AgentService;
  jobItems: JobItemService;
  idempotency: IdempotencyStore;
  store: Store;
  requireAuth: MiddlewareHandler<AppEnv>;
}) {
  const { runner, agents, jobItems, idempotency } = deps;
  const common = { security: bearerSecurity, middleware: deps.requireAuth };
  const action = (path: string, summary: string) =>
    createRoute({
      ...common,
      tags: ['proposals'],
      method: 'post',
      path,
      summary,
      request: { params: idParam, headers: idempotencyHeader },
      responses: { 200: jsonResponse(jobItemResponseSchema, 'The proposal'), ...errorResponses(401, 404, 409) },
    });

  return createRouter()
    .openapi(
      createRoute({
        ...common,
        tags: ['automations'],
        method: 'post',
        path: '/automations/{id}/run',
        summary:
          'Run the agent now (outside its schedule, still within the daily cap): answered at once (202); the run goes on (or, while another run of the agent is under way, starts when it ends: `queued`), and its progress and summary reach the agent (`run`) by sync',
        request: { params: idParam },
        responses: { 202: jsonResponse(runStartedSchema, 'The run has started'), ...errorResponses(401, 404, 409) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        // Another user's agent is not found (404).
        await agents.get(signedIn(c).id, id);
        const started = await runner.startNow(id);
        if (!started) throw new AppError(ErrorCode.conflict, 'This agent cannot run now: the server is stopping. Try again in a minute.');
        // Its failure is logged by the runner, and the agent's page stops showing it under way.
        started.done.catch(() => undefined);
        return c.json(
          {
            success: true as const,
            data: {
              agentId: id,
              startedAt: started.startedAt.toISOString(),
              state: started.queued ? ('queued' as const) : ('running' as const),
            },
          },
          202,
        );
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['automations'],
        method: 'get',
        path: '/automations/{id}/runs',
        summary: "The agent's last runs: what each found, and what became of every job (skipped ones with the reason)",
        request: { params: idParam },
        responses: { 200: jsonResponse(agentRunListResponseSchema, 'The last runs, newest first'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const userId = signedIn(c).id;
        // Another user's agent is not found (404).
        await agents.get(userId, id);
        return c.json({ data: await listRuns(deps.store.db, userId, id) }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['proposals'],
        method: 'post',
        path: '/job-items/{id}/approve',
        summary:
          "Approve a draft (with the letter, bid amount and delivery period as edited, if given, within the marketplace's rules): it is sent now; with `baseVersion`, a letter changed since then answers 409",
        request: { params: idParam, headers: idempotencyHeader, body: jsonBody(approveJobItemBodySchema) },
        responses: { 200: jsonResponse(jobItemResponseSchema, 'The proposal'), ...errorResponses(400, 401, 404, 409) },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { proposalRequirements: letter, bidAmount, bidPeriodDays, undoSeconds, baseVersion, baseVersions } = c.req.valid('json');
        const bid = { amount: bidAmount, periodDays: bidPeriodDays, undoSeconds };
        // Awaited: the sender is woken once the approval has committed.
        const response = await answerWrite(c, idempotency, async (owner) => ({
          status: 200,
          body: { success: true as const, data: await jobItems.approve(owner, id, letter, { baseVersion, baseVersions }, bid) },
        }));
        // An approval that waits for a possible Undo goes out with the runner's next tick after its time.
        if (!undoSeconds) deps.sendSoon(id);
        return response;
      },
    )
    .openapi(action('/job-items/{id}/discard', 'Discard a draft'), (c) => {
      const { id } = c.req.valid('param');
      return answerWrite(c, idempotency, async (owner) => ({
        status: 200,
        body: { success: true as const, data: await jobItems.discard(owner, id) },
      }));
    })
    .openapi(action('/job-items/{id}/hold', 'Hold a queued proposal: it becomes a draft and waits for the user'), (c) => {
      const { id } = c.req.valid('param');
      return answerWrite(c, idempotency, async (owner) => ({
        status: 200,
        body: { success: true as const, data: await jobItems.hold(owner, id) },
      }));
    })
    .openapi(action('/job-items/{id}/cancel', 'Cancel a queued proposal for good'), (c) => {
      const { id } = c.req.valid('param');
      return answerWrite(c, idempotency, async (owner) => ({
        status: 200,
        body: { success: true as const, data: await jobItems.cancel(owner, id) },
      }));
    })
    .openapi(action('/job-items/{id}/restore', 'Undo a discard: the draft is back'), (c) => {
      const { id } = c.req.valid('param');
      return answerWrite(c, idempotency, async (owner) => ({
        status: 200,
        body: { success: true as const, data: await jobItems.restore(owner, id) },
      }));
    })
    .openapi(
      createRoute({
        ...common,
        tags: ['proposals'],
        method: 'post',
        path: '/job-items/{id}/mark-sent',
        summary: 'Mark a draft sent by hand on the marketplace, with the letter copied there (kept as the one sent)',
        request: {
          params: idParam,
          headers: idempotencyHeader,
          body: { ...jsonBody(markSentJobItemBodySchema), required: false },
        },
        responses: { 200: jsonResponse(jobItemResponseSchema, 'The proposal'), ...errorResponses(400, 401, 404, 409) },
      }),
      (c) => {
        const { id } = c.req.valid('param');
        const { proposalRequirements: letter } = c.req.valid('json') ?? {};
        return answerWrite(c, idempotency, async (owner) => ({
          status: 200,
          body: { success: true as const, data: await jobItems.markSent(owner, id, letter) },
        }));
      },
    )
    .openapi(
      createRoute({
        ...common,
        tags: ['proposals'],
        method: 'put',
        path: '/job-items/{id}',
        summary: "Edit a draft's letter, or mark the outcome (viewed, replied, interview, hired, lost)",
        request: { params: idParam, headers: idempotencyHeader, body: jsonBody(updateJobItemBodySchema) },
        responses: { 200: jsonResponse(jobItemResponseSchema, 'The proposal'), ...errorResponses(400, 401, 404, 409) },
      }),
      (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        return answerWrite(c, idempotency, async (owner) => ({
          status: 200,
          body: { success: true as const, data: await jobItems.update(owner, id, body) },
        }));
      },
    );
}
