import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  pushPublicKeyResponseSchema,
  pushSettingsResponseSchema,
  pushSettingsUpdateSchema,
  pushSubscribeResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  pushUnsubscribeResponseSchema,
} from '@shared/schemas/push';

import { type AppEnv, signedIn } from '../../../kernel/http/context';
import { answerWrite } from '../../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../../kernel/http/router';
import type { IdempotencyStore } from '../../../store/idempotency';
import type { PushService } from './push-service';

/** A client-made key; a replay of the same key answers the first result (read by answerWrite). */
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** Web Push: the VAPID public key, each device's subscription, and which notices the user wants. */
export function pushRoutes(deps: { push: PushService; idempotency: IdempotencyStore; requireAuth: MiddlewareHandler<AppEnv> }) {
  const { push, idempotency, requireAuth } = deps;
  const common = { tags: ['push'], security: bearerSecurity, middleware: requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/push/public-key',
        tags: ['push'],
        summary: "The server's VAPID public key (the browser's applicationServerKey)",
        responses: { 200: jsonResponse(pushPublicKeyResponseSchema, 'The key, base64url') },
      }),
      (c) => c.json({ publicKey: push.publicKey() }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: '/push/subscribe',
        summary: "Store this device's PushSubscription (toJSON()); the same endpoint again updates it",
        request: { body: jsonBody(pushSubscriptionBodySchema) },
        responses: { 201: jsonResponse(pushSubscribeResponseSchema, 'Stored'), ...errorResponses(400, 401) },
      }),
      async (c) => {
        const { id } = await push.subscribe(signedIn(c).id, c.req.valid('json'), c.req.header('user-agent'));
        return c.json({ success: true as const, id }, 201);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: '/push/unsubscribe',
        summary: 'Forget one of your devices by its endpoint',
        request: { body: jsonBody(pushUnsubscribeBodySchema) },
        responses: {
          200: jsonResponse(pushUnsubscribeResponseSchema, 'Done (removed says whether it was stored)'),
          ...errorResponses(400, 401),
        },
      }),
      async (c) => c.json({ success: true as const, ...(await push.unsubscribe(signedIn(c).id, c.req.valid('json').endpoint)) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/push/settings',
        summary: 'Which notices you get (all on by default)',
        responses: { 200: jsonResponse(pushSettingsResponseSchema, 'Settings'), ...errorResponses(401) },
      }),
      async (c) => {
        const { data, version } = await push.settingsRecord(signedIn(c).id);
        return c.json({ data, version }, 200);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'put',
        path: '/push/settings',
        summary: 'Turn notice kinds on or off; omitted kinds are kept; with `baseVersion`, kinds changed elsewhere since then answer 409',
        request: { headers: idempotencyHeader, body: jsonBody(pushSettingsUpdateSchema) },
        responses: { 200: jsonResponse(pushSettingsResponseSchema, 'Settings'), ...errorResponses(400, 401, 409) },
      }),
      (c) => {
        const update = c.req.valid('json');
        return answerWrite(c, idempotency, async (owner) => ({ status: 200, body: await push.updateSettings(owner, update) }));
      },
    );
}
