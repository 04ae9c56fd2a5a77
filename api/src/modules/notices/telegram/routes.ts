import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  telegramCallbackResponseSchema,
  telegramConfigResponseSchema,
  telegramSettingsBodySchema,
  telegramStatusResponseSchema,
  telegramUnlinkResponseSchema,
  telegramWidgetFieldsSchema,
} from '@shared/schemas/telegram';

import { fromThisMachine } from '../../../kernel/http/client-ip';
import { type AppEnv, signedIn } from '../../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../../kernel/http/router';
import type { SessionCookies } from '../../../kernel/http/session-cookie';
import type { TelegramService } from './telegram-service';

export interface TelegramRouteDeps {
  telegram: TelegramService;
  requireAuth: MiddlewareHandler<AppEnv>;
  /** Sets the user when the request has a live session, goes on without one otherwise. */
  optionalAuth: MiddlewareHandler<AppEnv>;
  /** Set on a Telegram sign-in, like on /auth/signin. */
  cookies: SessionCookies;
}

/**
 * Telegram Login Widget: the callback links (signed in) or signs in (not signed in); the signed-in
 * user's link status, notice setting and unlinking.
 */
export function telegramRoutes({ telegram, requireAuth, optionalAuth, cookies }: TelegramRouteDeps) {
  const common = { tags: ['telegram'], security: bearerSecurity, middleware: requireAuth };
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/telegram-callback',
        tags: ['auth', 'telegram'],
        summary: 'Check a Login Widget answer; link it to the signed-in user, or sign in the user who linked it',
        description:
          'The hash is checked with the bot token, `auth_date` must be within a day, and each answer is used once ' +
          '(a replay answers 401 `telegram_invalid`). With a session: links (409 `telegram_linked_elsewhere` when ' +
          'another user holds that Telegram account). Without: signs in (401 `telegram_not_linked` when none). ' +
          'Logins signed by the sandbox bot are accepted only from this machine.',
        security: [...bearerSecurity, {}],
        middleware: optionalAuth,
        request: { body: jsonBody(telegramWidgetFieldsSchema) },
        responses: {
          200: jsonResponse(
            telegramCallbackResponseSchema,
            'Linked ({ linked, telegram, data.user }) or signed in ({ data: { token, user } })',
          ),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const fields = c.req.valid('json');
        const user = c.get('user');
        const origin = { local: fromThisMachine(c) };
        if (user) {
          const { telegram: account, user: updated } = await telegram.link(user.id, fields, origin);
          return c.json({ linked: true as const, telegram: account, data: { user: updated } }, 200);
        }
        return c.json({ data: cookies.issue(c, await telegram.signin(fields, origin, c.req.header('user-agent') ?? null)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/telegram/config',
        tags: ['telegram'],
        summary: 'The bot the Login Widget uses (null: none configured), and whether it is the sandbox bot',
        responses: { 200: jsonResponse(telegramConfigResponseSchema, 'The bot') },
      }),
      (c) => c.json(telegram.config(), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/telegram/status',
        ...common,
        responses: { 200: jsonResponse(telegramStatusResponseSchema, "The signed-in user's Telegram link"), ...errorResponses(401) },
      }),
      async (c) => c.json({ data: await telegram.status(signedIn(c).id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/telegram/settings',
        ...common,
        summary: 'Send the same notices as push through the bot, or not',
        request: { body: jsonBody(telegramSettingsBodySchema) },
        responses: { 200: jsonResponse(telegramStatusResponseSchema, 'Saved'), ...errorResponses(400, 401, 404) },
      }),
      async (c) => c.json({ data: await telegram.setNotify(signedIn(c).id, c.req.valid('json').notify) }, 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/telegram/link',
        ...common,
        summary: 'Unlink the Telegram account (it can no longer sign in or receive notices)',
        responses: { 200: jsonResponse(telegramUnlinkResponseSchema, 'Unlinked'), ...errorResponses(401) },
      }),
      async (c) => c.json({ success: true as const, ...(await telegram.unlink(signedIn(c).id)) }, 200),
    );
}
