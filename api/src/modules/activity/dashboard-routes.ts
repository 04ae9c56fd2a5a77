import { createRoute } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { activityListResponseSchema, activityQuerySchema, type ActivityEntry } from '@shared/schemas/dashboard';
import type { Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonResponse } from '../../kernel/http/router';

/** The signed-in user's newest activity entries, newest first (ties broken by id). */
export async function recentActivity(store: Store, userId: string, limit: number): Promise<ActivityEntry[]> {
  const { activityLog } = tablesOf(store.db);
  const rows = await store.db.select().from(activityLog).where(eq(activityLog.userId, userId)).orderBy(desc(activityLog.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    agentId: row.agentId,
    jobItemId: row.jobItemId,
    data: row.data ?? {},
    createdAt: row.createdAt.toISOString(),
  }));
}

/** `GET /api/dashboard/activity?limit=`: the dashboard's recent-activity feed, the caller's own only. */
export function dashboardRoutes(deps: { store: Store; requireAuth: MiddlewareHandler<AppEnv> }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/activity',
      tags: ['dashboard'],
      summary: "The signed-in user's recent activity (runs, proposals sent or failed, drafts waiting, payments), newest first",
      security: bearerSecurity,
      middleware: deps.requireAuth,
      request: { query: activityQuerySchema },
      responses: { 200: jsonResponse(activityListResponseSchema, 'The newest entries'), ...errorResponses(400, 401) },
    }),
    async (c) => {
      const user = signedIn(c);
      return c.json({ data: await recentActivity(deps.store, user.id, c.req.valid('query').limit) }, 200);
    },
  );
}
