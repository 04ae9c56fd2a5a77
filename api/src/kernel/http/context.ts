import type { Context } from 'hono';
import type { UserRow } from '../../store/schema/index';
import type { Logger } from '../logger';

/** What middleware puts on every request's context. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  /** The client's address (X-Forwarded-For read behind the configured number of proxies). */
  clientIp: string;
  user?: UserRow;
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
