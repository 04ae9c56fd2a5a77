import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_DAYS } from '@shared/schemas/auth';
import type { AppContext } from './context';

export const SESSION_COOKIE = 'auth_token';

/**
 * The session cookie, written by the server only: HttpOnly (no script on the page can read the
 * token), SameSite=Lax (not sent on cross-site subrequests; changes made with it are also checked
 * for their origin in modules/accounts/auth-middleware.ts), Secure whenever the product is served over HTTPS, 30 days.
 */
export interface SessionCookies {
  set(c: AppContext, token: string): void;
  /** Sets the cookie of a session just issued and answers the session as it came (for the JSON answer). */
  issue<T extends { token: string }>(c: AppContext, session: T): T;
  clear(c: AppContext): void;
}

export function sessionCookies(secure: (c: AppContext) => boolean): SessionCookies {
  const options = (c: AppContext) => ({ path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: secure(c) });
  const set = (c: AppContext, token: string) => setCookie(c, SESSION_COOKIE, token, { ...options(c), maxAge: SESSION_DAYS * 24 * 60 * 60 });
  return {
    set,
    issue(c, session) {
      set(c, session.token);
      return session;
    },
    clear(c) {
      deleteCookie(c, SESSION_COOKIE, options(c));
    },
  };
}
