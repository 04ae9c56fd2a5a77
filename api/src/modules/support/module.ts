import { RateLimiter } from '../../store/rate-limiter';
import type { Auth, ModuleContext, ModuleParts } from '../context';
import type { MailModule } from '../mail/module';
import { supportRoutes } from './routes';
import { SupportService } from './support';

/** Support: the user's requests, mailed to the support address and acknowledged to the user. */
export function supportModule(ctx: ModuleContext, { auth, mail }: { auth: Auth; mail: MailModule }) {
  const support = new SupportService({
    store: ctx.store,
    clock: ctx.clock,
    t: ctx.t,
    supportEmail: ctx.config.supportEmail,
    operator: ctx.config.operator,
    limiter: new RateLimiter(ctx.store, ctx.clock, 'support'),
    afterCommit: mail.dispatchSoon,
  });
  return { routes: [supportRoutes({ support, idempotency: ctx.idempotency, requireAuth: auth })] } satisfies ModuleParts;
}
