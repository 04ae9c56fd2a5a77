import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  telegramCallbackBodySchema,
  telegramCallbackResponseSchema,
  telegramConfigResponseSchema,
  telegramSettingsBodySchema,
  telegramStartResponseSchema,
  telegramStatusResponseSchema,
  telegramUnlinkResponseSchema,
} from '@shared/schemas/telegram';

import type { BrowserBinding } from '../../../kernel/http/browser-binding';
import { clientKey, fromThisMachine } from '../../../kernel/http/client-ip';
import { type AppContext, type AppEnv, signedIn } from '../../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../../kernel/http/router';
import type { SessionCookies } from '../../../kernel/http/session-cookie';
import type { RateLimiter, RateRule } from '../../../store/rate-limiter';
import type { TelegramService } from './telegram-service';

/** Sign-in starts a visitor may make from one address (each keeps a row until it expires). */
const SIGNIN_STARTS_PER_IP: RateRule = { limit: 30, windowMs: 15 * 60 * 1000 };

export interface TelegramRouteDeps {
  telegram: TelegramService;
  requireAuth: MiddlewareHandler<AppEnv>;
  /** Sets the user when the request has a live session, goes on without one otherwise. */
  optionalAuth: MiddlewareHandler<AppEnv>;
  /** Set on a Telegram sign-in, like on /auth/signin. */
  cookies: SessionCookies;
  /** The cookie that binds a started login to this browser (sent only to the callback). */
  binding: BrowserBinding;
  /** Limits sign-in starts per client address. */
  limiter: RateLimiter;
}

/**
 * Telegram Login Widget: a login is started in this browser (linking from Settings, signed in;
 * signing in from the sign-in screen), and the callback applies the widget's answer only with that
 * start's state, from the same browser (and, to link, the same session). The signed-in user's link
 * status, notice setting and unlinking.
 */
export function telegramRoutes({ telegram, requireAuth, optionalAuth, cookies, binding, limiter }: TelegramRouteDeps) {
  const common = { tags: ['telegram'], security: bearerSecurity, middleware: requireAuth };
  const session = (c: AppContext) => {
    const user = c.get('user') as { id?: string } | undefined;
    const sessionId = c.get('sessionId');
    return user?.id && sessionId ? { userId: user.id, sessionId } : undefined;
  };
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/telegram/link/start',
        ...common,
        summary: 'Start linking a Telegram account from Settings: a one-time state for this session and browser',
        description:
          'Sets an HttpOnly cookie (sent only to the callback) that binds the state to this browser; the state lasts ten ' +
          'minutes and is used once, by `POST /auth/telegram-callback` from this session.',
        responses: { 200: jsonResponse(telegramStartResponseSchema, 'The state and the bot'), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const user = signedIn(c);
        const sessionId = c.get('sessionId')!;
        const started = await telegram.start({ purpose: 'link', userId: user.id, sessionId, browserHash: binding.bind(c) });
        return c.json({ data: started }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/telegram/start',
        tags: ['auth', 'telegram'],
        summary: 'Start signing in with Telegram from the sign-in screen: a one-time state for this browser',
        description:
          'Sets an HttpOnly cookie (sent only to the callback) that binds the state to this browser; 30 starts per address per 15 minutes.',
        responses: { 200: jsonResponse(telegramStartResponseSchema, 'The state and the bot'), ...errorResponses(404, 429) },
      }),
      async (c) => {
        await limiter.hit([{ key: `ip:${clientKey(c.get('clientIp'))}`, rule: SIGNIN_STARTS_PER_IP }]);
        const started = await telegram.start({ purpose: 'signin', browserHash: binding.bind(c) });
        return c.json({ data: started }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/telegram-callback',
        tags: ['auth', 'telegram'],
        summary: 'Apply a Login Widget answer to the Telegram login this browser started: link it, or sign in',
        description:
          "The body is the state of a login started here and the widget's fields, as its JS callback gave them. The " +
          'state must be unused, at most ten minutes old and come with the cookie its start set in this browser (403 ' +
          '`telegram_state_invalid` otherwise); a link also needs the session that started it. The hash is checked with ' +
          'the bot token, `auth_date` must be within a day, and each answer is used once (401 `telegram_invalid`). ' +
          'Linking: 409 `telegram_linked_elsewhere` when another user holds that Telegram account, 409 ' +
          '`telegram_already_linked` when this account has another one linked. Signing in: 401 `telegram_not_linked` ' +
          'when no account linked it. Logins signed by the sandbox bot are accepted only from this machine.',
        security: [...bearerSecurity, {}],
        middleware: optionalAuth,
        request: { body: jsonBody(telegramCallbackBodySchema) },
        responses: {
          200: jsonResponse(
            telegramCallbackResponseSchema,
            'Linked ({ linked, telegram, data.user }) or signed in ({ data: { token, user } })',
          ),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const request = { local: fromThisMachine(c), session: session(c), sameBrowser: (hash: string) => binding.matches(c, hash) };
        const done = await telegram.callback(body, request, c.req.header('user-agent') ?? null);
        binding.clear(c);
        if (done.linked) return c.json({ linked: true as const, telegram: done.telegram, data: { user: done.user } }, 200);
        return c.json({ data: cookies.issue(c, { token: done.token, user: done.user }) }, 200);
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
