import { createRoute } from '@hono/zod-openapi';
import { healthResponseSchema } from '@shared/schemas/health';
import { createRouter, jsonResponse } from '../http/router';

export function healthRoutes(info: { sandbox: boolean; version: string }) {
  const body = { status: 'ok' as const, sandbox: info.sandbox, version: info.version };
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['system'],
      responses: { 200: jsonResponse(healthResponseSchema, 'The API is up') },
    }),
    (c) => c.json(body, 200),
  );
}
