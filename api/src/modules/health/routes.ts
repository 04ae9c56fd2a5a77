import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema, readyResponseSchema, type ProcessRole, type ReadyResponse } from '@shared/schemas/health';
import { SANDBOX_MIGRATIONS } from '../../store/migrations';
import { storeState, worseState } from '../../store/readiness';
import type { Store } from '../../store/store';
import { createRouter, jsonResponse } from '../../kernel/http/router';
import type { Lifecycle } from '../../kernel/lifecycle';
import { healthBody } from './body';

export function healthRoutes(info: {
  sandbox: boolean;
  version: string;
  role: ProcessRole;
  store: Store;
  /** The sandbox store, when this process serves a twin that keeps records: it needs that database too. */
  sandboxStore?: Store;
  lifecycle: Lifecycle;
}) {
  const body = healthBody(info.sandbox, info.version);
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/health',
        tags: ['system'],
        summary: 'Liveness: the process answers (restart it when this fails)',
        responses: { 200: jsonResponse(healthResponseSchema, 'The API is up') },
      }),
      (c) => c.json(body, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/ready',
        tags: ['system'],
        summary: 'Readiness: send this process new work (not while it shuts down, nor without its database)',
        responses: {
          200: jsonResponse(readyResponseSchema, 'Ready for new work'),
          503: jsonResponse(readyResponseSchema, 'Not ready: shutting down, or the database is unreachable or not migrated'),
        },
      }),
      async (c) => {
        // The product's database, and the sandbox's when this process has one (the worse of the two).
        const [product, sandbox] = await Promise.all([
          storeState(info.store),
          info.sandboxStore ? storeState(info.sandboxStore, SANDBOX_MIGRATIONS) : ('ok' as const),
        ]);
        const database = worseState(product, sandbox);
        const shuttingDown = info.lifecycle.stopping;
        const ready = database === 'ok' && !shuttingDown;
        const answer: ReadyResponse = { status: ready ? 'ready' : 'not_ready', role: info.role, database, shuttingDown };
        c.header('Cache-Control', 'no-store');
        return ready ? c.json(answer, 200) : c.json(answer, 503);
      },
    );
}
