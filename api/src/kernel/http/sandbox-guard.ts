import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '@shared/errors';
import { AppError } from '../errors';
import { fromThisMachine } from './client-ip';
import type { AppEnv } from './context';

/** The sandbox answers only this machine, unless SANDBOX_PUBLIC=true: the mailbox holds sign-in codes. */
export function sandboxGuard(sandboxPublic: boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!sandboxPublic && !fromThisMachine(c)) {
      throw new AppError(ErrorCode.sandboxOnly, 'The sandbox answers only clients on this machine');
    }
    await next();
  });
}
