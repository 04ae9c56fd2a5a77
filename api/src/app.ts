import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode } from '@shared/errors';
import type { Clock } from './kernel/clock';
import type { Config } from './kernel/config';
import type { Store } from './store/store';
import { AppError } from './kernel/errors';
import { optionalAuth, requireAuth } from './modules/accounts/auth-middleware';
import { baseline } from './kernel/http/baseline';
import { shellScriptSources } from './kernel/http/inline-scripts';
import { compressJson } from './kernel/http/compress-json';
import { hostGuard } from './kernel/http/host-guard';
import { jsonDepthLimit } from './kernel/http/json-depth';
import { servedOverHttps } from './kernel/http/https';
import { sessionCookies } from './kernel/http/session-cookie';
import { requestHeader, type AppEnv } from './kernel/http/context';
import { mountPwa } from './kernel/http/static';
import { declarePlatformErrors } from './kernel/http/router';
import type { Translate } from './kernel/i18n';
import type { Logger } from './kernel/logger';
import type { Mailer } from './modules/mail/mailer';
import { MailQueue } from './modules/mail/mail-queue';
import { createOfflineGeo, type GeoLookup } from './modules/billing/offline-geo';
import { authRoutes } from './modules/accounts/auth-routes';
import { publicRoutes } from './modules/billing/public-routes';
import { agentRoutes } from './modules/agents/routes';
import { syncRoutes } from './modules/sync/routes';
import { AgentService } from './modules/agents/agents';
import { createMarketplaces } from './modules/marketplaces/registry';
import type { Marketplaces } from './modules/marketplaces/types';
import { integrationRoutes } from './modules/marketplaces/routes';
import { sandboxMarketplaceRoutes } from './modules/marketplaces/sandbox';
import { CryptoBox } from './kernel/crypto-box';
import { IntegrationService } from './modules/marketplaces/connections';
import { SearchService } from './modules/marketplaces/search';
import { createBilling } from './modules/billing/billing';
import type { PaystackClient } from './modules/billing/paystack/client';
import { createProposalWriter, type ProposalWriter } from './modules/writer';
import { createPushSender, type PushSender } from './modules/notices/push';
import { pushRoutes } from './modules/notices/push/routes';
import { quotaRoutes } from './modules/proposals/quota-routes';
import { runnerRoutes } from './modules/runner/routes';
import { supportRoutes } from './modules/support/routes';
import { dispatchMail } from './modules/mail/outbox';
import { NoticeDelivery, noticeClaimMs, outboxNotifier } from './modules/notices/outbox';
import { sweepExpired } from './store/expiry';
import { SupportService } from './modules/support/support';
import { Runner } from './modules/runner/runner';
import { sandboxOpenAiRoutes } from './modules/writer/sandbox/routes';
import { coverLetterQuotaService } from './modules/proposals/cover-letter-quota';
import { JobItemService } from './modules/proposals/job-items';
import { MatchLearning } from './modules/proposals/match-learning';
import { matchingRoutes } from './modules/proposals/matching-routes';
import { PushService, pushNotifier } from './modules/notices/push/push-service';
import { createConfiguredTelegramBot, telegramBotOf } from './modules/notices/telegram';
import { telegramRoutes } from './modules/notices/telegram/routes';
import { isResumeUpload, resumeRoutes } from './modules/resume/routes';
import { dashboardRoutes } from './modules/activity/dashboard-routes';
import { experimentRoutes } from './modules/agents/experiment-routes';
import { sandboxTelegramRoutes } from './modules/notices/telegram/sandbox';
import { TelegramService } from './modules/notices/telegram/telegram-service';
import { combineNotifiers, telegramNotifier } from './modules/notices/telegram/notifier';
import { IdempotencyStore } from './store/idempotency';
import { healthRoutes } from './modules/health/routes';
import { userRoutes } from './modules/accounts/user-routes';
import { sandboxGuard } from './kernel/http/sandbox-guard';
import { sandboxMailRoutes } from './modules/mail/sandbox/routes';
import { AccountService } from './modules/accounts/accounts';
import { RateLimiter } from './store/rate-limiter';
import { CODE_THROTTLE, LoginThrottle, PASSWORD_THROTTLE } from './modules/accounts/login-throttle';
import type { Secrets } from './kernel/secrets';
import { Lifecycle } from './kernel/lifecycle';
import { localWakeups, type Wakeups } from './store/wakeups';

export interface AppDeps {
  config: Config;
  /** The product's database (store/store.ts); every module awaits it through `store`. */
  store: Store;
  clock: Clock;
  mailer: Mailer;
  secrets: Secrets;
  log: Logger;
  t: Translate;
  version: string;
  /** The offline country database (tests may pass a fixed table). */
  geo?: GeoLookup;
  /** Where this server reaches its own sandbox (loopback; the port may be known only after listening). */
  sandboxBase?: () => string;
  /** The marketplaces (tests may inject); by default the real services configured, else the sandbox. */
  marketplaces?: Marketplaces;
  /** A Paystack client to use instead of the configured one (tests). */
  paystack?: PaystackClient;
  /** The proposal writer (tests may inject); by default the configured model, else the sandbox. */
  writer?: ProposalWriter;
  /** How push notices leave (tests: a sender trusting a local HTTPS fake). */
  pushSender?: PushSender;
  /** Wake-ups between processes (server.ts: through the database); by default within this app only. */
  wakeups?: Wakeups;
  /** Where this process is in its life, for readiness (server.ts begins its shutdown). */
  lifecycle?: Lifecycle;
}


/** Builds the whole HTTP app from its dependencies; `server.ts` passes the real ones, tests fresh ones. */
export function createApp(deps: AppDeps) {
  const { config, store, clock, log } = deps;
  const app = new OpenAPIHono<AppEnv>();
  const allowedOrigin = (origin: string, selfOrigin: string) =>
    origin === selfOrigin || origin === config.publicUrl || config.corsOrigins.includes(origin);

  // The built pages' inline boot script, allowed by its hash (none for a runner, which serves no page).
  app.use('*', baseline(log, config, config.role === 'runner' ? [] : shellScriptSources(config.pwaDir)));
  app.use('*', hostGuard(config.allowedHosts));
  const corsMiddleware = cors({
    origin: (origin, c) => (origin && allowedOrigin(origin, new URL(c.req.url).origin) ? origin : null),
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    credentials: true,
    maxAge: 600,
  });
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw new AppError(ErrorCode.payloadTooLarge, `The request body is larger than ${Math.round(config.bodyLimitBytes / 1024)} KB`);
    },
  });
  // Only requests that need them pay for these two (each costs a third of the throughput otherwise).
  app.use('/api/*', (c, next) => (requestHeader(c, 'origin') ? corsMiddleware(c, next) : next()));
  app.use('/api/*', compressJson());
  // The résumé upload has its own, larger limit (modules/resume/routes.ts).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isResumeUpload(c.req.method, c.req.path) ? next() : limitBody(c, next),
  );
  const limitDepth = jsonDepthLimit();
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitDepth(c, next)));

  const limiter = new RateLimiter(store, clock, 'auth', config.authRateLimit);
  const cooldowns = new RateLimiter(store, clock, 'cooldown', true);
  const sessions = { store, clock, pepper: deps.secrets.sessionPepper };
  const auth = requireAuth(sessions, allowedOrigin);
  const idempotency = new IdempotencyStore(store, clock);
  const telegramConfig = telegramBotOf(config.telegram, deps.secrets);
  const telegram = new TelegramService({ store, clock, sessions, bot: telegramConfig });
  const wakeups = deps.wakeups ?? localWakeups();
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  const agentService = new AgentService({ store, clock, wake: () => wakeups.signal('agents') });
  const marketplaces = deps.marketplaces ?? createMarketplaces(config, deps.sandboxBase ?? (() => config.publicUrl), { clock });
  const integrations = new IntegrationService({
    store,
    clock,
    box: new CryptoBox(deps.secrets.encryptionKey),
    marketplaces,
    agents: agentService,
    pepper: deps.secrets.sessionPepper,
    publicUrl: config.publicUrl,
    log,
  });
  const learning = new MatchLearning({ store, clock });
  const search = new SearchService({ store, clock, marketplaces, learning, session: (userId, platform) => integrations.session(userId, platform) });
  const geo = deps.geo ?? createOfflineGeo();
  const writer =
    deps.writer ??
    createProposalWriter(config.ai, {
      sandboxBase: deps.sandboxBase ?? (() => config.publicUrl),
      sandboxFetch: async (input, init) => app.request(input instanceof Request ? input : String(input), init),
      log,
      // The runner retries transient failures itself.
      maxRetries: 0,
    });
  const push = new PushService({
    store,
    clock,
    t: deps.t,
    log,
    sender: deps.pushSender ?? createPushSender(config.vapid, deps.secrets),
    vapidPublicKey: deps.secrets.vapidPublicKey,
    allowLocalEndpoints: config.env !== 'production',
  });
  const telegramBot = createConfiguredTelegramBot(telegramConfig, {
    sandboxBase: deps.sandboxBase ?? (() => config.publicUrl),
    // The sandbox bot is reached in-process.
    sandboxFetch: async (input, init) => app.request(input, init),
  });
  const jobItemService = new JobItemService({ store, clock });
  const mail = { store, clock, mailer: deps.mailer, log };
  const sendMail = () => void dispatchMail(mail).catch((error: unknown) => log.error('mail dispatch failed', { error }));
  const support = new SupportService({ store, clock, t: deps.t, supportEmail: config.supportEmail, afterCommit: sendMail });
  // Notices are recorded with what they tell and delivered after it commits, by one process.
  const notices = new NoticeDelivery({
    store,
    clock,
    log,
    channels: combineNotifiers(pushNotifier(push), telegramNotifier({ store, log, bot: telegramBot, push, publicUrl: config.publicUrl })),
    claimMs: noticeClaimMs(config.runner.leaseMs),
  });
  const runner = new Runner({
    store,
    clock,
    log,
    marketplaces,
    session: (userId, platform) => integrations.session(userId, platform),
    writer,
    notifier: outboxNotifier({ store, clock, delivery: notices }),
    quota: coverLetterQuotaService(store),
    claims: { writeMs: config.runner.leaseMs, sendMs: config.runner.leaseMs },
    matchModel: (userId) => learning.model(userId),
  }, {
    leaseMs: config.runner.leaseMs,
    outcomes: config.outcomes,
    // Paystack work a crashed process left claimed is carried on (billing is built below; the tick comes later).
    chores: [() => dispatchMail(mail), () => notices.deliverDue(), () => sweepExpired(store, clock.now()), () => billing.billing.resumeClaims()],
    // An API-only process places no bid itself: Run now's proposals go out from a runner process.
    handOffSends: config.role === 'api' ? () => wakeups.signal('sends') : undefined,
  });
  const billing = createBilling({
    config,
    store,
    clock,
    log,
    secrets: deps.secrets,
    geo,
    requireAuth: auth,
    paystack: deps.paystack,
    // Sandbox mode: the adapter and the sandbox's webhooks reach this app in-process, whatever PUBLIC_URL is.
    selfFetch: async (input, init) => app.request(input, init),
  });
  const mailQueue = new MailQueue(log);
  const accounts = new AccountService({
    store,
    clock,
    mailer: deps.mailer,
    t: deps.t,
    log,
    pepper: deps.secrets.sessionPepper,
    publicUrl: config.publicUrl,
    limiter,
    cooldowns,
    throttles: {
      password: new LoginThrottle(store, clock, 'password', PASSWORD_THROTTLE, config.authRateLimit),
      code: new LoginThrottle(store, clock, 'code', CODE_THROTTLE, config.authRateLimit),
    },
    mailQueue,
  });

  // An approved proposal goes out at once: sent from here when this process runs the runner, else
  // by a runner process that the wake-up reaches.
  const sendSoon = config.role === 'api' ? () => wakeups.signal('sends') : (jobItemId: string) => runner.sendSoon(jobItemId);

  const cookies = sessionCookies((c) => servedOverHttps(c, config));
  const api = new OpenAPIHono<AppEnv>().route('/', healthRoutes({ sandbox: config.sandbox, version: deps.version, role: config.role, store, lifecycle }));
  // A runner process answers only its health and readiness (and the sandbox): no user reaches it.
  if (config.role !== 'runner') {
    api
      .route('/', authRoutes({ accounts, sessions, requireAuth: auth, emailDomains: config.emailDomains, cookies }))
      .route('/', userRoutes({ store, clock, idempotency, requireAuth: auth }))
      .route('/', resumeRoutes({ store, clock, requireAuth: auth }))
      .route('/', dashboardRoutes({ store, requireAuth: auth }))
      .route('/', publicRoutes({ geo }))
      .route('/', agentRoutes({ agents: agentService, idempotency, requireAuth: auth }))
      .route('/', experimentRoutes({ store, agents: agentService, requireAuth: auth }))
      .route('/', integrationRoutes({ integrations, search, requireAuth: auth }))
      .route('/', syncRoutes({ store, clock, requireAuth: auth }))
      .route('/', billing.routes)
      .route('/', runnerRoutes({ runner, sendSoon, agents: agentService, jobItems: jobItemService, idempotency, requireAuth: auth }))
      .route('/', quotaRoutes({ store, clock, requireAuth: auth }))
      .route('/', supportRoutes({ support, idempotency, requireAuth: auth }))
      .route('/', matchingRoutes({ learning, requireAuth: auth }))
      .route('/', pushRoutes({ push, idempotency, requireAuth: auth }))
      .route('/', telegramRoutes({ telegram, requireAuth: auth, optionalAuth: optionalAuth(sessions, allowedOrigin), cookies }));
  }
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  declarePlatformErrors(api.openAPIRegistry);
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Bidpilot API', version: deps.version },
    servers: [{ url: '/api' }],
  });
  api.all('*', (c) => {
    throw new AppError(ErrorCode.notFound, `No API route ${c.req.method} ${c.req.path}`);
  });
  app.route('/api', api);

  const sandbox = new OpenAPIHono<AppEnv>();
  sandbox.use('*', sandboxGuard(config.sandboxPublic));
  if (deps.mailer.kind === 'sandbox') sandbox.route('/', sandboxMailRoutes(store));
  if (billing.sandboxRoutes) sandbox.route('/', billing.sandboxRoutes);
  if (!config.ai.apiKey) sandbox.route('/', sandboxOpenAiRoutes({ clock }));
  if (telegramConfig?.sandbox) sandbox.route('/', sandboxTelegramRoutes({ store, clock, token: telegramConfig.token }));
  if (!config.freelancer || !config.upwork) {
    sandbox.route('/', sandboxMarketplaceRoutes({ store, clock, rateLimitPerMinute: config.sandboxMarketRateLimit, clients: config.sandboxClients }));
  }
  sandbox.all('*', (c) => {
    throw new AppError(ErrorCode.notFound, `No sandbox route ${c.req.path}`);
  });
  app.route('/sandbox', sandbox);

  if (config.role !== 'runner') mountPwa(app, config.pwaDir);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      if (error.status >= 500) log.error('request failed', { reqId: c.get('requestId'), error });
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException) {
      // A body of a type the route does not take (415 from the validator) is a malformed request.
      if (error.status === 415) {
        return c.json({ message: 'The request body must be JSON (Content-Type: application/json)', code: ErrorCode.malformedBody }, 400);
      }
      const status = error.status;
      const code = status === 413 ? ErrorCode.payloadTooLarge : status === 400 ? ErrorCode.malformedBody : ErrorCode.internal;
      const message = status === 400 ? 'The request body is not valid JSON' : error.message || 'Request failed';
      return c.json({ message, code }, status);
    }
    log.error('unhandled error', { reqId: c.get('requestId'), error });
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: ErrorCode.internal }, 500);
  });
  app.notFound((c) => c.json({ message: `Not found: ${c.req.path}`, code: ErrorCode.notFound }, 404));
  // The runner travels with the app: server.ts starts its schedule (with the wake-ups), tests drive
  // its ticks; shutdown waits for queued mail.
  return Object.assign(app, { runner, mailQueue, notices, wakeups, lifecycle });
}

export type App = ReturnType<typeof createApp>;
