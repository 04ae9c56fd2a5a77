import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  createSupportRequestBodySchema,
  supportContactSchema,
  supportReferencesSchema,
  supportRequestCreatedSchema,
  supportRequestListSchema,
} from '@shared/schemas/support';
import { clientKey } from '../../kernel/http/client-ip';
import { type AppEnv, signedIn } from '../../kernel/http/context';
import { answerWrite } from '../../kernel/http/idempotent';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import type { IdempotencyStore } from '../../store/idempotency';
import type { SupportService } from './support';

/** The contact form: the signed-in user's requests, what they may refer to, and a new request. */
export function supportRoutes(deps: { support: SupportService; idempotency: IdempotencyStore; requireAuth: MiddlewareHandler<AppEnv> }) {
  const common = { tags: ['support'], security: bearerSecurity, middleware: deps.requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/support/contact',
        tags: ['support'],
        summary: 'The support address, for a visitor who cannot sign in (no session needed)',
        responses: { 200: jsonResponse(supportContactSchema, 'The support address') },
      }),
      (c) => c.json(deps.support.contact(), 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/support/requests',
        summary: "The signed-in user's support requests, newest first",
        responses: { 200: jsonResponse(supportRequestListSchema, 'The requests'), ...errorResponses(401) },
      }),
      async (c) => c.json({ data: await deps.support.list(signedIn(c).id) }, 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'get',
        path: '/support/references',
        summary: 'Recent payments and proposals a request may be about',
        responses: { 200: jsonResponse(supportReferencesSchema, 'What can be referred to'), ...errorResponses(401) },
      }),
      async (c) => c.json(await deps.support.references(signedIn(c).id), 200),
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: '/support/requests',
        summary: 'Send a support request: stored, mailed to support, acknowledged by mail with its ticket number',
        description:
          'Only from a verified address (403 otherwise); five an hour and twenty a day per account, twenty an hour per ' +
          'client address (429 with Retry-After). The acknowledgement names the ticket and never repeats the message.',
        request: {
          headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
          body: jsonBody(createSupportRequestBodySchema),
        },
        responses: {
          201: jsonResponse(supportRequestCreatedSchema, 'The request with its ticket number'),
          ...errorResponses(400, 401, 403, 422, 429),
        },
      }),
      (c) => {
        const body = c.req.valid('json');
        return answerWrite(c, deps.idempotency, async (owner) => ({
          status: 201,
          body: { success: true as const, data: await deps.support.create(owner, body, clientKey(c.get('clientIp'))) },
        }));
      },
    );
}
