import { servedOverHttps } from '../../kernel/http/https';
import { sessionCookies } from '../../kernel/http/session-cookie';
import { RateLimiter } from '../../store/rate-limiter';
import type { ModuleContext, ModuleParts } from '../context';
import type { MailModule } from '../mail/module';
import { AccountService } from './accounts';
import { optionalAuth, requireAuth } from './auth-middleware';
import { authRoutes } from './auth-routes';
import { CODE_THROTTLE, LoginThrottle, PASSWORD_THROTTLE } from './login-throttle';
import './session-user';
import { userRoutes } from './user-routes';

/** Accounts: sign-up, sign-in and sessions, codes by mail, the profile; and the session check every other module's routes use. */
export function accountsModule(ctx: ModuleContext, { mail }: { mail: MailModule }) {
  const { config, store, clock, log, secrets, idempotency } = ctx;
  const sessions = { store, clock, pepper: secrets.sessionPepper };
  const auth = requireAuth(sessions, ctx.allowedOrigin);
  const cookies = sessionCookies((c) => servedOverHttps(c, config));
  const accounts = new AccountService({
    store,
    clock,
    mailer: mail.mailer,
    t: ctx.t,
    log,
    pepper: secrets.sessionPepper,
    publicUrl: config.publicUrl,
    limiter: new RateLimiter(store, clock, 'auth', config.authRateLimit),
    cooldowns: new RateLimiter(store, clock, 'cooldown', true),
    throttles: {
      password: new LoginThrottle(store, clock, 'password', PASSWORD_THROTTLE, config.authRateLimit),
      code: new LoginThrottle(store, clock, 'code', CODE_THROTTLE, config.authRateLimit),
    },
    mailQueue: mail.queue,
    dispatchMail: mail.dispatchSoon,
  });
  return {
    sessions,
    auth,
    optionalAuth: optionalAuth(sessions, ctx.allowedOrigin),
    cookies,
    routes: [
      authRoutes({ accounts, sessions, requireAuth: auth, emailDomains: config.emailDomains, cookies }),
      userRoutes({ store, clock, idempotency, requireAuth: auth }),
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type AccountsModule = ReturnType<typeof accountsModule>;
