import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMarketplaces } from '../modules/marketplaces/registry';
import { PaystackClient } from '../modules/billing/paystack/client';
import { createApp } from '../app';
import { manualClock } from '../kernel/clock';
import { loadConfig } from '../kernel/config';
import { loadTranslations } from '../kernel/i18n';
import { createLogger } from '../kernel/logger';
import { createSandboxMailbox, sandboxMailQuery } from '../modules/mail/sandbox/mailbox';
import { createSmtpMailer } from '../modules/mail/smtp-mailer';
import type { Mailer } from '../modules/mail/mailer';
import type { ProposalWriter } from '../modules/writer';
import { sandboxPaystackKey } from '../modules/billing/paystack/sandbox';
import { ensureSecrets } from '../kernel/secrets';
import { freshSandboxStore, freshStore } from './fresh-store';

const translations = loadTranslations();

export interface TestAppOptions {
  /** Wraps the mailer the app sends through (a test can hold or fail mail). */
  wrapMailer?: (mailer: Mailer) => Mailer;
  /** Opens this data folder (a copied fixture: its database and secrets) instead of a fresh one. */
  dataDir?: string;
  /**
   * The sandbox marketplaces reached in-process, like the writer, Paystack and the bot, instead of
   * over HTTP at PUBLIC_URL (where nothing of this test listens).
   */
  inProcessMarketplaces?: boolean;
  /**
   * Wraps how the app's Paystack client reaches the sandbox Paystack (in-process): a test can hold a
   * call forever after it went out, or before, as a process killed at that moment would.
   */
  wrapPaystackFetch?: (forward: PaystackFetch) => PaystackFetch;
  /** The proposal writer, instead of the embedded offline writer (a test can hold or fail letters). */
  writer?: ProposalWriter;
}

export type PaystackFetch = (input: string, init: RequestInit) => Promise<Response>;

/** A fresh app on a fresh database (and sandbox store), with a clock the test moves and the sandbox mailbox. */
export function makeTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PWA_DIR: path.join(dataDir, 'no-pwa'), ...env });
  const opened = freshStore(dataDir);
  const store = opened.store;
  /** The database outside the store's transactions, for fixtures that set up or inspect rows directly. */
  const db = opened.db;
  /** The sandbox twins' own store (store/sandbox-store.ts), opened as a product process in sandbox mode opens it. */
  const sandbox = freshSandboxStore(dataDir);
  const sandboxStore = sandbox.store;
  const clock = manualClock();
  const baseMailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createSandboxMailbox(sandboxStore, clock, config.mailFrom);
  const mailer = options.wrapMailer ? options.wrapMailer(baseMailer) : baseMailer;
  const secrets = ensureSecrets(dataDir);
  const self: { app?: ReturnType<typeof createApp> } = {};
  const marketplaces = options.inProcessMarketplaces
    ? createMarketplaces(config, () => 'http://localhost', {
        clock,
        http: { retries: 0, fetch: async (input, init) => self.app!.request(input instanceof Request ? input : String(input), init) },
      })
    : undefined;
  const paystack = options.wrapPaystackFetch
    ? new PaystackClient({
        secretKey: sandboxPaystackKey(secrets.sessionPepper),
        baseUrl: 'http://localhost/sandbox/paystack',
        retries: 0,
        fetch: options.wrapPaystackFetch(async (input, init) => self.app!.request(input, init)),
      })
    : undefined;
  const app = createApp({
    config,
    store,
    sandboxStore,
    clock,
    mailer,
    secrets,
    log: createLogger(process.env.TEST_LOG === 'error' ? 'error' : 'silent'),
    t: translations,
    version: '0.0.0-test',
    ...(marketplaces ? { marketplaces } : {}),
    ...(paystack ? { paystack } : {}),
    ...(options.writer ? { writer: options.writer } : {}),
  });
  self.app = app;

  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await app.request(url, init);
    const text = await res.text();
    // Mail queued by the request (reset and resend codes) has gone out before the test looks.
    await app.mailQueue.idle();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** The newest six-digit code mailed to an address. */
  const lastCode = async (to: string) => {
    const mail = (await sandboxMailQuery(sandboxStore.db, to, 1))[0];
    return mail?.text.match(/\b(\d{6})\b/)?.[1];
  };

  const signup = async (email = 'ada@gmail.com', password = 'Sturdy-Pass1', extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/auth/signup', { email, password, platformType: 'upwork', ...extra });
    if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
    return { token: res.json.data.token as string, user: res.json.data.user as { id: string; email: string } };
  };

  const close = () => {
    opened.close();
    sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  return { app, store, db, sandboxStore, clock, config, dataDir, call, auth, signup, lastCode, close };
}

export type TestApp = ReturnType<typeof makeTestApp>;
