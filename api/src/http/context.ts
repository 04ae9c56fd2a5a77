import type { Context } from 'hono';
import type { UserRow } from '../db/schema';
import type { Logger } from '../logger';

/** What middleware puts on every request's context. */
export interface AppVariables {
  requestId: string;
  log: Logger;
  clientIp: string;
  user?: UserRow;
  sessionId?: string;
  authVia?: 'bearer' | 'cookie';
}

/** The Node request behind a Hono context, when served by @hono/node-server. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export type AppEnv = { Variables: AppVariables; Bindings: NodeBindings };
export type AppContext = Context<AppEnv>;
