import { createRoute } from '@hono/zod-openapi';
import {
  authMessages,
  authResponseSchema,
  authSchemas,
  cooldownResponseSchema,
  messageResponseSchema,
  RESEND_COOLDOWN_SECONDS,
  verifyEmailResponseSchema,
} from '@shared/schemas/auth';
import { userResponseSchema } from '@shared/schemas/user';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage } from '@shared/languages';
import type { MiddlewareHandler } from 'hono';
import type { AccountService } from './accounts';
import { revokeSession, type SessionDeps } from './sessions';
import { toUserDto } from './users';
import { type AppContext, type AppEnv, signedIn } from '../../kernel/http/context';
import { bearerSecurity, createRouter, errorResponses, jsonBody, jsonResponse } from '../../kernel/http/router';
import { SESSION_COOKIE, type SessionCookies } from '../../kernel/http/session-cookie';
import { getCookie } from 'hono/cookie';
import { clientKey } from '../../kernel/http/client-ip';

export interface AuthRouteDeps {
  accounts: AccountService;
  sessions: SessionDeps;
  requireAuth: MiddlewareHandler<AppEnv>;
  emailDomains: readonly string[];
  /** The HttpOnly session cookie the server sets on sign-in (the PWA never writes one itself). */
  cookies: SessionCookies;
}

/** The request's client, as limits count it (an IPv6 address by its /64), and its browser. */
const context = (c: AppContext) => ({ ip: clientKey(c.get('clientIp')), userAgent: c.req.header('user-agent') ?? null });

export function authRoutes({ accounts, sessions, requireAuth, emailDomains, cookies }: AuthRouteDeps) {
  const schemas = authSchemas(emailDomains);
  const cooldown = { message: authMessages.codeSent, retryAfterSeconds: RESEND_COOLDOWN_SECONDS };

  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/signup',
        tags: ['auth'],
        summary: 'Create an account; mails a six-digit verification code',
        request: { body: jsonBody(schemas.signupBody) },
        responses: { 201: jsonResponse(authResponseSchema, 'Signed up and signed in'), ...errorResponses(400, 409, 413, 429) },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const language = body.language ?? languageFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LANGUAGE;
        return c.json({ data: cookies.issue(c, await accounts.signup({ ...body, language }, context(c))) }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/signin',
        tags: ['auth'],
        description:
          'Once ten wrong passwords were tried on an account within a day (from any addresses), the password alone no ' +
          'longer signs in: 403 `signin_code_required` (the password is not looked at) until the request also carries ' +
          '`code`, a sign-in code mailed by `POST /auth/signin-code`. The owner is mailed when that happens.',
        request: { body: jsonBody(schemas.signinBody) },
        responses: {
          200: jsonResponse(authResponseSchema, 'Signed in'),
          // 403: the account is frozen in its grace period before deletion, or a mailed code is needed.
          ...errorResponses(400, 401, 403, 410, 429),
        },
      }),
      async (c) => {
        const { email, password, code } = c.req.valid('json');
        return c.json({ data: cookies.issue(c, await accounts.signin(email, password, context(c), code)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/signin-code',
        tags: ['auth'],
        summary: "Mail a sign-in code to the account's address; answered before the mail goes out, alike for every address",
        request: { body: jsonBody(schemas.signinCodeBody) },
        responses: { 200: jsonResponse(cooldownResponseSchema, 'Request taken'), ...errorResponses(400, 429) },
      }),
      async (c) => {
        await accounts.requestSigninCode(c.req.valid('json').email, context(c));
        return c.json({ message: authMessages.signinCodeSent, retryAfterSeconds: RESEND_COOLDOWN_SECONDS }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/signout',
        tags: ['auth'],
        security: bearerSecurity,
        middleware: [requireAuth] as const,
        responses: { 200: jsonResponse(messageResponseSchema, 'Session ended'), ...errorResponses(401) },
      }),
      async (c) => {
        const sessionId = c.get('sessionId');
        if (sessionId) await revokeSession(sessions, sessionId);
        cookies.clear(c);
        return c.json({ message: authMessages.signedOut }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/user',
        tags: ['auth'],
        security: bearerSecurity,
        middleware: [requireAuth] as const,
        responses: { 200: jsonResponse(userResponseSchema, 'The signed-in user'), ...errorResponses(401) },
      }),
      (c) => {
        const user = signedIn(c);
        // A session still riding a cookie the page wrote itself (before the server set them) gets
        // the server's HttpOnly one in its place.
        const token = c.get('authVia') === 'cookie' ? getCookie(c, SESSION_COOKIE) : undefined;
        if (token) cookies.set(c, token);
        return c.json({ data: toUserDto(user) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/verify-email',
        tags: ['auth'],
        request: { body: jsonBody(schemas.verifyEmailBody) },
        responses: {
          200: jsonResponse(
            verifyEmailResponseSchema,
            'Email verified (no account data: an unknown address, one already verified and a wrong code all answer 400 invalid_code alike)',
          ),
          ...errorResponses(400, 410, 429),
        },
      }),
      async (c) => {
        const { email, code } = c.req.valid('json');
        await accounts.verifyEmail(email, code, context(c));
        return c.json({ message: authMessages.emailVerified }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/resend-verification',
        tags: ['auth'],
        summary: 'Mail a new verification code (once a minute); answered before the mail goes out, alike for every address',
        request: { body: jsonBody(schemas.emailOnlyBody) },
        responses: { 200: jsonResponse(cooldownResponseSchema, 'Code sent'), ...errorResponses(400, 429) },
      }),
      async (c) => {
        await accounts.resendVerification(c.req.valid('json').email, context(c));
        return c.json(cooldown, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/reset-password-request',
        tags: ['auth'],
        summary:
          'Mail a password reset code; answered before the mail goes out, the same (and as fast) whether or not the address has an account',
        request: { body: jsonBody(schemas.emailOnlyBody) },
        responses: { 200: jsonResponse(cooldownResponseSchema, 'Request taken'), ...errorResponses(400, 429) },
      }),
      async (c) => {
        await accounts.requestPasswordReset(c.req.valid('json').email, context(c));
        return c.json({ message: authMessages.resetRequested, retryAfterSeconds: RESEND_COOLDOWN_SECONDS }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/reset-password',
        tags: ['auth'],
        summary: 'Set a new password with the mailed code; ends every session of the user',
        request: { body: jsonBody(schemas.resetPasswordBody) },
        responses: { 200: jsonResponse(messageResponseSchema, 'Password changed'), ...errorResponses(400, 410, 429) },
      }),
      async (c) => {
        const { email, code, password } = c.req.valid('json');
        await accounts.resetPassword(email, code, password, context(c));
        return c.json({ message: authMessages.passwordReset }, 200);
      },
    );
}
