import path from 'node:path';
import { fileURLToPath } from 'node:url';
// zod's functional build (zod/mini, with its English messages): a tenth of the code of the one the
// schemas in shared/ use, and the settings are read before the server opens its port (main.ts).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { Cron } from 'croner';
import { DEFAULT_EMAIL_DOMAINS } from '@shared/email-domains';

z.config(en());

/** Text as given, its spaces around trimmed. */
const trimmed = () => z.string().check(z.trim());

const bool = z.pipe(
  z.optional(z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const list = z.pipe(
  z.optional(z.string()),
  z.transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

/** A whole number from the environment's text, from `min` to `max`. */
const whole = (min: number, max: number, message?: string) =>
  z.coerce.number().check(
    z.refine((n: number) => Number.isInteger(n), message ?? 'Expected a whole number'),
    z.minimum(min, message),
    z.maximum(max, message),
  );

/** A retention setting: whole days, 0 for ever. */
const retentionDays = (fallback: number) => z._default(whole(0, 36_500, 'Retention is a whole number of days from 0 to 36500'), fallback);

/**
 * Where the product is installed (a checkout, or an unpacked build): the built PWA is looked for
 * there by default, whatever folder the process was started from.
 */
const INSTALL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An http:// or https:// address (`z.url()` alone takes `localhost:1234` as a URL of the scheme `localhost:`). */
const httpUrl = (name: string, example: string) =>
  z.url({ protocol: /^https?$/, message: `${name} must be an http:// or https:// URL, such as ${example}` });

/** The sandbox bot's username; its token is generated per install into DATA_DIR/secrets.json. */
export const SANDBOX_TELEGRAM_BOT = 'bidpilot_sandbox_bot';

/** Every setting of the API, parsed once from the environment. */
export const configSchema = z.pipe(
  z
    .object({
      /** Where to listen. Unset: 127.0.0.1 in sandbox mode (the sandbox is for this machine), else 0.0.0.0. */
      HOST: z.optional(trimmed().check(z.minLength(1))),
      PORT: z._default(whole(0, 65535), 8787),
      DATA_DIR: z._default(z.string(), './data'),
      /**
       * postgres://user:password@host:port/database: the product's data on PostgreSQL (README
       * "Deploying on PostgreSQL"). Unset: the embedded SQLite file in DATA_DIR.
       */
      DATABASE_URL: z.pipe(
        z.optional(trimmed()),
        z
          .transform((value: string | undefined) => value || undefined)
          .check(
            z.refine(
              (value: string | undefined) => value === undefined || /^postgres(ql)?:\/\//i.test(value),
              'DATABASE_URL must be a postgres:// URL (or unset for the embedded SQLite file)',
            ),
          ),
      ),
      /** Where users reach the product; links in mails point here. Defaults to http://localhost:PORT. */
      PUBLIC_URL: z.optional(httpUrl('PUBLIC_URL', 'https://bidpilot.example')),
      /** Origins other than the product's own allowed to call the API from a browser. */
      CORS_ORIGINS: list,
      /** Host names the server answers for besides PUBLIC_URL's host and loopback names (DNS rebinding guard). */
      ALLOWED_HOSTS: list,
      /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465; unset or empty: the sandbox mailbox. */
      SMTP_URL: z.optional(
        trimmed().check(
          z.refine((value: string) => {
            if (!value) return true;
            try {
              const url = new URL(value);
              return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
            } catch {
              return false;
            }
          }, 'SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465 (or unset for the sandbox mailbox)'),
        ),
      ),
      MAIL_FROM: z._default(z.string(), 'Bidpilot <no-reply@bidpilot.local>'),
      /** Where the contact form's requests are mailed (the sandbox mailbox holds them when no SMTP is set). */
      SUPPORT_EMAIL: z._default(z.email('SUPPORT_EMAIL must be an email address'), 'support@bidpilot.local'),
      /** Serve /sandbox/* to non-loopback clients. Never in a real deployment: the mailbox holds codes. */
      SANDBOX_PUBLIC: bool,
      SESSION_PEPPER: z.optional(z.string().check(z.minLength(32))),
      ENCRYPTION_KEY: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/i, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)'))),
      /**
       * Earlier encryption keys (comma-separated, 64 hex each) during a rotation: what they sealed still
       * opens, and each process re-seals it with ENCRYPTION_KEY at start (README "Rotating the encryption key").
       */
      ENCRYPTION_KEY_PREVIOUS: list.check(
        z.refine(
          (keys: string[]) => keys.every((key) => /^[0-9a-f]{64}$/i.test(key)),
          'ENCRYPTION_KEY_PREVIOUS must be a comma-separated list of earlier keys, 64 hex characters each',
        ),
      ),
      EMAIL_DOMAINS: list,
      BODY_LIMIT_BYTES: z._default(whole(1, Number.MAX_SAFE_INTEGER), 256 * 1024),
      /**
       * How many proxies you run in front of the server, each appending to X-Forwarded-For: the client
       * address is the right-most hop they did not write. `true` means one; `false`/unset none.
       */
      TRUST_PROXY: z.pipe(
        z.optional(trimmed().check(z.toLowerCase())),
        z.transform((value: string | undefined, ctx) => {
          if (value === undefined || ['', 'false', 'no', '0'].includes(value)) return 0;
          if (['true', 'yes'].includes(value)) return 1;
          if (/^\d{1,2}$/.test(value)) return Number(value);
          ctx.issues.push({
            code: 'custom',
            input: value,
            message: 'TRUST_PROXY must be the number of proxies in front of the server (0-99), true (one) or false',
          });
          return z.NEVER;
        }),
      ),
      /** `off` only for benchmarks: sign-in, verification and reset are rate limited otherwise. */
      AUTH_RATE_LIMIT: z._default(z.enum(['on', 'off']), 'on'),
      LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
      PWA_DIR: z.optional(z.string()),
      /** Freelancer.com: API base (…/api), OAuth server, app credentials. None set: the sandbox. */
      FREELANCER_API_URL: z.optional(httpUrl('FREELANCER_API_URL', 'https://www.freelancer.com/api')),
      FREELANCER_OAUTH_URL: z.optional(httpUrl('FREELANCER_OAUTH_URL', 'https://accounts.freelancer.com')),
      FREELANCER_CLIENT_ID: z.optional(z.string()),
      FREELANCER_CLIENT_SECRET: z.optional(z.string()),
      /** Upwork: GraphQL endpoint, OAuth authorize and token URLs, app credentials. None set: the sandbox. */
      UPWORK_GRAPHQL_URL: z.optional(httpUrl('UPWORK_GRAPHQL_URL', 'https://api.upwork.com/graphql')),
      UPWORK_AUTHORIZE_URL: z.optional(httpUrl('UPWORK_AUTHORIZE_URL', 'https://www.upwork.com/ab/account-security/oauth2/authorize')),
      UPWORK_TOKEN_URL: z.optional(httpUrl('UPWORK_TOKEN_URL', 'https://www.upwork.com/api/v3/oauth2/token')),
      UPWORK_CLIENT_ID: z.optional(z.string()),
      UPWORK_CLIENT_SECRET: z.optional(z.string()),
      /** Whether the Upwork key holds the proposal-submission permission (decisions.md). */
      UPWORK_PROPOSALS_API: bool,
      /** Requests per minute per token the sandbox marketplaces allow before answering 429. */
      SANDBOX_MARKET_RATE_LIMIT: z._default(whole(1, Number.MAX_SAFE_INTEGER), 50),
      /**
       * What this process runs: `all` (the default, `npm start`) the HTTP API and the runner; `api`
       * only the HTTP API (no scheduled work); `runner` only the scheduled work (agent runs, sends,
       * outcome checks, the mail outbox), answering just /api/health, /api/ready and the sandbox.
       */
      ROLE: z._default(z.enum(['all', 'api', 'runner'], { message: 'ROLE must be all, api or runner' }), 'all'),
      /**
       * With ROLE=all, where `npm start` (the server's start entry) runs the runner: `child` (the
       * default) in a process of its own that it starts, restarts and stops, so agent runs never hold
       * up the API's answers; `same` in the API's own process (tests, the smallest installs).
       */
      RUNNER_PROCESS: z._default(z.enum(['child', 'same'], { message: 'RUNNER_PROCESS must be child or same' }), 'child'),
      /**
       * On SIGTERM/SIGINT, how long the runner's work under way, and then the requests under way, may
       * take to finish before what is left is cut off and its leases given back.
       */
      SHUTDOWN_GRACE_SECONDS: z._default(whole(0, 600), 20),
      /** The runner's tick (a croner pattern; a sixth, leading field counts seconds). */
      RUNNER_SCHEDULE: z._default(
        trimmed().check(
          z.refine((pattern: string) => {
            try {
              new Cron(pattern, { paused: true }).stop();
              return true;
            } catch {
              return false;
            }
          }, 'RUNNER_SCHEDULE must be a cron pattern such as "* * * * *"'),
        ),
        '* * * * *',
      ),
      /**
       * How long an agent's run, and a claim on one proposal, hold before another process may take
       * them over (after a crash). It must outlast the slowest proposal POST by far.
       */
      RUNNER_LEASE_SECONDS: z._default(whole(5, 86_400), 600),
      /**
       * How often each active agent searches during its hours, in minutes (2 to 60; a new job above the
       * agent's minimum is drafted at the search that finds it, sends keep their pacing). 0: each agent
       * searches once per send slot of its day, as before (fewest marketplace calls, hours late).
       */
      RUNNER_SCAN_MINUTES: z._default(
        z.coerce
          .number()
          .check(
            z.refine(
              (m: number) => Number.isInteger(m) && (m === 0 || (m >= 2 && m <= 60)),
              'RUNNER_SCAN_MINUTES must be 0 or between 2 and 60',
            ),
          ),
        4,
      ),
      /**
       * The most calls one user's agents make to Upwork in an hour (its search needs the user's token;
       * the product's key allows 40,000 a day in all). A run that would go beyond it waits for the next
       * hour, and its run history says so. Freelancer.com's search is public and shared between agents.
       */
      UPWORK_CALLS_PER_USER_HOUR: z._default(whole(1, 1000), 60),
      /**
       * When a sent proposal's outcome is first read from the marketplace, in seconds after sending;
       * later checks wait twice as long each time, up to 48 times this (15 min … 12 h by default).
       */
      OUTCOME_FIRST_CHECK_SECONDS: z._default(whole(1, 86_400), 900),
      /** The sandbox's clients answer this many times faster than people (end-to-end tests); 1 otherwise. */
      SANDBOX_CLIENT_SPEEDUP: z._default(whole(1, 1_000_000), 1),
      /** The seed of the sandbox's clients: the same seed and bids always give the same replies. */
      SANDBOX_CLIENT_SEED: z._default(trimmed().check(z.minLength(1), z.maxLength(100)), 'bidpilot-sandbox-clients'),
      /** Paystack secret key (sk_test_… / sk_live_…). None set: the embedded sandbox at /sandbox/paystack. */
      PAYSTACK_SECRET_KEY: z.optional(trimmed()),
      PAYSTACK_BASE_URL: z._default(httpUrl('PAYSTACK_BASE_URL', 'https://api.paystack.co'), 'https://api.paystack.co'),
      /** Any OpenAI-compatible server writes the proposals. No key: the embedded offline writer. */
      OPENAI_API_KEY: z.optional(trimmed()),
      OPENAI_BASE_URL: z.optional(httpUrl('OPENAI_BASE_URL', 'https://api.openai.com/v1 or http://localhost:1234/v1')),
      OPENAI_MODEL: z._default(trimmed().check(z.minLength(1)), 'gpt-4o-mini'),
      /** Web Push VAPID keys (base64url); none set: generated into DATA_DIR/secrets.json on first start. */
      VAPID_PUBLIC_KEY: z.optional(
        trimmed().check(z.regex(/^[A-Za-z0-9_-]{86,88}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')),
      ),
      VAPID_PRIVATE_KEY: z.optional(
        trimmed().check(z.regex(/^[A-Za-z0-9_-]{42,44}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')),
      ),
      /** Who push services contact about our pushes: `mailto:` or `https:`. Defaults to MAIL_FROM's address. */
      VAPID_SUBJECT: z.optional(trimmed().check(z.regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must start with mailto: or https://'))),
      /** Telegram bot (@BotFather) for the Login Widget and notices. None set: the sandbox bot (loopback only). */
      TELEGRAM_BOT_TOKEN: z.optional(
        trimmed().check(z.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-DEF… (from @BotFather)')),
      ),
      TELEGRAM_BOT_USERNAME: z.optional(
        trimmed().check(z.regex(/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/, "TELEGRAM_BOT_USERNAME must be the bot's username")),
      ),
      TELEGRAM_API_URL: z._default(httpUrl('TELEGRAM_API_URL', 'https://api.telegram.org'), 'https://api.telegram.org'),
      /**
       * Sign in with Google (OpenID Connect): the OAuth client of a Google Cloud project, its redirect
       * URI `PUBLIC_URL/auth/google/callback`. None set: the sandbox provider at /sandbox/google where
       * a sandbox may run, and no Google button on a public deployment.
       */
      GOOGLE_CLIENT_ID: z.optional(trimmed()),
      GOOGLE_CLIENT_SECRET: z.optional(trimmed()),
      GOOGLE_ISSUER: z._default(httpUrl('GOOGLE_ISSUER', 'https://accounts.google.com'), 'https://accounts.google.com'),
      /** Who runs this deployment, named on the legal pages and in mails (README "The operator"). */
      OPERATOR_NAME: z.optional(trimmed().check(z.maxLength(200))),
      /** Also where what a person must act on is mailed (a refund Paystack refused, a key the writer refuses). */
      OPERATOR_EMAIL: z.optional(z.email('OPERATOR_EMAIL must be an email address')),
      OPERATOR_ADDRESS: z.optional(trimmed().check(z.maxLength(500))),
      OPERATOR_JURISDICTION: z.optional(trimmed().check(z.maxLength(200))),
      /** The operator's own privacy policy and terms: /privacy and /service send visitors there. */
      PRIVACY_URL: z.optional(z.url({ protocol: /^https?$/, message: 'PRIVACY_URL must be an http(s) address' })),
      TERMS_URL: z.optional(z.url({ protocol: /^https?$/, message: 'TERMS_URL must be an http(s) address' })),
      /** Prometheus metrics on a port of their own (`GET /metrics`, no token), on METRICS_HOST (default: HOST). */
      METRICS_PORT: z.optional(whole(1, 65535)),
      METRICS_HOST: z.optional(trimmed().check(z.minLength(1))),
      /** Prometheus metrics on the server's own port at `/api/metrics`, for `Authorization: Bearer <METRICS_TOKEN>` only. */
      METRICS_TOKEN: z.optional(trimmed().check(z.minLength(16, 'METRICS_TOKEN must be at least 16 characters'))),
      /** Retention, in days (0 keeps for ever): see the README's "Retention". */
      RETENTION_AUTH_DAYS: retentionDays(30),
      RETENTION_SEEN_JOBS_DAYS: retentionDays(90),
      RETENTION_ACTIVITY_DAYS: retentionDays(180),
      RETENTION_TOMBSTONES_DAYS: retentionDays(90),
      RETENTION_UNSENT_ITEMS_DAYS: retentionDays(90),
      RETENTION_SENT_ITEMS_DAYS: retentionDays(730),
      RETENTION_MAIL_DAYS: retentionDays(14),
    })
    .check(
      z.superRefine((env, ctx) => {
        if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
          ctx.addIssue({
            code: 'custom',
            path: ['VAPID_PRIVATE_KEY'],
            message: 'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
          });
        }
        if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
          ctx.addIssue({
            code: 'custom',
            path: ['GOOGLE_CLIENT_SECRET'],
            message: 'Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
          });
        }
        if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_BOT_USERNAME) {
          ctx.addIssue({
            code: 'custom',
            path: ['TELEGRAM_BOT_USERNAME'],
            message: 'Set TELEGRAM_BOT_USERNAME with TELEGRAM_BOT_TOKEN (the Login Widget needs it)',
          });
        }
      }),
    ),
  z.transform((env) => {
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    const smtpUrl = env.SMTP_URL?.trim() || undefined;
    const freelancerReal = Boolean(env.FREELANCER_API_URL && env.FREELANCER_CLIENT_ID && env.FREELANCER_CLIENT_SECRET);
    const upworkReal = Boolean(env.UPWORK_GRAPHQL_URL && env.UPWORK_CLIENT_ID && env.UPWORK_CLIENT_SECRET);
    // Without a bot token: the sandbox bot, but only where a sandbox may run (a public deployment
    // without Telegram simply has it off, and the settings card says how to set a bot up).
    const telegramSandbox = !env.TELEGRAM_BOT_TOKEN && (env.SANDBOX_PUBLIC || isLoopbackHost(new URL(publicUrl).hostname));
    const sandboxAllowed = env.SANDBOX_PUBLIC || isLoopbackHost(new URL(publicUrl).hostname);
    const sandboxServices = [
      ...(smtpUrl ? [] : ['mail']),
      ...(freelancerReal ? [] : ['freelancer']),
      ...(upworkReal ? [] : ['upwork']),
      ...(env.PAYSTACK_SECRET_KEY ? [] : ['payments']),
      ...(env.OPENAI_API_KEY ? [] : ['ai']),
      ...(telegramSandbox ? ['telegram'] : []),
    ];
    const mailFromAddress = env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM.trim();
    return {
      host: env.HOST ?? (sandboxServices.length > 0 ? '127.0.0.1' : '0.0.0.0'),
      port: env.PORT,
      dataDir: path.resolve(env.DATA_DIR),
      /** Where the product's data lives: a PostgreSQL URL, or unset for SQLite in `dataDir`. */
      databaseUrl: env.DATABASE_URL,
      publicUrl: publicUrl.replace(/\/+$/, ''),
      corsOrigins: env.CORS_ORIGINS,
      /** Every Host the server answers for (with loopback names): PUBLIC_URL's and ALLOWED_HOSTS. */
      allowedHosts: [new URL(publicUrl).host, ...env.ALLOWED_HOSTS],
      smtpUrl,
      mailFrom: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      sandboxPublic: env.SANDBOX_PUBLIC,
      sessionPepper: env.SESSION_PEPPER,
      encryptionKey: env.ENCRYPTION_KEY,
      previousEncryptionKeys: env.ENCRYPTION_KEY_PREVIOUS,
      emailDomains: env.EMAIL_DOMAINS.length > 0 ? env.EMAIL_DOMAINS : [...DEFAULT_EMAIL_DOMAINS],
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      /** Proxies in front of the server (X-Forwarded-For hops to skip from the right); 0: the socket's address. */
      proxyCount: env.TRUST_PROXY,
      authRateLimit: env.AUTH_RATE_LIMIT === 'on',
      logLevel: env.LOG_LEVEL,
      pwaDir: env.PWA_DIR ? path.resolve(env.PWA_DIR) : path.join(INSTALL_DIR, 'dist/pwa'),
      /** Marketplace endpoints; `undefined` URLs mean the embedded sandbox on this server. */
      freelancer: freelancerReal
        ? {
            apiUrl: env.FREELANCER_API_URL,
            oauthUrl: env.FREELANCER_OAUTH_URL ?? 'https://accounts.freelancer.com',
            clientId: env.FREELANCER_CLIENT_ID,
            clientSecret: env.FREELANCER_CLIENT_SECRET,
          }
        : undefined,
      upwork: upworkReal
        ? {
            graphqlUrl: env.UPWORK_GRAPHQL_URL,
            authorizeUrl: env.UPWORK_AUTHORIZE_URL ?? 'https://www.upwork.com/ab/account-security/oauth2/authorize',
            tokenUrl: env.UPWORK_TOKEN_URL ?? 'https://www.upwork.com/api/v3/oauth2/token',
            clientId: env.UPWORK_CLIENT_ID,
            clientSecret: env.UPWORK_CLIENT_SECRET,
          }
        : undefined,
      upworkProposalsApi: env.UPWORK_PROPOSALS_API,
      sandboxMarketRateLimit: env.SANDBOX_MARKET_RATE_LIMIT,
      role: env.ROLE,
      runnerProcess: env.RUNNER_PROCESS,
      shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
      runner: {
        schedule: env.RUNNER_SCHEDULE,
        leaseMs: env.RUNNER_LEASE_SECONDS * 1000,
        scanEveryMs: env.RUNNER_SCAN_MINUTES * 60_000,
        upworkCallsPerUserHour: env.UPWORK_CALLS_PER_USER_HOUR,
      },
      outcomes: { firstCheckMs: env.OUTCOME_FIRST_CHECK_SECONDS * 1000 },
      /** How the sandbox marketplaces' simulated clients answer proposals. */
      sandboxClients: { seed: env.SANDBOX_CLIENT_SEED, speedup: env.SANDBOX_CLIENT_SPEEDUP },
      /** Paystack; no secret key means the embedded sandbox (its key is derived from the server's secrets). */
      paystack: env.PAYSTACK_SECRET_KEY
        ? { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL.replace(/\/+$/, '') }
        : undefined,
      /** The proposal writer: with no `apiKey`, the sandbox's offline writer on this server. */
      ai: {
        apiKey: env.OPENAI_API_KEY || undefined,
        baseUrl: env.OPENAI_BASE_URL?.replace(/\/+$/, ''),
        model: env.OPENAI_MODEL,
      },
      /** Web Push: configured keys (else generated into secrets.json) and the VAPID subject. */
      vapid: {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT ?? `mailto:${mailFromAddress.includes('@') ? mailFromAddress : 'no-reply@bidpilot.local'}`,
      },
      /**
       * The Telegram bot: `apiUrl` undefined means the sandbox bot on this server (`…/sandbox/telegram`),
       * whose `token` is undefined here (it is generated into secrets.json: see `telegramBotOf`);
       * `undefined` altogether means Telegram is off (no token on a public deployment).
       */
      telegram: env.TELEGRAM_BOT_TOKEN
        ? {
            token: env.TELEGRAM_BOT_TOKEN as string | undefined,
            botUsername: (env.TELEGRAM_BOT_USERNAME ?? '').replace(/^@/, ''),
            apiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, '') as string | undefined,
            sandbox: false,
          }
        : telegramSandbox
          ? { token: undefined, botUsername: SANDBOX_TELEGRAM_BOT, apiUrl: undefined, sandbox: true }
          : undefined,
      /**
       * Sign in with Google: the real provider when configured; the sandbox provider on this server
       * (`issuer` undefined: `…/sandbox/google`) where a sandbox may run; `undefined`: off.
       */
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              issuer: env.GOOGLE_ISSUER.replace(/\/+$/, '') as string | undefined,
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              sandbox: false,
            }
          : sandboxAllowed
            ? { issuer: undefined, clientId: 'bidpilot-sandbox', clientSecret: undefined, sandbox: true }
            : undefined,
      /** Who runs this deployment (the legal pages and mails name them); unset parts are left out. */
      operator: {
        name: env.OPERATOR_NAME || undefined,
        email: env.OPERATOR_EMAIL ?? env.SUPPORT_EMAIL,
        address: env.OPERATOR_ADDRESS || undefined,
        jurisdiction: env.OPERATOR_JURISDICTION || undefined,
        privacyUrl: env.PRIVACY_URL,
        termsUrl: env.TERMS_URL,
      },
      /** The outside services served by the embedded sandbox because they are not configured. */
      sandboxServices,
      sandbox: sandboxServices.length > 0,
      /** Prometheus metrics: on a port of their own, and/or at /api/metrics behind a token; off with neither. */
      metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN },
      operatorEmail: env.OPERATOR_EMAIL,
      /** Days each kind of record is kept (0: for ever), swept by the runner's chore (store/expiry.ts). */
      retention: {
        authDays: env.RETENTION_AUTH_DAYS,
        seenJobsDays: env.RETENTION_SEEN_JOBS_DAYS,
        activityDays: env.RETENTION_ACTIVITY_DAYS,
        tombstonesDays: env.RETENTION_TOMBSTONES_DAYS,
        unsentItemsDays: env.RETENTION_UNSENT_ITEMS_DAYS,
        sentItemsDays: env.RETENTION_SENT_ITEMS_DAYS,
        mailDays: env.RETENTION_MAIL_DAYS,
      },
    };
  }),
);

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.startsWith('127.') || hostname.endsWith('.localhost');
}

/** Parses the environment; refuses a sandbox behind a public URL unless SANDBOX_PUBLIC says so. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.sandbox && !config.sandboxPublic && !isLoopbackHost(new URL(config.publicUrl).hostname)) {
    throw new ConfigError(
      `PUBLIC_URL ${config.publicUrl} is not a loopback address, but these services are the embedded ` +
        `sandbox: ${config.sandboxServices.join(', ')} (the sandbox mailbox would hold every sign-in code). ` +
        'Configure the real services, or set SANDBOX_PUBLIC=true if this is a shared test deployment.',
    );
  }
  return config;
}
