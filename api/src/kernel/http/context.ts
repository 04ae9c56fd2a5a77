import type { Context } from 'hono';
import { unauthorized, notFound } from '../errors';
import type { Logger } from '../logger';

/**
 * The signed-in user a session carries. The accounts module, which signs users in, gives it its
 * fields (modules/accounts/session-user.ts merges the user's row into this interface).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionUser {}

/** What middleware puts on every request's context. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  /** The client's address (X-Forwarded-For read behind the configured number of proxies). */
  clientIp: string;
  user?: SessionUser;
  sessionId?: string;
  authVia?: 'bearer' | 'cookie';
}

/** The Node request behind a Hono context, when served by @hono/node-server. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> };
  outgoing?: { setHeaders(headers: Map<string, string>): unknown; setHeader(name: string, value: string): unknown };
}

export type AppEnv = { Variables: AppVariables; Bindings: NodeBindings };
export type AppContext = Context<AppEnv>;

/**
 * A request header, read from Node's own request when there is one: asking the Fetch Request
 * instead makes @hono/node-server build it in full, which costs a large share of a fast request.
 */
export function requestHeader(c: AppContext, name: string): string | undefined {
  const headers = c.env?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The signed-in user (the route's middleware required a session); 401 when there is none. */
export function signedIn(c: AppContext): SessionUser & { id: string } {
  const user = c.get('user') as (SessionUser & { id?: string }) | undefined;
  if (!user?.id) throw unauthorized();
  return user as SessionUser & { id: string };
}

/** The signed-in user, when the path names them by `id`; anyone else's id is "not found". */
export function signedInAs(c: AppContext, id: string): SessionUser & { id: string } {
  const user = signedIn(c);
  if (user.id !== id) throw notFound('User not found');
  return user;
}
