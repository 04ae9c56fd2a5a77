import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { cooldownResponseSchema, messageResponseSchema, RESEND_COOLDOWN_SECONDS } from '@shared/schemas/auth';
import {
  cancelDeletionBodySchema,
  dataExportResponseSchema,
  deleteAccountBodySchema,
  deletionScheduledResponseSchema,
  exportIdParamSchema,
} from '@shared/schemas/rights';
import { type AppContext, type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import type { SessionCookies } from '../../kernel/http/session-cookie';
import type { AccountDeletions } from './deletion';
import type { DataExports } from './export';

const context = (c: AppContext) => ({ ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null });

export const rightsMessages = {
  codeSent: 'We sent a code to your email address.',
  deletionCancelled: 'Your account is kept. You can sign in again.',
} as const;

/** `/api/account/*`: the data export and the account's deletion. */
export function rightsRoutes(deps: {
  exports: DataExports;
  deletions: AccountDeletions;
  requireAuth: MiddlewareHandler<AppEnv>;
  cookies: SessionCookies;
}) {
  const secured = { tags: ['account'], security: bearerSecurity, middleware: deps.requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        ...secured,
        method: 'get',
        path: '/account/export',
        summary: "The signed-in user's latest data export (its progress while it builds)",
        responses: { 200: jsonResponse(dataExportResponseSchema, 'The latest export, or null'), ...errorResponses(401) },
      }),
      async (c) => c.json({ data: await deps.exports.latest(signedIn(c).id) }, 200),
    )
    .openapi(
      createRoute({
        ...secured,
        method: 'post',
        path: '/account/export',
        summary: 'Starts building an archive of all the signed-in user’s data (or answers the one building)',
        responses: { 202: jsonResponse(dataExportResponseSchema, 'Building'), ...errorResponses(401, 429) },
      }),
      async (c) => c.json({ data: await deps.exports.request(signedIn(c).id) }, 202),
    )
    .openapi(
      createRoute({
        ...secured,
        method: 'get',
        path: '/account/export/{id}/download',
        summary: 'The archive of a ready export (a zip of JSON files and the résumé text)',
        request: { params: exportIdParamSchema },
        responses: {
          200: { description: 'The archive', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
          ...errorResponses(400, 401, 404),
        },
      }),
      async (c) => {
        const { fileName, bytes } = await deps.exports.download(signedIn(c).id, c.req.valid('param').id);
        return c.body(new Uint8Array(bytes), 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Content-Length': String(bytes.length),
          'Cache-Control': 'private, no-store',
        });
      },
    )
    .openapi(
      createRoute({
        ...secured,
        method: 'post',
        path: '/account/deletion/code',
        summary: 'Mails a code that confirms the deletion (for an account without a password)',
        responses: { 200: jsonResponse(cooldownResponseSchema, 'Code sent'), ...errorResponses(401, 429) },
      }),
      async (c) => {
        await deps.deletions.mailCode(signedIn(c), context(c));
        return c.json({ message: rightsMessages.codeSent, retryAfterSeconds: RESEND_COOLDOWN_SECONDS }, 200);
      },
    )
    .openapi(
      createRoute({
        ...secured,
        method: 'post',
        path: '/account/deletion',
        summary: `Deletes the signed-in user's account after a grace period: signed out and frozen at once; the mailed link cancels`,
        request: { body: jsonBody(deleteAccountBodySchema) },
        responses: {
          202: jsonResponse(deletionScheduledResponseSchema, 'Scheduled; every session ended'),
          ...errorResponses(400, 401, 410, 429),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const proof = body.password !== undefined ? { password: body.password } : { code: body.code! };
        const { purgeAfter } = await deps.deletions.request(signedIn(c), proof, context(c));
        deps.cookies.clear(c);
        return c.json({ data: { purgeAfter: purgeAfter.toISOString() } }, 202);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/account/deletion/cancel',
        tags: ['account'],
        summary: 'The mailed link: keeps an account whose deletion is pending',
        request: { body: jsonBody(cancelDeletionBodySchema) },
        responses: { 200: jsonResponse(messageResponseSchema, 'Kept'), ...errorResponses(400, 404, 409, 429) },
      }),
      async (c) => {
        await deps.deletions.cancel(c.req.valid('json').token, context(c));
        return c.json({ message: rightsMessages.deletionCancelled }, 200);
      },
    );
}
