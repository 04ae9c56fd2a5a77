import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { startFakePushService, type FakeSubscriber } from '../modules/notices/push/fake-push-service';
import { systemClock } from '../kernel/clock';
import { sandboxTablesOf } from '../store/sandbox-schema/index';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, sandboxMarketplaceRoutes } from '../modules/marketplaces/sandbox';
import { OFFLINE_WRITER_MODEL, SANDBOX_OPENAI_KEY, sandboxOpenAiRoutes } from '../modules/writer/sandbox/routes';
import { oauthReturnCookies, telegramLogin } from './browser-flows';
import { sandboxTelegramRoutes } from '../modules/notices/telegram/sandbox';
import { noticeClaimMs, noticeRetryMs } from '../modules/notices/outbox';
import { freshSandboxStore } from './fresh-store';
import { consent, listen } from './marketplace-server';
import { testProductDatabase, type ProductDatabase } from './product-database';
import { isFlaggedReason } from '@shared/scoring';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A seeded generator (mulberry32), so a failing run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outside world of a crash run, in this process so it outlives every kill: the sandbox
 * marketplaces and the OpenAI-compatible writer on real time, answering slowly, with every bid
 * POST counted per project at the wire (a second POST for a project is a duplicate, whatever the
 * marketplace answers to it), and a Web Push service that keeps every notice it accepted.
 */
type Delays = { bidMs: number[]; searchMs: number[]; writerMs: number[]; pushMs?: number[]; telegramMs?: number[] };

/** The world's Telegram bot: the product is configured with it as a real bot (TELEGRAM_BOT_TOKEN). */
const WORLD_BOT = { token: '700001:crash-world-bot-token-0123456789', username: 'crash_world_bot' };

export async function startSlowWorld(
  random: () => number,
  delays: Delays = { bidMs: [200, 900], searchMs: [50, 250], writerMs: [150, 700], pushMs: [100, 600], telegramMs: [100, 600] },
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-world-'));
  // The world's services keep their records as the product's sandbox does: in a sandbox store.
  const { store, db, close } = freshSandboxStore(dir);
  const posts = new Map<string, number>();
  let inFlight = 0;
  let completions = 0;
  const refusedOnce = new Set<string>();
  let firstTries = 0;
  const between = ([low, high]: number[]) => low! + Math.floor(random() * (high! - low!));
  const app = new Hono<{ Bindings: { incoming?: IncomingMessage } }>();
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (c.req.method === 'POST' && url.pathname.endsWith('/projects/0.1/bids/')) {
      const body = (await c.req.raw.clone().json()) as { project_id: number };
      posts.set(String(body.project_id), (posts.get(String(body.project_id)) ?? 0) + 1);
      inFlight++;
      try {
        await sleep(between(delays.bidMs));
        await next();
      } finally {
        inFlight--;
      }
      return;
    } else if (url.pathname.includes('/projects/active')) await sleep(between(delays.searchMs));
    else if (url.pathname.endsWith('/chat/completions')) {
      completions++;
      await sleep(between(delays.writerMs));
    } else if (url.pathname.endsWith('/sendMessage')) {
      // Like the push service: the bot has a message only once it arrived whole; a sender killed
      // meanwhile (its connection gone) has not sent it.
      await sleep(between(delays.telegramMs ?? [0, 0]));
      if (c.env.incoming?.socket.destroyed) return c.body(null, 400);
      // Telegram has bad moments: every third notice is refused with a 502 the first time it comes
      // (not delivered), as its front servers do under load; the product must send it again. A
      // notice is known by its title line and the item its link names: the link's host is the
      // sending process's own address, so a retry from the other process reads differently.
      const { text } = (await c.req.raw.clone().json()) as { text?: string };
      const notice = `${text?.split('\n')[0]} ${/[?&]item=([\w-]+)/.exec(text ?? '')?.[1]}`;
      if (text && !refusedOnce.has(notice) && ++firstTries % 3 === 0) {
        refusedOnce.add(notice);
        return c.json({ ok: false, error_code: 502, description: 'Bad Gateway' }, 502);
      }
    }
    await next();
  });
  app.route('/sandbox', sandboxMarketplaceRoutes({ store, clock: systemClock, rateLimitPerMinute: 1_000_000 }));
  app.route('/sandbox', sandboxOpenAiRoutes({ clock: systemClock }));
  app.route('/sandbox', sandboxTelegramRoutes({ store, clock: systemClock, token: WORLD_BOT.token, rateLimitPerMinute: 1_000_000 }));
  const server = await listen(app.fetch);
  // The product processes trust its certificate, made now (NODE_EXTRA_CA_CERTS).
  const push = await startFakePushService({ takeAfterMs: () => between(delays.pushMs ?? [0, 0]) });
  const certFile = path.join(dir, 'push-ca.pem');
  fs.writeFileSync(certFile, push.cert);
  return {
    url: server.url,
    push,
    /** Bid POSTs that reached the marketplace, per project. */
    posts,
    /** Bid POSTs the marketplace is answering right now (a kill now leaves the product unsure). */
    postsInFlight: () => inFlight,
    /** Letters asked of the writer. */
    completions: () => completions,
    duplicatePosts: () => [...posts.values()].reduce((n, count) => n + Math.max(0, count - 1), 0),
    bids: async () => {
      const { sandboxMarketBids } = sandboxTablesOf(db);
      return db
        .select({ projectId: sandboxMarketBids.projectId })
        .from(sandboxMarketBids)
        .where(eq(sandboxMarketBids.platform, 'freelancer'));
    },
    /** The Telegram messages the bot sent to a chat, oldest first. */
    telegramMessages: async (chatId: string) => {
      const { sandboxTelegramMessages } = sandboxTablesOf(db);
      return db
        .select({ text: sandboxTelegramMessages.text })
        .from(sandboxTelegramMessages)
        .where(eq(sandboxTelegramMessages.chatId, chatId))
        .orderBy(asc(sandboxTelegramMessages.id));
    },
    /** Signs a Telegram Login Widget answer for this chat, as Telegram would after the user logged in. */
    telegramLogin: async (id: number, firstName: string) =>
      (await (
        await fetch(`${server.url}/sandbox/telegram/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, first_name: firstName }),
        })
      ).json()) as Record<string, unknown>,
    /** What the product must point at to use this world. */
    env: {
      FREELANCER_API_URL: `${server.url}/sandbox/freelancer/api`,
      FREELANCER_OAUTH_URL: `${server.url}/sandbox/freelancer`,
      FREELANCER_CLIENT_ID: SANDBOX_CLIENT_ID,
      FREELANCER_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
      OPENAI_API_KEY: SANDBOX_OPENAI_KEY,
      OPENAI_BASE_URL: `${server.url}/sandbox/openai/v1`,
      OPENAI_MODEL: OFFLINE_WRITER_MODEL,
      NODE_EXTRA_CA_CERTS: certFile,
      TELEGRAM_BOT_TOKEN: WORLD_BOT.token,
      TELEGRAM_BOT_USERNAME: WORLD_BOT.username,
      TELEGRAM_API_URL: `${server.url}/sandbox/telegram`,
    },
    async close() {
      await server.close();
      await push.close();
      close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SlowWorld = Awaited<ReturnType<typeof startSlowWorld>>;

/** One product process (API and runner) on the shared data folder, killed with SIGKILL when asked. */
export class ProductProcess {
  child: ChildProcess | undefined;
  readonly url: string;

  /** `bundle`: the built server (dist/server/serve-api.mjs, from `ensureServerBuild`), which starts far quicker than the sources. */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly bundle?: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    // One process (node with tsx's loader, not tsx's CLI, which runs the script in a second process
    // that a SIGKILL of the first would leave running).
    // PRODUCT_NODE_ARGS: node flags for the product processes only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // to profile them during a bench (NODE_OPTIONS refuses --cpu-prof).
    const nodeArgs = process.env.PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const args = [...nodeArgs, ...(this.bundle ? [fileURLToPath(this.bundle)] : ['--import', 'tsx', 'scripts/serve-api.ts'])];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', PUBLIC_URL: this.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the product did not start');
      await sleep(50);
    }
  }

  /** kill -9: no shutdown hook runs, whatever was under way stops where it was. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async call(method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.url}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, headers: res.headers };
  }
}

/** The product's settings for a crash run: fast ticks and short leases, so recovery happens within the run. */
export const crashEnv = (dataDir: string, database: ProductDatabase, world: SlowWorld, leaseSeconds: number): Record<string, string> => ({
  ...world.env,
  ...database.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT: 'off',
  RUNNER_SCHEDULE: '* * * * * *',
  RUNNER_LEASE_SECONDS: String(leaseSeconds),
});

/**
 * A time zone whose day does not end within the next couple of hours: the daily cap starts again at
 * the agents' midnight, and a run across it may rightly reserve a new day's share, which the count
 * of all items against one day's cap would read as one over (a CI run at 00:05 UTC did).
 */
export function zoneAwayFromMidnight(now: Date): string {
  const hour = now.getUTCHours();
  return hour >= 2 && hour <= 21 ? 'UTC' : 'Asia/Tokyo';
}

/** A user with a connected Freelancer.com account and two active agents: one reviews first, one auto-sends. */
export async function setUpUser(product: ProductProcess, perDay: { review: number; auto: number }) {
  const signup = await product.call('POST', '/api/auth/signup', undefined, {
    email: 'crash.ada@gmail.com',
    password: 'Sturdy-Pass1',
    platformType: 'freelancer',
    timeZone: zoneAwayFromMidnight(new Date()),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const token = signup.json.data.token as string;
  const userId = signup.json.data.user.id as string;
  await product.call('PUT', `/api/users/${userId}`, token, { skills: ['React', 'Node.js', 'TypeScript', 'Logo Design', 'SEO', 'PHP'] });
  const start = await product.call('POST', '/api/jobs/freelancer-oauth', token, { returnTo: 'login' });
  const { location } = await consent(start.json.url, { decision: 'allow', username: 'crash_ada' });
  // Back in the browser that started it, with its session.
  await fetch(location, { redirect: 'manual', headers: { cookie: oauthReturnCookies(token, start.headers) } });
  const agents: string[] = [];
  for (const [sendMode, emailsPerDay] of [
    ['review', perDay.review],
    ['auto', perDay.auto],
  ] as const) {
    const created = await product.call('POST', '/api/automations', token, {
      title: 'developer',
      platform: 'freelancer',
      sendMode,
      emailsPerDay,
      startTime: '00:00',
      endTime: '23:59',
    });
    if (created.status !== 201) throw new Error(`agent create answered ${created.status}: ${JSON.stringify(created.json)}`);
    await product.call('PUT', `/api/automations/status/${created.json.id}`, token, { status: 'active' });
    agents.push(created.json.id as string);
  }
  return { token, userId, reviewAgent: agents[0]!, autoAgent: agents[1]! };
}

type Item = { id: string; status: string; stage: string | null; sendAfter: string | null };

/** What a user would do between crashes: run both agents now and approve every draft, at once. */
export async function busyUser(product: ProductProcess, user: Awaited<ReturnType<typeof setUpUser>>): Promise<void> {
  const drafts = (await product.call('GET', `/api/automations/${user.reviewAgent}/jobs`, user.token)).json?.data ?? [];
  await Promise.allSettled([
    product.call('POST', `/api/automations/${user.reviewAgent}/run`, user.token),
    product.call('POST', `/api/automations/${user.autoAgent}/run`, user.token),
    ...drafts
      .filter((d: { status: string }) => d.status === 'draft')
      .map((d: { id: string }) => product.call('POST', `/api/job-items/${d.id}/approve`, user.token)),
  ]);
}

/** The product's own records, read straight from its database (once every process is down, or beside them). */
export async function productRecords(database: ProductDatabase) {
  const items = await database.query<{
    status: string;
    stage: string | null;
    externalId: string;
    letter: string | null;
    agentId: string;
    reason: string | null;
    /** 0/1 on SQLite, a boolean on PostgreSQL. */
    waitingShare: number | boolean;
  }>(
    'SELECT status, stage, external_id AS "externalId", proposal_requirements AS letter, agent_id AS "agentId", match_reason AS reason, waiting_share AS "waitingShare" FROM job_items',
  );
  const [usage] = await database.query<{ n: number }>('SELECT CAST(coalesce(sum(count), 0) AS integer) AS n FROM cover_letter_usage');
  return { items, lettersToday: usage!.n };
}

/** The push notice of each step a proposal took, as its activity line records the step. */
const NOTICE_OF_ACTIVITY = { draft_waiting: 'draftWaiting', proposal_sent: 'proposalSent', proposal_failed: 'proposalFailed' } as const;

/** The notices the product owes: one for each draft written, proposal sent or failed, by its activity line ("item kind"). */
async function noticesOwed(database: ProductDatabase): Promise<Set<string>> {
  const kinds = Object.keys(NOTICE_OF_ACTIVITY)
    .map((kind) => `'${kind}'`)
    .join(', ');
  const steps = await database.query<{ jobItemId: string; kind: keyof typeof NOTICE_OF_ACTIVITY }>(
    `SELECT job_item_id AS "jobItemId", kind FROM activity_log WHERE kind IN (${kinds})`,
  );
  return new Set(steps.map((step) => `${step.jobItemId} ${NOTICE_OF_ACTIVITY[step.kind]}`));
}

/** The notices of those steps a device received ("item kind"), decrypted as the browser would, copies included. */
function noticesReceived(world: SlowWorld, device: FakeSubscriber): string[] {
  const kinds: string[] = Object.values(NOTICE_OF_ACTIVITY);
  return world.push.received
    .map((push) => JSON.parse(world.push.decrypt(push, device)) as { kind: string; jobItemId?: string })
    .filter((notice) => kinds.includes(notice.kind))
    .map((notice) => `${notice.jobItemId} ${notice.kind}`);
}

/** The notice kind of a Telegram message, by its first line (the title, in English). */
const TELEGRAM_TITLES: Record<string, string> = {
  'Proposal ready for review': 'draftWaiting',
  'Proposal sent': 'proposalSent',
  'Proposal not sent': 'proposalFailed',
};

/** The notices of those steps the bot sent to the user's chat ("item kind": the link names the item), copies included. */
async function telegramReceived(world: SlowWorld, chatId: string): Promise<string[]> {
  return (await world.telegramMessages(chatId)).flatMap(({ text }) => {
    const kind = TELEGRAM_TITLES[text.split('\n')[0] ?? ''];
    const item = /[?&]item=([\w-]+)/.exec(text)?.[1];
    return kind ? [`${item} ${kind}`] : [];
  });
}

export interface CrashRunOptions {
  seed: number;
  kills: number;
  /** Product processes sharing the one database (each runs the API and the runner). */
  processes: 1 | 2;
  leaseSeconds?: number;
  onKill?: (index: number, afterMs: number) => void;
}

export interface CrashRunResult {
  seed: number;
  kills: number;
  /** Bid POSTs that reached the marketplace, and the ones for a project already posted to. */
  posts: number;
  duplicatePosts: number;
  /** Bids the marketplace holds, and whether each is a sent proposal in the product (and back). */
  bids: number;
  completed: number;
  unknownBids: string[];
  sentWithoutBid: string[];
  /** Kills that fell while a bid POST was being answered. */
  killsDuringPost: number;
  /** Items left half-way: a reservation without its letter, or a send without its outcome. */
  stuck: number;
  /** Letters the quota counts, and letters the product keeps (they must agree). */
  lettersCounted: number;
  lettersKept: number;
  /** Drafts written while the agent's share was spent, per agent (at most its proposals a day of them). */
  waitingPerAgent: Record<string, number>;
  /** Items counted against the daily cap, per agent, and what each agent allows a day. */
  reservedPerAgent: Record<string, number>;
  perDay: { review: number; auto: number };
  /** Notices owed (a draft written, a proposal sent or failed) that never reached the device. */
  noticesMissing: string[];
  /** Notices received for a step the product has no record of (work that rolled back). */
  noticesUnexplained: string[];
  /** Copies received of a notice already received (a crash between the push and its deletion). */
  noticeCopies: number;
  /** The same three for the user's Telegram chat. */
  telegramMissing: string[];
  telegramUnexplained: string[];
  telegramCopies: number;
  /**
   * Notices still in the outbox when the product stopped (owed to a channel that was failing, or
   * claimed by a process that was killed), and how long before the stop each missing notice's step
   * happened: to tell a notice lost from one the run ended too soon for.
   */
  outboxLeft: Array<{ item: unknown; kind: string; attempts: number; channels: unknown; dueInMs: number | null }>;
  missingStepsAgoMs: Record<string, number>;
}

/**
 * Kills product processes with SIGKILL at random points while a user runs agents and approves
 * drafts against a slow marketplace, restarts them, lets every lease and claim expire, and reads
 * what the marketplace and the product hold.
 */
export async function crashRun(options: CrashRunOptions): Promise<CrashRunResult> {
  const { freePort } = await import('../../../bench/support');
  const random = seeded(options.seed);
  const leaseSeconds = options.leaseSeconds ?? 8;
  const perDay = { review: 10, auto: 6 };
  const world = await startSlowWorld(random);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-crash-'));
  const database = await testProductDatabase(dataDir);
  const env = crashEnv(dataDir, database, world, leaseSeconds);
  const procs: ProductProcess[] = [];
  for (let i = 0; i < options.processes; i++) procs.push(new ProductProcess(await freePort(), env));
  try {
    await procs[0]!.start();
    const user = await setUpUser(procs[0]!, perDay);
    // The user's phone takes the push notices.
    const phone = world.push.subscriber('phone');
    const subscribed = await procs[0]!.call('POST', '/api/push/subscribe', user.token, phone.subscription);
    if (subscribed.status !== 201) throw new Error(`push subscribe answered ${subscribed.status}`);
    // And the same notices through the Telegram bot, once linked and turned on.
    const chatId = '424242001';
    // Linked as Settings does: started in this browser and session, then the widget's answer sent back.
    const first = procs[0]!;
    const linked = await telegramLogin(
      (method, url, body, headers) => first.call(method, url, user.token, body, headers),
      'link',
      await world.telegramLogin(Number(chatId), 'Ada'),
    );
    if (linked.status !== 200) throw new Error(`telegram link answered ${linked.status}: ${JSON.stringify(linked.json)}`);
    const notifying = await procs[0]!.call('PUT', '/api/telegram/settings', user.token, { notify: true });
    if (notifying.status !== 200) throw new Error(`telegram settings answered ${notifying.status}`);
    for (const proc of procs.slice(1)) await proc.start();

    let killsDuringPost = 0;
    for (let kill = 0; kill < options.kills; kill++) {
      const target = procs[Math.floor(random() * procs.length)]!;
      const other = procs.find((p) => p !== target);
      // The kill cuts these requests off: their failures are expected (handled at once, not later).
      const busy = busyUser(target, user).catch(() => undefined);
      const busyOther = other ? busyUser(other, user).catch(() => undefined) : Promise.resolve();
      // Half the kills at a random moment; the other half while a bid POST is being answered.
      const began = Date.now();
      if (random() < 0.5) await sleep(Math.floor(random() * 2500));
      else {
        while (world.postsInFlight() === 0 && Date.now() - began < 4000) await sleep(10);
        await sleep(Math.floor(random() * 300));
      }
      const afterMs = Date.now() - began;
      options.onKill?.(kill, afterMs);
      if (world.postsInFlight() > 0) killsDuringPost++;
      await target.kill();
      await Promise.all([busy, busyOther]);
      await target.start();
    }

    // Every process up: what was left claimed expires and is recovered; the last drafts are approved,
    // those the last run writes too (a run cut off by every kill writes its drafts only now: a user
    // approving as they arrive, not once, sends some of them).
    await sleep(leaseSeconds * 1000 + 1500);
    await busyUser(procs[0]!, user);
    const approved = new Set<string>();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const reviewed = ((await procs[0]!.call('GET', `/api/automations/${user.reviewAgent}/jobs`, user.token)).json?.data ?? []) as Item[];
      const items = [
        ...reviewed,
        ...((await procs[0]!.call('GET', `/api/automations/${user.autoAgent}/jobs`, user.token)).json?.data ?? []),
      ] as Item[];
      const fresh = reviewed.filter((i) => i.status === 'draft' && !approved.has(i.id));
      for (const draft of fresh) {
        approved.add(draft.id);
        await procs[0]!.call('POST', `/api/job-items/${draft.id}/approve`, user.token);
      }
      const busyNow = items.some(
        (i) =>
          i.stage === 'writing' ||
          i.stage === 'sending' ||
          (i.stage === 'queued' && i.sendAfter !== null && Date.parse(i.sendAfter) <= Date.now()),
      );
      if ((!busyNow && fresh.length === 0) || Date.now() > deadline) break;
      await sleep(500);
    }
    // The notices a killed process left claimed go out from another once the claim lapses; one a
    // channel refused for a while (the bot's 502, a connection the world dropped under load) goes
    // out on its next tries. The wait ends as soon as everything arrived.
    const noticesDue = Date.now() + noticeClaimMs(leaseSeconds * 1000) + noticeRetryMs(1) + noticeRetryMs(2) + 10_000;
    const owedNow = async () => {
      const received = new Set(noticesReceived(world, phone));
      const messaged = new Set(await telegramReceived(world, chatId));
      return [...(await noticesOwed(database))].filter((notice) => !received.has(notice) || !messaged.has(notice));
    };
    while ((await owedNow()).length > 0 && Date.now() < noticesDue) await sleep(500);
    const stoppedAt = Date.now();
    for (const proc of procs) await proc.stop();
    const outboxLeft = (
      await database.query<{ payload: unknown; kind: string; attempts: number; channels: unknown; claimUntil: unknown }>(
        `SELECT payload, kind, attempts, channels, claim_until AS "claimUntil" FROM notice_outbox`,
      )
    ).map((row) => {
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { jobItemId?: unknown } | null;
      const channels = typeof row.channels === 'string' ? (JSON.parse(row.channels) as unknown) : row.channels;
      const until = row.claimUntil === null ? null : new Date(row.claimUntil as string | number).getTime();
      return {
        item: payload?.jobItemId,
        kind: row.kind,
        attempts: Number(row.attempts),
        channels,
        dueInMs: until === null ? null : until - stoppedAt,
      };
    });
    const stepTimes = await database.query<{ jobItemId: string; kind: keyof typeof NOTICE_OF_ACTIVITY; createdAt: unknown }>(
      `SELECT job_item_id AS "jobItemId", kind, created_at AS "createdAt" FROM activity_log`,
    );
    const stepAgo = (notice: string) => {
      const step = stepTimes.find((s) => `${s.jobItemId} ${NOTICE_OF_ACTIVITY[s.kind]}` === notice);
      return step ? stoppedAt - new Date(step.createdAt as string | number).getTime() : -1;
    };

    const records = await productRecords(database);
    const owed = await noticesOwed(database);
    const received = noticesReceived(world, phone);
    const messaged = await telegramReceived(world, chatId);
    const completed = records.items.filter((i) => i.status === 'completed').map((i) => i.externalId);
    const bids = (await world.bids()).map((b) => b.projectId);
    const reservedPerAgent: Record<string, number> = {};
    // Flagged jobs are held as drafts outside the daily cap and the letter quota (the runner's risk hold);
    // so are drafts written while the agent's share was spent (bounded apart, to its proposals a day:
    // the user's taps may send them within the plan's cap).
    const counted = records.items.filter((i) => !isFlaggedReason(i.reason) && !i.waitingShare);
    const waitingPerAgent: Record<string, number> = {};
    for (const item of records.items.filter((i) => i.waitingShare)) {
      const agent = item.agentId === user.reviewAgent ? 'review' : 'auto';
      waitingPerAgent[agent] = (waitingPerAgent[agent] ?? 0) + 1;
    }
    for (const item of counted.filter((i) => i.status !== 'failed' && i.status !== 'skipped')) {
      const agent = item.agentId === user.reviewAgent ? 'review' : 'auto';
      reservedPerAgent[agent] = (reservedPerAgent[agent] ?? 0) + 1;
    }
    return {
      seed: options.seed,
      kills: options.kills,
      posts: [...world.posts.values()].reduce((n, c) => n + c, 0),
      duplicatePosts: world.duplicatePosts(),
      killsDuringPost,
      bids: bids.length,
      completed: completed.length,
      unknownBids: bids.filter((id) => !completed.includes(id)),
      sentWithoutBid: completed.filter((id) => !bids.includes(id)),
      stuck: records.items.filter((i) => i.stage === 'writing' || i.stage === 'sending').length,
      lettersCounted: records.lettersToday,
      lettersKept: counted.filter((i) => i.letter !== null && i.status !== 'skipped').length,
      reservedPerAgent,
      waitingPerAgent,
      perDay,
      noticesMissing: [...owed].filter((notice) => !received.includes(notice)),
      noticesUnexplained: [...new Set(received)].filter((notice) => !owed.has(notice)),
      noticeCopies: received.length - new Set(received).size,
      telegramMissing: [...owed].filter((notice) => !messaged.includes(notice)),
      telegramUnexplained: [...new Set(messaged)].filter((notice) => !owed.has(notice)),
      telegramCopies: messaged.length - new Set(messaged).size,
      outboxLeft,
      missingStepsAgoMs: Object.fromEntries(
        [...owed].filter((notice) => !received.includes(notice) || !messaged.includes(notice)).map((notice) => [notice, stepAgo(notice)]),
      ),
    };
  } finally {
    for (const proc of procs) await proc.kill();
    await database.close();
    await world.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
