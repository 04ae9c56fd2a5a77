import { createServer, type RequestListener, type Server } from 'node:http';
import type { App } from './app';
import { systemClock, type Clock } from './kernel/clock';
import { loadConfig, type Config } from './kernel/config';
import { productDatabaseFile } from './store/open-store';
import { needsSandboxStore, sandboxDatabaseFile } from './store/sandbox-store';
import { PRODUCT_MIGRATIONS, SANDBOX_MIGRATIONS } from './store/migrations';
import { sqliteFilesReady } from './store/sqlite/boot';
import { isPostgresStore, type Store } from './store/store';
import type { Wakeups } from './store/wakeups';
import { loadTranslations } from './kernel/i18n';
import { bufferedSink, createLogger, type Logger } from './kernel/logger';
import { ensureSecrets, type Secrets } from './kernel/secrets';
import { secretValues } from './kernel/secret-values';
import { Lifecycle } from './kernel/lifecycle';
import { gracefulShutdown, sharedGrace } from './kernel/shutdown';
import { readVersion } from './kernel/version';
import type { Metrics } from './kernel/metrics';
import { withEarlyLiveness } from './kernel/http/early-liveness';
import { QUIET_PATH } from './kernel/http/common-headers';
import { healthBody } from './modules/health/body';

/** How long after its port opened an API process starts building its app, unless a request needs it sooner. */
export const APP_PREWARM_MS = 250;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RunningServer {
  url: string;
  server: Server;
  /**
   * The process's metrics (what METRICS_PORT and /api/metrics serve): made with the app in an API
   * process that checked its SQLite files before listening, else before the port opened.
   */
  metrics(): Promise<Metrics>;
  log: Logger;
  /** Resolves once the app is built (or could not be: the log says why); a runner process's already has. */
  appBuilt: Promise<void>;
  stop(): Promise<void>;
}

/** Wires the real dependencies and listens; resolves once the port is open. */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const sink = bufferedSink();
  process.once('exit', () => sink.flush());
  const secrets = ensureSecrets(config.dataDir, {
    sessionPepper: config.sessionPepper,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    vapidPublicKey: config.vapid.publicKey,
    vapidPrivateKey: config.vapid.privateKey,
  });
  // Every line says which process wrote it, and never carries a secret this process knows.
  const log = createLogger(config.logLevel, { role: config.role, pid: process.pid }, sink, { secrets: secretValues(config, secrets) });
  const clock = systemClock;
  // The liveness checks' times (see healthAnswer below), kept until the metrics are made.
  const earlyHealth: number[] = [];
  let observeHealth: (seconds: number) => void = (seconds) => {
    earlyHealth.push(seconds);
  };
  const countEarlyHealth = (metrics: Metrics) => {
    observeHealth = metrics.requests.observer({ method: 'GET', route: QUIET_PATH, status: 200 });
    for (const seconds of earlyHealth.splice(0)) observeHealth(seconds);
  };
  /**
   * What the app runs on (`Opened`): the stores (the product's, and the sandbox twins' own when this
   * process serves one that keeps records), the wake-ups between processes, and the metrics. An API
   * process on SQLite with no key rotation under way checks its files before the port opens with
   * better-sqlite3 alone (store/sqlite/boot.ts: migrated, and the sealed values open with this
   * process's keys, else it refuses to start), and opens these with its app, after the port: loading
   * the query builder, its schema and the metrics' client was most of the start. Otherwise
   * (PostgreSQL, a file to migrate, credentials to re-seal, a process that runs the runner and builds
   * its app before it says it has started) they open here, before the port.
   */
  let opening: Promise<Opened> | undefined;
  const openAll = () =>
    (opening ??= openWhatTheAppRunsOn(config, secrets, log, clock).then((opened) => {
      countEarlyHealth(opened.metrics);
      return opened;
    }));
  const checked =
    config.role === 'api' &&
    !config.databaseUrl &&
    secrets.previousEncryptionKeys.length === 0 &&
    sqliteFilesReady([
      { file: productDatabaseFile(config.dataDir), migrations: PRODUCT_MIGRATIONS, sealedFor: secrets },
      ...(needsSandboxStore(config) ? [{ file: sandboxDatabaseFile(config.dataDir), migrations: SANDBOX_MIGRATIONS }] : []),
    ]);
  if (!checked) await openAll();
  // Mail through SMTP when configured (its client is loaded then only), else the sandbox's mailbox.
  const smtp = config.smtpUrl
    ? await import('./modules/mail/smtp-mailer').then(({ createSmtpMailer }) => createSmtpMailer(config.smtpUrl!, config.mailFrom))
    : undefined;
  const sandboxMailer = async (sandboxStore: Store | undefined) => {
    const [{ sandboxStoreOf }, { createSandboxMailbox }] = await Promise.all([
      import('./modules/context'),
      import('./modules/mail/sandbox/mailbox'),
    ]);
    return createSandboxMailbox(sandboxStoreOf({ sandboxStore }), clock, config.mailFrom);
  };
  const version = readVersion();
  const lifecycle = new Lifecycle();

  // Listen first: with PORT=0 (tests) the port, and so the default public URL, is known only then.
  const ready: { publicUrl?: string; build?: (url: string) => Promise<App> } = {};
  /**
   * The app (its routes, the runner, the sandbox twins, the mail and AI clients) is imported and
   * built once the port is open, not before: the liveness check below answers from the database
   * being open and migrated (above), which is all it means, and most of the start-up was evaluating
   * code that check never runs. A request that comes meanwhile waits for the app (never a 503). A
   * process that runs the runner waits for it before it says it has started (its schedule starts
   * with it). An API process builds it in the background once its start has settled
   * (APP_PREWARM_MS after the port opened; `appBuilt`), or at once for the first request that needs
   * it: building holds the event loop for about a tenth of a second, and a liveness probe that came
   * meanwhile would wait for it, where the first visitor waits for the build either way (the
   * cold-start bench's "first app answer").
   */
  let building: Promise<App> | undefined;
  let prewarm: NodeJS.Timeout | undefined;
  let announceBuilt: () => void = () => undefined;
  const appBuilt = new Promise<void>((resolve) => (announceBuilt = resolve));
  const appReady = (): Promise<App> => {
    if (building) return building;
    clearTimeout(prewarm);
    building = ready.build!(ready.publicUrl!).catch((error: unknown) => {
      log.error('could not build the app', { error: errorMessage(error) });
      throw error;
    });
    // Resolved either way: a failure is said in the log once (above), and a request then gets a 500.
    building.then(announceBuilt, announceBuilt);
    return building;
  };
  // The liveness check is answered before the framework once the port is open (kernel/http/early-liveness.ts),
  // and counted in the latency metric under the labels the app's baseline gives it (those answered
  // before the metrics were made once they are: `observeHealth`, above).
  const healthAnswer = JSON.stringify(healthBody(config.sandbox, version));
  /**
   * Node's request listener for the app: Hono's adapter (with the web Request and Response it
   * brings) loaded with the app, on the first request that is not the liveness check. A request
   * whose app could not be built gets a 500 (the cause is logged once, above).
   */
  let appListener: RequestListener | undefined;
  let appListenerLoading: Promise<RequestListener> | undefined;
  const loadAppListener = async (): Promise<RequestListener> => {
    const [{ getRequestListener }, app] = await Promise.all([import('@hono/node-server'), appReady()]);
    return (appListener = getRequestListener((request, env) => app.fetch(request, env), { hostname: config.host }));
  };
  const listener: RequestListener = (req, res) => {
    if (appListener) return appListener(req, res);
    (appListenerLoading ??= loadAppListener()).then(
      (loaded) => loaded(req, res),
      () => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('The server could not start its app; see its log.');
      },
    );
  };
  // A port in use (or not allowed) rejects here, for the caller to say in one line (kernel/startup-errors.ts).
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(
      withEarlyLiveness(listener, {
        body: healthAnswer,
        allowedHosts: config.allowedHosts,
        proxyCount: config.proxyCount,
        publicUrl: () => ready.publicUrl,
        observe: (seconds) => observeHealth(seconds),
      }),
    );
    s.once('error', reject);
    s.listen(config.port, config.host, () => {
      s.off('error', reject);
      resolve(s);
    });
  }).catch(async (error: unknown) => {
    const opened = await opening?.catch(() => undefined);
    opened?.wakeups.close();
    opened?.metricsServer?.close();
    await Promise.allSettled([opened?.store.close(), opened?.sandboxStore?.close()]);
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.endsWith(':0') ? `http://localhost:${port}` : config.publicUrl;
  // The server reaches its own sandbox over loopback (the sandbox answers only this machine).
  const selfUrl = `http://127.0.0.1:${port}`;
  ready.build = async (publicUrl) => {
    const [{ createApp }, { store, sandboxStore, wakeups, metrics }] = await Promise.all([import('./app'), openAll()]);
    const mailer = smtp ?? (await sandboxMailer(sandboxStore));
    const app = createApp({
      config: { ...config, publicUrl },
      store,
      sandboxStore,
      clock,
      mailer,
      secrets,
      log,
      t: loadTranslations(),
      version,
      sandboxBase: () => selfUrl,
      wakeups,
      lifecycle,
      metrics,
    });
    if (config.role !== 'api') app.runner.start(config.runner.schedule, wakeups);
    return app;
  };
  ready.publicUrl = url;
  if (config.role === 'api') prewarm = setTimeout(() => void appReady().catch(() => undefined), APP_PREWARM_MS);
  else await appReady().catch(() => undefined);
  log.info('listening', { url, role: config.role, sandbox: config.sandbox, version });

  /**
   * SIGTERM/SIGINT: readiness answers 503 at once (a load balancer stops sending work) while the
   * server still answers; the runner claims nothing more and its work under way gets up to the
   * grace to end; then the server stops taking connections and lets requests under way end, and
   * the mail and notices they caused go out, each within what is left of the same grace. Whatever
   * is still held is given back (modules/runner/release.ts), and the stores (the product's, and the
   * sandbox's) close once the transactions under way have ended (the runner, stopped, claims nothing
   * in between).
   */
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      lifecycle.beginShutdown();
      // An app not built yet is not built for the stop (and whoever waits for it waits no more).
      clearTimeout(prewarm);
      if (!building) announceBuilt();
      const grace = sharedGrace(config.shutdownGraceMs);
      // An app never built ran nothing: no runner to stop, no mail or notice queued.
      const app = building ? await building.catch(() => undefined) : undefined;
      const runner = app ? await app.runner.stop(grace.left()) : ('drained' as const);
      const requests = await gracefulShutdown(server, () => undefined, grace.left());
      // A request that came meanwhile may have built it: its mail and notices go out too.
      const served = building ? await building.catch(() => undefined) : undefined;
      // The mail and notices of the work that ended go out; a notice cut short is delivered by
      // another process once its claim lapses (modules/notices/outbox.ts).
      const deliveries = served
        ? await grace.within(Promise.all([served.mailQueue.idle(), served.notices.idle()]).then(() => 'drained' as const))
        : ('drained' as const);
      const opened = await opening?.catch(() => undefined);
      opened?.wakeups.close();
      opened?.metricsServer?.close();
      // With the database unreachable (PostgreSQL down), nothing can be given back: the leases and
      // claims lapse on their own, and the process still stops (it does not crash on the way out).
      const released = served
        ? await served.runner.release().catch((error: unknown) => {
            log.warn('could not give back leases and claims; they lapse on their own', { error: errorMessage(error) });
            return 'failed' as const;
          })
        : undefined;
      smtp?.close();
      await Promise.allSettled([opened?.store.close(), opened?.sandboxStore?.close()]);
      log.info('stopped', { runner, requests, deliveries, released });
      log.flush();
    })());
  return { url, server, metrics: async () => (await openAll()).metrics, log, appBuilt, stop };
}

/** What the app runs on (see startServer). */
interface Opened {
  store: Store;
  sandboxStore?: Store;
  wakeups: Wakeups;
  metrics: Metrics;
  /** The metrics' own port (METRICS_PORT), when one is set. */
  metricsServer?: Server;
}

/**
 * Opens the product's store (migrating it), checks that this process's keys open its sealed values
 * (re-sealing with the current key during a rotation), opens the sandbox's store when this process
 * needs one, makes the metrics (and serves them on their own port when one is set), and starts the
 * wake-ups between processes: LISTEN/NOTIFY on PostgreSQL, a polled table on SQLite. Each is loaded
 * here only: a process that checked its SQLite files before listening (sqlite/boot.ts) loads the
 * query builder and the metrics' client with its app.
 */
async function openWhatTheAppRunsOn(config: Config, secrets: Secrets, log: Logger, clock: Clock): Promise<Opened> {
  const [{ openStore }, { openSandboxStore }, { openSealedSecrets }, { tableWakeups }, { createMetrics, serveMetrics }] = await Promise.all(
    [
      import('./store/open-store'),
      import('./store/sandbox-store'),
      import('./sealed-secrets'),
      import('./store/wakeups'),
      import('./kernel/metrics'),
    ],
  );
  const store = await openStore(config);
  let sandboxStore: Store | undefined;
  let metricsServer: Server | undefined;
  try {
    // A key that does not open the stored credentials refuses the start, instead of answering 500 later.
    await openSealedSecrets(store, secrets, log);
    // The sandbox twins' own database, apart from the product's: only when this process serves one that keeps records.
    sandboxStore = needsSandboxStore(config) ? await openSandboxStore(config) : undefined;
    // Node's own figures too (CPU, memory, event-loop lag); every series says which role served it.
    const metrics = createMetrics({ process: true, labels: { role: config.role } });
    metricsServer = config.metrics.port ? await serveMetrics(metrics, config.metrics.port, config.metrics.host ?? config.host) : undefined;
    const wakeups = isPostgresStore(store)
      ? (await import('./store/postgres/notify-wakeups')).notifyWakeups(store.pg, log)
      : tableWakeups(store, clock, log);
    return { store, sandboxStore, wakeups, metrics, metricsServer };
  } catch (error) {
    metricsServer?.close();
    await Promise.allSettled([store.close(), sandboxStore?.close()]);
    throw error;
  }
}
