import { OpenAPIHono } from '@hono/zod-openapi';
import type { Clock } from './kernel/clock';
import type { Config } from './kernel/config';
import type { AppEnv } from './kernel/http/context';
import { notFoundUnder, useErrorHandler } from './kernel/http/error-handler';
import { CachedRouter } from './kernel/http/cached-router';
import { useKernelMiddleware } from './kernel/http/middleware';
import { declarePlatformErrors, nameOperations } from './kernel/http/router';
import { sandboxGuard } from './kernel/http/sandbox-guard';
import { pwaSite } from './kernel/http/site-html';
import { mountPwa } from './kernel/http/static';
import type { Translate } from './kernel/i18n';
import { Lifecycle } from './kernel/lifecycle';
import type { AlertHandler, Logger } from './kernel/logger';
import { createMetrics, type Metrics } from './kernel/metrics';
import type { Secrets } from './kernel/secrets';
import { accountsModule } from './modules/accounts/module';
import { activityModule } from './modules/activity/module';
import { agentsModule } from './modules/agents/module';
import type { BillingOptions } from './modules/billing/module';
import { billingModule } from './modules/billing/module';
import type { ModuleContext, ModuleParts } from './modules/context';
import { healthModule } from './modules/health/module';
import type { Mailer } from './modules/mail/mailer';
import { mailModule } from './modules/mail/module';
import { marketplacesModule, type MarketplacesOptions } from './modules/marketplaces/module';
import { noticesModule } from './modules/notices/module';
import type { PushSender } from './modules/notices/push';
import { proposalsModule } from './modules/proposals/module';
import { isResumeUpload, resumeModule } from './modules/resume/module';
import { rightsModule } from './modules/rights/module';
import { runnerModule } from './modules/runner/module';
import { supportModule } from './modules/support/module';
import { syncModule } from './modules/sync/module';
import type { ProposalWriter } from './modules/writer';
import { writerModule } from './modules/writer/module';
import { sweepExpired } from './store/expiry';
import { IdempotencyStore } from './store/idempotency';
import type { Store } from './store/store';
import { localWakeups, type Wakeups } from './store/wakeups';

export interface AppDeps {
  config: Config;
  /** The product's database (store/store.ts); every module awaits it through `store`. */
  store: Store;
  /** The sandbox twins' database (store/sandbox-store.ts), when a twin keeping records is served. */
  sandboxStore?: Store;
  clock: Clock;
  mailer: Mailer;
  secrets: Secrets;
  log: Logger;
  t: Translate;
  version: string;
  /** Where this server reaches its own sandbox (loopback; the port may be known only after listening). */
  sandboxBase?: () => string;
  /** Wake-ups between processes (main.ts: through the database); by default within this app only. */
  wakeups?: Wakeups;
  /** Where this process is in its life, for readiness (main.ts begins its shutdown). */
  lifecycle?: Lifecycle;
  /** The process's metrics (main.ts: with Node's own); by default a registry of this app's. */
  metrics?: Metrics;
  /** Tests may inject these; by default each is the configured service, else its sandbox twin. */
  geo?: BillingOptions['geo'];
  marketplaces?: MarketplacesOptions['marketplaces'];
  paystack?: BillingOptions['paystack'];
  writer?: ProposalWriter;
  pushSender?: PushSender;
}

/** Builds the whole HTTP app from its dependencies: the kernel's middleware, then each domain module in order. */
export function createApp(deps: AppDeps) {
  const { config, store, clock } = deps;
  // Hono's router, with the answers for paths without parameters remembered (kernel/http/cached-router.ts).
  const app = new OpenAPIHono<AppEnv>({ router: new CachedRouter() });
  const metrics = deps.metrics ?? createMetrics();
  // `log.alert` anywhere reaches the operator's alerts, kept by the mail module (made first, below).
  const alerting: { raise?: AlertHandler } = {};
  const log = deps.log.withAlerts((message, fields) => alerting.raise?.(message, fields));
  const ctx: ModuleContext = {
    ...deps,
    log,
    metrics,
    lifecycle: deps.lifecycle ?? new Lifecycle(),
    wakeups: deps.wakeups ?? localWakeups(),
    idempotency: new IdempotencyStore(store, clock),
    sandboxBase: deps.sandboxBase ?? (() => config.publicUrl),
    loopback: async (input, init) => app.request(input instanceof URL ? input.href : input, init),
    allowedOrigin: (origin, selfOrigin) => origin === selfOrigin || origin === config.publicUrl || config.corsOrigins.includes(origin),
  };
  useKernelMiddleware(app, {
    config,
    log,
    allowedOrigin: ctx.allowedOrigin,
    ownBodyLimit: isResumeUpload,
    observe: (method, route, status, seconds) => metrics.requests.observe({ method, route, status }, seconds),
  });

  // Lowest first: a module is given only what the modules before it made (.dependency-cruiser.cjs).
  const mail = mailModule(ctx, deps.mailer);
  alerting.raise = mail.alerts.raise;
  const accounts = accountsModule(ctx, { mail });
  const { auth } = accounts;
  const billing = billingModule(ctx, { auth, geo: deps.geo, paystack: deps.paystack, mail });
  const proposals = proposalsModule(ctx, { auth });
  const agents = agentsModule(ctx, { auth });
  const writer = writerModule(ctx, { writer: deps.writer });
  const marketplaces = marketplacesModule(ctx, {
    auth,
    optionalAuth: accounts.optionalAuth,
    agents: agents.agents,
    learning: proposals.learning,
    marketplaces: deps.marketplaces,
  });
  const notices = noticesModule(ctx, { accounts, pushSender: deps.pushSender });
  const rights = rightsModule(ctx, { accounts, billing, mail });
  const chores = [
    ...mail.chores,
    ...notices.chores,
    () => sweepExpired(store, clock.now(), config.retention),
    ...billing.chores,
    ...rights.chores,
  ];
  const runner = runnerModule(ctx, { auth, agents, proposals, marketplaces, notices, writer: writer.writer, chores });
  // In the order their routes are mounted.
  const modules: ModuleParts[] = [
    healthModule(ctx),
    accounts,
    resumeModule(ctx, { auth }),
    activityModule(ctx, { auth }),
    billing,
    agents,
    marketplaces,
    syncModule(ctx, { auth }),
    runner,
    proposals,
    supportModule(ctx, { auth, mail }),
    rights,
    notices,
    writer,
    mail,
  ];

  const api = new OpenAPIHono<AppEnv>();
  for (const module of modules) for (const routes of module.everywhere ?? []) api.route('/', routes);
  // A runner process answers only its health and readiness (and the sandbox): no user reaches it.
  if (config.role !== 'runner') for (const module of modules) for (const routes of module.routes ?? []) api.route('/', routes);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });
  declarePlatformErrors(api.openAPIRegistry);
  nameOperations(api.openAPIRegistry);
  api.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Bidpilot API', version: deps.version }, servers: [{ url: '/api' }] });
  notFoundUnder(api, 'API');
  app.route('/api', api);

  const sandbox = new OpenAPIHono<AppEnv>();
  sandbox.use('*', sandboxGuard(config.sandboxPublic));
  for (const module of modules) for (const routes of module.sandbox ?? []) sandbox.route('/', routes);
  notFoundUnder(sandbox, 'sandbox');
  app.route('/sandbox', sandbox);

  if (config.role !== 'runner') mountPwa(app, config.pwaDir, pwaSite(config, deps.t));
  useErrorHandler(app, log);
  // The runner travels with the app: main.ts starts its schedule (with the wake-ups), tests drive
  // its ticks; shutdown waits for queued mail and notices.
  return Object.assign(app, {
    runner: runner.runner,
    mailQueue: mail.queue,
    alerts: mail.alerts,
    notices: notices.delivery,
    rights: { exports: rights.exports, deletions: rights.deletions },
    wakeups: ctx.wakeups,
    lifecycle: ctx.lifecycle,
    metrics,
  });
}

export type App = ReturnType<typeof createApp>;
