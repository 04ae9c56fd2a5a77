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
import { CryptoBox } from '../../kernel/crypto-box';
import { GoogleSignIn } from './google/google-signin';
import { OidcClient } from './google/oidc';
import { googleRoutes } from './google/routes';
import { sandboxGoogleIssuer, sandboxGoogleRoutes, sandboxGoogleSecret } from './google/sandbox/provider';

/** Accounts: sign-up, sign-in and sessions, codes by mail, the profile; and the session check every other module's routes use. */
export function accountsModule(ctx: ModuleContext, { mail }: { mail: MailModule }) {
  const { config, store, clock, log, secrets, idempotency } = ctx;
  const sessions = { store, clock, pepper: secrets.sessionPepper };
  const auth = requireAuth(sessions, ctx.allowedOrigin);
  const cookies = sessionCookies((c) => servedOverHttps(c, config));
  const accounts = new AccountService({
    store,
    clock,
    dispatchMail: mail.dispatchNow,
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
    operator: config.operator,
  });
  // Sign in with Google: the configured provider, or the sandbox one on this server (reached in-process).
  const googleConfig = config.google;
  const google = googleConfig
    ? new GoogleSignIn({
        store,
        clock,
        log,
        box: new CryptoBox(secrets.encryptionKey),
        accounts,
        emailDomains: config.emailDomains,
        oidc: new OidcClient({
          issuer: googleConfig.issuer ?? sandboxGoogleIssuer(config.publicUrl),
          clientId: googleConfig.clientId,
          clientSecret: googleConfig.clientSecret ?? sandboxGoogleSecret(secrets.sessionPepper),
          redirectUri: `${config.publicUrl}/auth/google/callback`,
          ...(googleConfig.sandbox ? { fetch: (url: string, init: RequestInit) => ctx.loopback(url, init) } : {}),
        }),
      })
    : undefined;
  const secure = (c: Parameters<typeof servedOverHttps>[0]) => servedOverHttps(c, config);
  return {
    accounts,
    sessions,
    auth,
    optionalAuth: optionalAuth(sessions, ctx.allowedOrigin),
    cookies,
    routes: [
      authRoutes({ accounts, sessions, requireAuth: auth, emailDomains: config.emailDomains, cookies }),
      userRoutes({ store, clock, idempotency, requireAuth: auth }),
      googleRoutes({ google, sandbox: googleConfig?.sandbox ?? false, cookies, secure }),
    ],
    sandbox: googleConfig?.sandbox
      ? [
          sandboxGoogleRoutes({
            publicUrl: config.publicUrl,
            sessionPepper: secrets.sessionPepper,
            encryptionKey: secrets.encryptionKey,
          }),
        ]
      : [],
  } satisfies ModuleParts & Record<string, unknown>;
}

export type AccountsModule = ReturnType<typeof accountsModule>;
