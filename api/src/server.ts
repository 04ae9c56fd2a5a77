import path from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { loadConfig, type Config } from './config';
import { closeDatabase, openDatabase } from './db/client';
import { loadTranslations } from './i18n';
import { bufferedSink, createLogger } from './logger';
import { createSandboxMailbox } from './mail/sandbox-mailbox';
import { createSmtpMailer } from './mail/smtp-mailer';
import { ensureSecrets } from './secrets';
import { gracefulShutdown } from './shutdown';
import { readVersion } from './version';

export interface RunningServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/** Wires the real dependencies and listens; resolves once the port is open. */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const sink = bufferedSink();
  process.once('exit', () => sink.flush());
  const log = createLogger(config.logLevel, { svc: 'api' }, sink);
  const secrets = ensureSecrets(config.dataDir, {
    sessionPepper: config.sessionPepper,
    encryptionKey: config.encryptionKey,
    vapidPublicKey: config.vapid.publicKey,
    vapidPrivateKey: config.vapid.privateKey,
  });
  const db = openDatabase(path.join(config.dataDir, 'bidpilot.sqlite'));
  const clock = systemClock;
  const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const mailer = smtp ?? createSandboxMailbox(db, clock, config.mailFrom);
  const version = readVersion();

  // Listen first: with PORT=0 (tests) the port, and so the default public URL, is known only then.
  const ready: { app?: ReturnType<typeof createApp> } = {};
  const server = await new Promise<Server>((resolve) => {
    const s = serve(
      {
        fetch: (request, env) => (ready.app ? ready.app.fetch(request, env) : new Response('Starting', { status: 503 })),
        port: config.port,
        hostname: config.host,
      },
      () => resolve(s as Server),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.endsWith(':0') ? `http://localhost:${port}` : config.publicUrl;
  // The server reaches its own sandbox over loopback (the sandbox answers only this machine).
  const selfUrl = `http://127.0.0.1:${port}`;
  ready.app = createApp({
    config: { ...config, publicUrl: url },
    db,
    clock,
    mailer,
    secrets,
    log,
    t: loadTranslations(),
    version,
    sandboxBase: () => selfUrl,
  });
  ready.app.runner.start(config.runner.schedule);
  log.info('listening', { url, sandbox: config.sandbox, version });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (ready.app?.runner.stop() ?? Promise.resolve()).then(() => ready.app?.mailQueue.idle()).then(() =>
      gracefulShutdown(server, () => {
        smtp?.close();
        closeDatabase(db);
      }),
    ).then((how) => {
      log.info('stopped', { how });
      log.flush();
    }));
  return { url, server, stop };
}
