import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import { isLoopbackAddress } from '../http/client-ip';
import { requestHeader, type AppContext, type AppEnv } from '../http/context';

/**
 * Whether a request really comes from this machine: its socket is loopback (never a forwarded
 * address, which the client can write) and no proxy forwarded it (a proxy on this machine relays
 * requests from anywhere).
 */
export function fromThisMachine(c: AppContext): boolean {
  return isLoopbackAddress(c.get('socketIp')) && !requestHeader(c, 'x-forwarded-for') && !requestHeader(c, 'forwarded');
}

/** The sandbox answers only this machine, unless SANDBOX_PUBLIC=true: the mailbox holds sign-in codes. */
export function sandboxGuard(sandboxPublic: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!sandboxPublic && !fromThisMachine(c)) {
      throw new AppError(ErrorCode.sandboxOnly, 'The sandbox answers only clients on this machine');
    }
    await next();
  });
}
