import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import { AGENT_DEFAULTS } from '@shared/schemas/agent';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import type { MarketplaceAdapter, Marketplaces, SearchPage } from '../api/src/modules/marketplaces/types';
import { manualClock } from '../api/src/kernel/clock';
import { closeDatabase, openDatabase, type Db } from '../api/src/store/sqlite/client';
import { openSqliteStore } from '../api/src/store/sqlite/sqlite-store';
import { agents, subscriptions, users } from '../api/src/store/schema/sqlite';
import { createLogger } from '../api/src/kernel/logger';
import { silentNotifier, type WriterPort } from '../api/src/modules/runner/ports';
import { Runner } from '../api/src/modules/runner/runner';
import { coverLetterQuotaService } from '../api/src/modules/proposals/cover-letter-quota';
import { MatchLearning } from '../api/src/modules/proposals/match-learning';
import { interleaved, median, printTable, ROUNDS } from './support';
import { MatchIndex } from '../api/src/modules/runner/match-index';
import { pickJobs } from '../api/src/modules/runner/criteria';
import { analyseJob } from '@shared/scoring';
import type { Agent } from '@shared/schemas/agent';
import type { User } from '@shared/schemas/user';
import type { Platform } from '@shared/marketplaces';

/**
 * `npm run bench -- runner`: the runner's own time per agent. One tick over N due agents (two per
 * user, four different searches), with a marketplace and a letter writer that answer from memory at
 * once, so what is timed is the runner: claiming, reading the agent, user and plan, searching,
 * scoring, reserving a job under a claim, writing the draft, recording the run.
 *
 * The baseline, in the same run, interleaved, on a database seeded the same way: the same rows read
 * and written per agent by hand-written SQL prepared once on bare better-sqlite3: claim a batch of
 * due agents, read the user, look up the page's known jobs, reserve one job (today's count, the
 * cover-letter upsert, the item, its change) in a transaction, save the draft, record the seen jobs
 * and the run (agent, change, activity) and free the lease. No scoring, no framework: the floor
 * the database sets. Median of ROUNDS, in wall time and in CPU time (on a machine shared with other
 * work, the CPU time is the runner's own work without the waits for a core).
 */
const SIZES = (process.env.RUNNER_BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const PAGE = 50;
const NOW = new Date('2026-11-18T10:00:00Z');
const TITLES = ['React developer', 'SEO writer', 'Node.js API', 'Logo design'];
const log = createLogger('silent');

const SKILLS = ['React', 'Node.js', 'TypeScript', 'PostgreSQL', 'Figma', 'SEO', 'Copywriting', 'Python', 'Logo Design', 'WordPress'];
const WORDS =
  'build redesign migrate optimise write launch dashboard landing page api mobile app store blog posts campaign data pipeline logo brand'.split(
    ' ',
  );

/** A deterministic pool of Freelancer.com jobs, like the marketplace's search answers them. */
function jobPool(n: number): Job[] {
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const skills = [...new Set(Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(SKILLS)))];
    return {
      id: `freelancer:${1000 + i}`,
      platform: 'freelancer',
      externalId: String(1000 + i),
      title: `${pick(WORDS)} ${pick(WORDS)} with ${skills[0]}`,
      description: Array.from({ length: 80 }, () => pick([...WORDS, ...SKILLS, 'the', 'and', 'for', 'our', 'new'])).join(' '),
      url: `https://www.freelancer.com/projects/${1000 + i}`,
      type: next() < 0.5 ? 'fixed' : 'hourly',
      currency: 'USD',
      minBudget: 30,
      maxBudget: 1500,
      budgetUsd: 765,
      skills,
      experienceLevel: 'intermediate',
      duration: null,
      datePosted: new Date(NOW.getTime() - i * 600_000).toISOString(),
      clientName: null,
      clientLocation: null,
      logoUrl: null,
      client: {
        paymentVerified: next() < 0.8,
        rating: 3.5 + next() * 1.5,
        totalSpentUsd: Math.round(next() * 30_000),
        country: 'US',
        hires: 4,
        jobsPosted: 6,
      },
      bidCount: Math.floor(next() * 30),
    } satisfies Job;
  });
}

const POOL = jobPool(200);

/** A page of the pool for a search: each distinct title its own slice, fresh objects each time (as parsed off the wire). */
function pageFor(criteria: Pick<SearchCriteria, 'title'>): Job[] {
  const offset = (TITLES.indexOf(criteria.title) * 37 + 200) % POOL.length;
  return Array.from({ length: PAGE }, (_, i) => {
    const job = POOL[(offset + i) % POOL.length]!;
    return { ...job, skills: [...job.skills], client: { ...job.client } };
  });
}

/** The marketplace answering from memory: every search at once, counted. */
function memoryMarketplaces(counter: { searches: number }): Marketplaces {
  const adapter = (platform: Platform): MarketplaceAdapter => ({
    platform,
    async search(_session, criteria): Promise<SearchPage> {
      counter.searches++;
      const jobs = pageFor(criteria);
      return { jobs, total: jobs.length, hasMore: false };
    },
    canPlaceProposals: () => true,
    placeProposal: async () => ({ externalId: '1', amount: 1, submittedAt: NOW.toISOString() }),
    findProposal: async () => null,
    self: async () => ({ externalUserId: '1', username: 'bench', displayName: null, profileUrl: null }),
  });
  const oauth = {
    authorizeUrl: () => '',
    exchangeCode: async () => Promise.reject(new Error('no')),
    refresh: async () => Promise.reject(new Error('no')),
  };
  return { freelancer: { adapter: adapter('freelancer'), oauth }, upwork: { adapter: adapter('upwork'), oauth } };
}

const writer: WriterPort = {
  write: async ({ job }) => ({ text: `Hello, I read "${job.title}" and can deliver it well within your timeline.`, writer: 'offline' }),
};

/** What an agent is, by its place: its title (its query), its user's skills, its floor. */
type Shape = (i: number) => { title: string; userSkills: string[]; minMatchScore: number };
const SAME_SHAPE: Shape = (i) => ({ title: TITLES[i % TITLES.length]!, userSkills: ['React', 'Node.js', 'SEO'], minMatchScore: 0 });

/** N active Freelancer.com agents due now, two per user (review first, one proposal a day, all day). */
function seed(db: Db, size: number, shape: Shape = SAME_SHAPE): void {
  db.transaction((tx) => {
    let userId = '';
    for (let i = 0; i < size; i++) {
      if (i % 2 === 0) {
        userId = crypto.randomUUID();
        tx.insert(users)
          .values({
            id: userId,
            email: `bench${i}@gmail.com`,
            passwordHash: 'x',
            platformType: 'freelancer',
            referralCode: `B${i}`,
            createdAt: NOW,
            updatedAt: NOW,
            skills: shape(i).userSkills,
            timeZone: 'UTC',
          })
          .run();
        // The trial a new account starts with, as settling the subscription writes it.
        tx.insert(subscriptions)
          .values({
            userId,
            plan: TRIAL_PLAN,
            status: 'trialing',
            trialStartedAt: NOW,
            trialEndsAt: new Date(NOW.getTime() + TRIAL_DAYS * 86_400_000),
            createdAt: NOW,
            updatedAt: NOW,
          })
          .run();
      }
      const fields = {
        ...AGENT_DEFAULTS,
        name: '',
        title: shape(i).title,
        platform: 'freelancer' as const,
        sendMode: 'review' as const,
        emailsPerDay: 1,
        startTime: '00:00',
        endTime: '00:00',
        minMatchScore: shape(i).minMatchScore,
      };
      tx.insert(agents)
        .values({ id: crypto.randomUUID(), userId, status: 'active', fields, fieldVersions: {}, createdAt: NOW, updatedAt: NOW })
        .run();
    }
  });
}

function freshFile(dir: string, name: string): string {
  const file = path.join(dir, `${name}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  return file;
}

function freshDb(dir: string, name: string, size: number): Db {
  const db = openDatabase(freshFile(dir, name));
  seed(db, size);
  return db;
}

const drafts = (db: Db) => db.$client.prepare(`SELECT count(*) AS n FROM job_items WHERE status = 'draft'`).get() as { n: number };

/** CPU time of this process (ms) since `from`: on a shared machine, the work done whatever the wait for a core. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

/** The product: one runner tick over every due agent. Answers ms per agent (wall), and adds the CPU ms per agent to `cpu`. */
async function product(dir: string, size: number, searches: { searches: number }, cpu: number[]): Promise<number> {
  // The product's own store on the file (its writer seeds it, as a fixture may).
  const store = openSqliteStore(freshFile(dir, 'product'));
  seed(store.writer, size);
  const db = store.writer;
  const clock = manualClock(NOW);
  const learning = new MatchLearning({ store, clock });
  const runner = new Runner({
    store,
    clock,
    log,
    marketplaces: memoryMarketplaces(searches),
    session: async () => null,
    writer,
    notifier: silentNotifier,
    quota: coverLetterQuotaService(store),
    matchModel: (userId) => learning.model(userId),
    searchSize: PAGE,
  });
  const started = performance.now();
  const cpuFrom = process.cpuUsage();
  const result = await runner.tick();
  cpu.push(cpuMs(cpuFrom) / size);
  const ms = performance.now() - started;
  const made = drafts(db).n;
  await store.close();
  if (result.runs.length !== size || made !== size)
    throw new Error(`product: ${result.runs.length} runs and ${made} drafts for ${size} agents`);
  return ms / size;
}

/** The floor: the same reads and writes per agent, hand-written SQL prepared once. Answers ms per agent (wall), CPU ms per agent into `cpu`. */
function bare(dir: string, size: number, cpu: number[]): number {
  const db = freshDb(dir, 'bare', size);
  const sqlite: Database.Database = db.$client;
  const now = NOW.getTime();
  const dayStart = Date.parse('2026-11-18T00:00:00Z');
  const claim = sqlite.prepare(
    `UPDATE agents SET lease_owner = ?, lease_until = ? WHERE id IN (SELECT id FROM agents WHERE status = 'active' AND (next_run_at IS NULL OR next_run_at <= ?) AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_run_at LIMIT ?) RETURNING id, user_id, fields`,
  );
  const user = sqlite.prepare(`SELECT * FROM users WHERE id = ?`);
  const known = sqlite.prepare(
    `SELECT external_id FROM job_items WHERE user_id = ? AND platform = 'freelancer' AND external_id IN (SELECT value FROM json_each(?))`,
  );
  const usedToday = sqlite.prepare(
    `SELECT count(*) AS n FROM job_items WHERE user_id = ? AND created_at >= ? AND created_at < ? AND status NOT IN ('failed', 'skipped')`,
  );
  const letter = sqlite.prepare(
    `INSERT INTO cover_letter_usage (user_id, day, count) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET count = count + 1 WHERE count < 20 RETURNING count`,
  );
  const reserve = sqlite.prepare(
    `INSERT INTO job_items (id, user_id, agent_id, platform, external_id, title, status, stage, claim_token, claim_until, description, match_score, match_reason, bid_amount, bid_currency, created_at, updated_at) VALUES (?, ?, ?, 'freelancer', ?, ?, 'processing', 'writing', ?, ?, ?, 50, '', 100, 'USD', ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
  );
  const unlog = sqlite.prepare(`DELETE FROM change_log WHERE user_id = ? AND entity = ? AND entity_id = ?`);
  const log = sqlite.prepare(`INSERT INTO change_log (user_id, entity, entity_id, deleted, changed_at) VALUES (?, ?, ?, 0, ?)`);
  const change = {
    run: (userId: string, entity: string, id: string, at: number) => (unlog.run(userId, entity, id), log.run(userId, entity, id, at)),
  };
  const draft = sqlite.prepare(
    `UPDATE job_items SET status = 'draft', stage = NULL, proposal_requirements = ?, writer = 'offline', claim_token = NULL, claim_until = NULL, version = version + 1, updated_at = ? WHERE id = ? AND claim_token = ?`,
  );
  const activity = sqlite.prepare(
    `INSERT INTO activity_log (user_id, kind, agent_id, job_item_id, data, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const seen = sqlite.prepare(
    `INSERT INTO seen_jobs (user_id, platform, external_id, agent_id, first_seen_at) SELECT ?, 'freelancer', value, ?, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`,
  );
  const ran = sqlite.prepare(
    `UPDATE agents SET last_run = ?, jobs_found = jobs_found + ?, next_run_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
  );
  const reserveTx = sqlite.transaction((agentId: string, userId: string, job: Job) => {
    if ((usedToday.get(userId, dayStart, dayStart + 86_400_000) as { n: number }).n >= 20) return null;
    if (!letter.get(userId, '2026-11-18')) return null;
    const id = crypto.randomUUID();
    const token = crypto.randomUUID();
    if (!reserve.get(id, userId, agentId, job.externalId, job.title, token, now + 600_000, job.description, now, now)) return null;
    change.run(userId, 'jobItem', id, now);
    return { id, token };
  });
  const draftTx = sqlite.transaction((agentId: string, userId: string, id: string, token: string, text: string) => {
    if (draft.run(text, now, id, token).changes === 0) return;
    change.run(userId, 'jobItem', id, now);
    activity.run(userId, 'draft_waiting', agentId, id, '{}', now);
  });
  const finishTx = sqlite.transaction((agentId: string, userId: string, ids: string) => {
    const fresh = seen.run(userId, agentId, now, ids).changes;
    ran.run(now, fresh, now + 86_400_000, now, agentId, 'bare');
    change.run(userId, 'agent', agentId, now);
    activity.run(userId, 'agent_run', agentId, null, '{"drafts":1}', now);
  });

  const started = performance.now();
  const cpuFrom = process.cpuUsage();
  for (;;) {
    const claimed = claim.all('bare', now + 600_000, now, now, 100) as Array<{ id: string; user_id: string; fields: string }>;
    for (const agent of claimed) {
      const fields = JSON.parse(agent.fields) as { title: string };
      user.get(agent.user_id);
      const jobs = pageFor({ title: fields.title });
      const ids = JSON.stringify(jobs.map((j) => j.externalId));
      const have = new Set((known.all(agent.user_id, ids) as Array<{ external_id: string }>).map((r) => r.external_id));
      const job = jobs.find((j) => !have.has(j.externalId));
      const reserved = job ? reserveTx(agent.id, agent.user_id, job) : null;
      if (reserved && job)
        draftTx(
          agent.id,
          agent.user_id,
          reserved.id,
          reserved.token,
          `Hello, I read "${job.title}" and can deliver it well within your timeline.`,
        );
      finishTx(agent.id, agent.user_id, ids);
    }
    if (claimed.length < 100) break;
  }
  cpu.push(cpuMs(cpuFrom) / size);
  const ms = performance.now() - started;
  const made = drafts(db).n;
  closeDatabase(db);
  if (made !== size) throw new Error(`bare: ${made} drafts for ${size} agents`);
  return ms / size;
}

/**
 * The index on skill ids (match-index.ts) against every agent scoring every job: one tick over N
 * due agents of four trades, each trade one query (its title), each user with two skills of the
 * agent's trade and one of another, at the default floor; each query's page holds 30 jobs of its
 * trade and 20 of the others (a marketplace search by skill ids and words answers wider than one
 * trade). The same tick with the runner's index and without it (`matchIndex: false`), each on a
 * database seeded the same way, interleaved: the runner's CPU per tick and per agent, and the
 * drafts made (the same either way).
 */
const TRADES = [
  {
    title: 'React developer',
    skills: ['React', 'Node.js', 'TypeScript', 'PostgreSQL'],
    words: 'dashboard api frontend backend component hooks server database login charts',
  },
  {
    title: 'SEO writer',
    skills: ['SEO', 'Copywriting', 'WordPress', 'Content Writing'],
    words: 'blog posts articles keywords ranking website traffic newsletter headlines',
  },
  {
    title: 'Logo designer',
    skills: ['Logo Design', 'Graphic Design', 'Adobe Illustrator', 'Branding'],
    words: 'logo brand identity colours typography vector mockup print label',
  },
  {
    title: 'Python data scraping',
    skills: ['Python', 'Web Scraping', 'Pandas', 'Excel'],
    words: 'scrape listings spreadsheet csv report automation cleaning analysis prices',
  },
].map((trade) => ({ ...trade, words: trade.words.split(' ') }));

const MATCH_SHAPE: Shape = (i) => {
  const trade = TRADES[i % TRADES.length]!;
  const other = TRADES[(i + 1 + (i % 3)) % TRADES.length]!;
  const user = Math.floor(i / 2);
  return {
    title: trade.title,
    userSkills: [trade.skills[user % 4]!, trade.skills[(user + 1) % 4]!, other.skills[user % 4]!],
    minMatchScore: AGENT_DEFAULTS.minMatchScore,
  };
};

/** Each trade's jobs, deterministic: 30 of the trade's own and 20 of the others make a query's page. */
const TRADE_JOBS = TRADES.map((trade, t) => {
  let seed = 11 + t;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: 30 }, (_, i): Job => {
    const skills = [...new Set([pick(trade.skills), pick(trade.skills)])];
    const id = 5000 + t * 100 + i;
    return {
      ...POOL[0]!,
      id: `freelancer:${id}`,
      externalId: String(id),
      title: `${pick(trade.words)} ${pick(trade.words)} with ${skills[0]}`,
      description: Array.from({ length: 60 }, () => pick([...trade.words, ...skills, 'the', 'and', 'for', 'our', 'new'])).join(' '),
      url: `https://www.freelancer.com/projects/${id}`,
      type: next() < 0.5 ? 'fixed' : 'hourly',
      skills,
      datePosted: new Date(NOW.getTime() - i * 600_000).toISOString(),
      bidCount: Math.floor(next() * 20),
    };
  });
});

function tradeMarketplaces(): Marketplaces {
  const base = memoryMarketplaces({ searches: 0 });
  const search = async (_session: unknown, criteria: SearchCriteria): Promise<SearchPage> => {
    const t = Math.max(
      0,
      TRADES.findIndex((trade) => trade.title === criteria.title),
    );
    const others = TRADE_JOBS.filter((_, o) => o !== t)
      .flatMap((jobs, o) => jobs.slice(o * 7, o * 7 + 7))
      .slice(0, 20);
    const jobs = [...TRADE_JOBS[t]!, ...others].map((job) => ({ ...job, skills: [...job.skills], client: { ...job.client } }));
    return { jobs, total: jobs.length, hasMore: false };
  };
  return { ...base, freelancer: { ...base.freelancer, adapter: { ...base.freelancer.adapter, search } } };
}

/** One tick over N agents of the four trades, with the index or without; its CPU ms per tick into `cpu`, its drafts into `made`. */
async function matchTick(dir: string, size: number, indexed: boolean, cpu: number[], made: number[]): Promise<number> {
  const store = openSqliteStore(freshFile(dir, indexed ? 'indexed' : 'all-agents'));
  seed(store.writer, size, MATCH_SHAPE);
  const clock = manualClock(NOW);
  const learning = new MatchLearning({ store, clock });
  const runner = new Runner(
    {
      store,
      clock,
      log,
      marketplaces: tradeMarketplaces(),
      session: async () => null,
      writer,
      notifier: silentNotifier,
      quota: coverLetterQuotaService(store),
      matchModel: (userId) => learning.model(userId),
      searchSize: PAGE,
    },
    { matchIndex: indexed },
  );
  const started = performance.now();
  const cpuFrom = process.cpuUsage();
  const result = await runner.tick();
  cpu.push(cpuMs(cpuFrom));
  const ms = performance.now() - started;
  made.push(drafts(store.writer).n);
  await store.close();
  if (result.runs.length !== size) throw new Error(`match: ${result.runs.length} runs for ${size} agents`);
  return ms;
}

/**
 * The matching alone, without the database: each agent's page (analysed once per tick, as the tick
 * shares it) picked with the index or by scoring every job. CPU ms into `cpu`; answers how many
 * agent–job pairs were scored of how many.
 */
async function matchingAlone(size: number, indexed: boolean, cpu: number[]): Promise<{ scored: number; pairs: number }> {
  const marketplace = tradeMarketplaces().freelancer.adapter;
  const pages = await Promise.all(
    TRADES.map(async (trade) => (await marketplace.search(null, { title: trade.title } as SearchCriteria, 0, PAGE)).jobs),
  );
  const cpuFrom = process.cpuUsage();
  const analysed = pages.map((jobs) => jobs.map((job) => analyseJob(job)));
  const index = indexed ? new MatchIndex() : undefined;
  let unmatched = 0;
  let pairs = 0;
  for (let i = 0; i < size; i++) {
    const { title, userSkills, minMatchScore } = MATCH_SHAPE(i);
    const agent = { ...AGENT_DEFAULTS, id: `a${i}`, title, platform: 'freelancer', minMatchScore } as Agent;
    const page = analysed[i % TRADES.length]!;
    unmatched += pickJobs(page, agent, { skills: userSkills } as User, { now: NOW, index }).unmatched.length;
    pairs += page.length;
  }
  cpu.push(cpuMs(cpuFrom));
  return { scored: pairs - unmatched, pairs };
}

async function matchBench(dir: string): Promise<void> {
  const sizes = (process.env.RUNNER_BENCH_MATCH_SIZES ?? '100,1000').split(',').map(Number);
  console.log(
    `\nMatching new jobs to agents: one tick over N agents on ${TRADES.length} queries (50 jobs a page, default floor), the index on skill ids vs every agent scoring every job; median of ${ROUNDS} interleaved\n`,
  );
  const rows: string[][] = [];
  for (const size of sizes) {
    const cpu = { indexed: [] as number[], all: [] as number[] };
    const made = { indexed: [] as number[], all: [] as number[] };
    const alone = { indexed: [] as number[], all: [] as number[] };
    let share = { scored: 0, pairs: 1 };
    await interleaved(ROUNDS, {
      all: () => matchTick(dir, size, false, cpu.all, made.all),
      indexed: () => matchTick(dir, size, true, cpu.indexed, made.indexed),
      allAlone: async () => (await matchingAlone(size, false, alone.all), 0),
      indexedAlone: async () => ((share = await matchingAlone(size, true, alone.indexed)), 0),
    });
    const [all, indexed] = [median(cpu.all), median(cpu.indexed)];
    if (made.all.join() !== made.indexed.join())
      throw new Error(`match: drafts ${made.all.join()} without the index, ${made.indexed.join()} with it`);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const us = (value: number) => `${((value * 1000) / size).toFixed(0)} µs`;
    const [allAlone, indexedAlone] = [median(alone.all), median(alone.indexed)];
    rows.push([
      size.toLocaleString('en'),
      ms(all),
      ms(indexed),
      us(all),
      us(indexed),
      `${(indexed / all).toFixed(2)}×`,
      `${Math.round((100 * share.scored) / share.pairs)} %`,
      ms(allAlone),
      ms(indexedAlone),
      `${(indexedAlone / allAlone).toFixed(2)}×`,
      String(made.indexed[0]),
    ]);
  }
  printTable(
    [
      'agents',
      'all agents, CPU a tick',
      'indexed, CPU a tick',
      'all, per agent',
      'indexed, per agent',
      'indexed / all',
      'pairs scored',
      'matching alone, all',
      'matching alone, indexed',
      'ratio',
      'drafts (same)',
    ],
    rows,
  );
}

async function main() {
  const only = process.env.RUNNER_BENCH_ONLY;
  if (only === 'match') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-bench-'));
    try {
      await matchBench(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  if (only === 'product' || only === 'bare') {
    // For a profiler (`node --cpu-prof`): the product's tick (or the baseline) alone, once per size.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-bench-'));
    try {
      for (const size of SIZES)
        console.log(
          `${size} agents: ${((only === 'bare' ? bare(dir, size, []) : await product(dir, size, { searches: 0 }, [])) * 1000).toFixed(0)} µs per agent`,
        );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-bench-'));
  console.log(
    `Runner overhead per agent: one tick over N due agents, marketplace and writer answering from memory; median of ${ROUNDS} interleaved, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const rows: string[][] = [];
  try {
    for (const size of SIZES) {
      const searches = { searches: 0 };
      const cpu = { product: [] as number[], bare: [] as number[] };
      const result = await interleaved(ROUNDS, {
        product: () => product(dir, size, searches, cpu.product),
        bare: async () => bare(dir, size, cpu.bare),
      });
      const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
      const [productCpu, bareCpu] = [median(cpu.product), median(cpu.bare)];
      rows.push([
        size.toLocaleString('en'),
        us(result.product),
        `${((result.product * size) / 1000).toFixed(2)} s`,
        us(result.bare),
        `${(result.product / result.bare).toFixed(2)}×`,
        us(productCpu),
        us(bareCpu),
        `${(productCpu / bareCpu).toFixed(2)}×`,
        String(Math.round(searches.searches / ROUNDS)),
      ]);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    [
      'agents',
      'runner per agent',
      'tick',
      'bare SQL per agent',
      'runner / bare',
      'runner CPU',
      'bare CPU',
      'CPU ratio',
      'searches per tick',
    ],
    rows,
  );
  console.log('\nGoal: under 100 µs per agent (10,000 agents in under a second).');
  const matchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-bench-'));
  try {
    await matchBench(matchDir);
  } finally {
    fs.rmSync(matchDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
