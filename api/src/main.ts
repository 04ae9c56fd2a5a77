import { createServer, type RequestListener, type Server } from 'node:http';
import type { App } from './app';
import { systemClock } from './kernel/clock';
import { loadConfig, type Config } from './kernel/config';
import { openStore } from './store/open-store';
import { needsSandboxStore, openSandboxStore } from './store/sandbox-store';
import { isPostgresStore } from './store/store';
import { loadTranslations } from './kernel/i18n';
import { bufferedSink, createLogger, type Logger } from './kernel/logger';
import { ensureSecrets } from './kernel/secrets';
import { secretValues } from './kernel/secret-values';
import { Lifecycle } from './kernel/lifecycle';
import { notifyWakeups } from './store/postgres/notify-wakeups';
import { tableWakeups } from './store/wakeups';
import { gracefulShutdown, sharedGrace } from './kernel/shutdown';
import { readVersion } from './kernel/version';
import { createMetrics, serveMetrics, type Metrics } from './kernel/metrics';
import { withEarlyLiveness } from './kernel/http/early-liveness';
import { QUIET_PATH } from './kernel/http/common-headers';
import { healthBody } from './modules/health/body';
import { openSealedSecrets } from './sealed-secrets';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RunningServer {
  url: string;
  server: Server;
  /** The process's metrics (what METRICS_PORT and /api/metrics serve). */
  metrics: Metrics;
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
  const store = await openStore(config);
  // A key that does not open the stored credentials refuses the start, instead of answering 500 later.
  await openSealedSecrets(store, secrets, log).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  // The sandbox twins' own database, apart from the product's: only when this process serves one that keeps records.
  const sandboxStore = needsSandboxStore(config) ? await openSandboxStore(config) : undefined;
  const clock = systemClock;
  // Mail through SMTP when configured (its client is loaded then only), else the sandbox's mailbox.
  const smtp = config.smtpUrl
    ? await import('./modules/mail/smtp-mailer').then(({ createSmtpMailer }) => createSmtpMailer(config.smtpUrl!, config.mailFrom))
    : undefined;
  const sandboxMailer = async () => {
    const [{ sandboxStoreOf }, { createSandboxMailbox }] = await Promise.all([
      import('./modules/context'),
      import('./modules/mail/sandbox/mailbox'),
    ]);
    return createSandboxMailbox(sandboxStoreOf({ sandboxStore }), clock, config.mailFrom);
  };
  const version = readVersion();
  const lifecycle = new Lifecycle();
  // Node's own figures too (CPU, memory, event-loop lag); every series says which role served it.
  const metrics = createMetrics({ process: true, labels: { role: config.role } });
  const metricsServer = config.metrics.port
    ? await serveMetrics(metrics, config.metrics.port, config.metrics.host ?? config.host)
    : undefined;
  // Between processes: LISTEN/NOTIFY on PostgreSQL, a polled table on SQLite.
  const wakeups = isPostgresStore(store) ? notifyWakeups(store.pg, log) : tableWakeups(store, clock, log);

  // Listen first: with PORT=0 (tests) the port, and so the default public URL, is known only then.
  const ready: { publicUrl?: string; build?: (url: string) => Promise<App> } = {};
  /**
   * The app (its routes, the runner, the sandbox twins, the mail and AI clients) is imported and
   * built once the port is open, not before: the liveness check below answers from the database
   * being open and migrated (above), which is all it means, and most of the start-up was evaluating
   * code that check never runs. A request that comes meanwhile waits for the app (never a 503). A
   * process that runs the runner waits for it before it says it has started (its schedule starts
   * with it); an API process builds it in the background (`appBuilt`), so the first visitor after a
   * start waits no longer than before (the cold-start bench's "first app answer").
   */
  let building: Promise<App> | undefined;
  const appReady = (): Promise<App> =>
    (building ??= ready.build!(ready.publicUrl!).catch((error: unknown) => {
      log.error('could not build the app', { error: errorMessage(error) });
      throw error;
    }));
  // The liveness check is answered before the framework once the port is open (kernel/http/early-liveness.ts),
  // and counted in the latency metric under the labels the app's baseline gives it.
  const healthAnswer = JSON.stringify(healthBody(config.sandbox, version));
  const observeHealth = metrics.requests.observer({ method: 'GET', route: QUIET_PATH, status: 200 });
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
        observe: observeHealth,
      }),
    );
    s.once('error', reject);
    s.listen(config.port, config.host, () => {
      s.off('error', reject);
      resolve(s);
    });
  }).catch(async (error: unknown) => {
    wakeups.close();
    metricsServer?.close();
    await Promise.allSettled([store.close(), sandboxStore?.close()]);
    throw error;
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.endsWith(':0') ? `http://localhost:${port}` : config.publicUrl;
  // The server reaches its own sandbox over loopback (the sandbox answers only this machine).
  const selfUrl = `http://127.0.0.1:${port}`;
  ready.build = async (publicUrl) => {
    const [{ createApp }, mailer] = await Promise.all([import('./app'), smtp ?? sandboxMailer()]);
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
  const appBuilt = appReady().then(
    () => undefined,
    () => undefined, // said in the log once (appReady); a request then gets a 500
  );
  if (config.role !== 'api') await appBuilt;
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
      wakeups.close();
      metricsServer?.close();
      // With the database unreachable (PostgreSQL down), nothing can be given back: the leases and
      // claims lapse on their own, and the process still stops (it does not crash on the way out).
      const released = served
        ? await served.runner.release().catch((error: unknown) => {
            log.warn('could not give back leases and claims; they lapse on their own', { error: errorMessage(error) });
            return 'failed' as const;
          })
        : undefined;
      smtp?.close();
      await Promise.allSettled([store.close(), sandboxStore?.close()]);
      log.info('stopped', { runner, requests, deliveries, released });
      log.flush();
    })());
  return { url, server, metrics, log, appBuilt, stop };
}
