import { createRoute } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { authMessages, cooldownResponseSchema, RESEND_COOLDOWN_SECONDS } from '@shared/schemas/auth';
import {
  googleCallbackBodySchema,
  googleCallbackResponseSchema,
  googleLinkBodySchema,
  googleLinkResponseSchema,
  googleStartQuerySchema,
} from '@shared/schemas/google';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage } from '@shared/languages';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../../../kernel/errors';
import type { AppContext } from '../../../kernel/http/context';
import { fromThisMachine } from '../../../kernel/http/client-ip';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../../kernel/http/router';
import type { SessionCookies } from '../../../kernel/http/session-cookie';
import { FLOW_TTL_MS, LINK_TTL_MS, type GoogleSignIn } from './google-signin';

export const FLOW_COOKIE = 'bp_google_flow';
export const LINK_COOKIE = 'bp_google_link';
/** The cookies ride only the Google calls. */
const COOKIE_PATH = '/api/auth/google';

export interface GoogleRouteDeps {
  /** Undefined when Google sign-in is off on this deployment (no keys, no sandbox). */
  google: GoogleSignIn | undefined;
  /** The sandbox provider stands in for Google: its sign-ins are taken only from this machine, like the sandbox bot's. */
  sandbox: boolean;
  cookies: SessionCookies;
  secure: (c: AppContext) => boolean;
}

const context = (c: AppContext) => ({ ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null });

const notSetUp = () => new AppError(ErrorCode.notFound, 'Sign in with Google is not set up on this server.');

/**
 * `/api/auth/google/*`: the start of a round trip (a redirect to the provider, with the flow's
 * secrets in an HttpOnly SameSite=Lax cookie), the callback the PWA posts the provider's answer to,
 * and the proof that links Google to an existing account.
 */
export function googleRoutes({ google, sandbox, cookies, secure }: GoogleRouteDeps) {
  const cookieOptions = (c: AppContext, maxAgeMs: number) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax' as const,
    secure: secure(c),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  const clear = (c: AppContext, name: string) => deleteCookie(c, name, { path: COOKIE_PATH, secure: secure(c) });
  const enabled = (c: AppContext): GoogleSignIn => {
    if (!google) throw notSetUp();
    if (sandbox && !fromThisMachine(c)) throw new AppError(ErrorCode.sandboxOnly, 'The sandbox Google sign-in works only on this machine.');
    return google;
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/google/start',
        tags: ['auth'],
        summary: 'Starts Sign in with Google: redirects the browser to the provider (or back to /login saying why not)',
        request: { query: googleStartQuerySchema },
        responses: { 302: { description: 'To the provider, or to /login?google=<reason>' }, ...errorResponses(400) },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const back = (reason: string) => c.redirect(`/${query.intent === 'signup' ? 'register' : 'login'}?google=${reason}`, 302);
        if (!google) return back('off');
        if (sandbox && !fromThisMachine(c)) return back('off');
        try {
          const { url, flowCookie } = await google.start(query);
          setCookie(c, FLOW_COOKIE, flowCookie, cookieOptions(c, FLOW_TTL_MS));
          return c.redirect(url, 302);
        } catch (error) {
          c.get('log').error('google unreachable', { error });
          return back('unavailable');
        }
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/google/callback',
        tags: ['auth'],
        summary: "Completes Sign in with Google with the provider's answer (bound to this browser's flow cookie)",
        request: { body: jsonBody(googleCallbackBodySchema) },
        responses: {
          200: jsonResponse(googleCallbackResponseSchema, 'Signed in (the session cookie set), or the account must be proven first'),
          ...errorResponses(400, 403, 404, 429, 502),
        },
      }),
      async (c) => {
        const service = enabled(c);
        const body = c.req.valid('json');
        const flow = getCookie(c, FLOW_COOKIE);
        // One answer per round trip: the flow is spent whatever comes of it.
        clear(c, FLOW_COOKIE);
        const fallbackLanguage = languageFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LANGUAGE;
        const outcome = await service.callback(
          body.query,
          flow,
          { language: body.language, timeZone: body.timeZone },
          { ...context(c), fallbackLanguage },
        );
        if (outcome.status === 'linkRequired') {
          setCookie(c, LINK_COOKIE, outcome.linkCookie, cookieOptions(c, LINK_TTL_MS));
          return c.json({ data: { status: 'linkRequired' as const, email: outcome.email, hasPassword: outcome.hasPassword } }, 200);
        }
        cookies.set(c, outcome.token);
        return c.json({ data: outcome }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/google/link/code',
        tags: ['auth'],
        summary: 'Mails the account a pending Google link names a code that proves it is theirs',
        responses: { 200: jsonResponse(cooldownResponseSchema, 'Code sent'), ...errorResponses(400, 403, 404, 429) },
      }),
      async (c) => {
        await enabled(c).mailLinkCode(getCookie(c, LINK_COOKIE), context(c));
        return c.json({ message: authMessages.codeSent, retryAfterSeconds: RESEND_COOLDOWN_SECONDS }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/google/link',
        tags: ['auth'],
        summary: "Links the pending Google identity once the account's password or mailed code is given, and signs in",
        request: { body: jsonBody(googleLinkBodySchema) },
        responses: {
          200: jsonResponse(googleLinkResponseSchema, 'Linked and signed in'),
          ...errorResponses(400, 401, 403, 404, 409, 410, 429),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const proof = body.password !== undefined ? { password: body.password } : { code: body.code! };
        const done = await enabled(c).link(getCookie(c, LINK_COOKIE), proof, context(c));
        clear(c, LINK_COOKIE);
        cookies.set(c, done.token);
        return c.json({ data: done }, 200);
      },
    );
}
