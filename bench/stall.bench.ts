/**
 * `npm run bench -- stall`: does the runner's work hold up the API in `npm start`'s default layout?
 *
 * USERS users with four active agents each (every agent due) on one database; the product started
 * as `npm start` runs it (the start bundle, ROLE=all, a tick a second) either with the runner in
 * the API's own process (RUNNER_PROCESS=same) or in the child process it starts (child, the
 * default). While the runner processes the agents (the marketplace and the writer are a local fake
 * answering in 200 ms), a client keeps CONNECTIONS requests in flight, alternating GET /api/health
 * and the signed-in agent list (GET /api/automations/{userId}); the figure is each route's p99
 * answer time over the window in which the agents ran. Interleaved (same, child, same, child…),
 * median of ROUNDS, printed with the ratio same / child.
 *
 * The database: the SQLite file, or PostgreSQL on a throwaway local server with STALL_STORE=postgres.
 * STALL_USERS (100), STALL_AGENTS_PER_USER (4) and STALL_MAX_MINUTES (10, a layout's limit to
 * process every agent) size it: 1,000 users with two agents each is the issue's case.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { crashEnv, ProductProcess, startSlowWorld, type SlowWorld } from '../api/src/testing/crash-harness';
import { oauthReturnCookies } from '../api/src/testing/browser-flows';
import { consent } from '../api/src/testing/marketplace-server';
import { startPostgres } from '../api/src/testing/postgres-server';
import {
  postgresDatabases,
  postgresProductDatabase,
  sqliteProductDatabase,
  type ProductDatabase,
} from '../api/src/testing/product-database';
import { freePort, median, printTable, ROUNDS } from './support';

const USERS = Number(process.env.STALL_USERS ?? 100);
const AGENTS_PER_USER = Number(process.env.STALL_AGENTS_PER_USER ?? 4);
/** The longest one layout may take to process every agent. */
const MAX_MINUTES = Number(process.env.STALL_MAX_MINUTES ?? 10);
const CONNECTIONS = 4;
const NEVER = '0 0 0 1 1 *';
const MODES = ['same', 'child'] as const;
type Mode = (typeof MODES)[number];

/** Hours from eight hours before now to two after (UTC): every run has its five proposals due (as scale.bench.ts). */
function activeHours(now: Date): { startTime: string; endTime: string } {
  const minutes = (now.getUTCHours() * 60 + now.getUTCMinutes() - 8 * 60 + 24 * 60) % (24 * 60);
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { startTime: clock(minutes), endTime: clock((minutes + 10 * 60) % (24 * 60)) };
}

interface Seeded {
  dir: string;
  database: ProductDatabase;
  users: Array<{ token: string; id: string }>;
}

/** A data folder with USERS users, each with a connected Freelancer.com account and four active agents. */
async function seed(world: SlowWorld, bundle: string, database: (dir: string) => Promise<ProductDatabase>): Promise<Seeded> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-stall-'));
  const seeded = await database(dir);
  const api = new ProductProcess(await freePort(), { ...crashEnv(dir, seeded, world, 60), ROLE: 'api', RUNNER_SCHEDULE: NEVER }, bundle);
  await api.start();
  const users: Seeded['users'] = [];
  const hours = activeHours(new Date());
  try {
    for (let u = 0; u < USERS; u++) {
      const signup = await api.call('POST', '/api/auth/signup', undefined, {
        email: `stall.${u}@gmail.com`,
        password: 'Sturdy-Pass1',
        platformType: 'freelancer',
        timeZone: 'UTC',
      });
      if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
      const token = signup.json.data.token as string;
      users.push({ token, id: signup.json.data.user.id as string });
      await api.call('PUT', `/api/users/${signup.json.data.user.id}`, token, {
        skills: ['React', 'Node.js', 'TypeScript', 'Logo Design', 'SEO'],
      });
      const start = await api.call('POST', '/api/jobs/freelancer-oauth', token, { returnTo: 'login' });
      const { location } = await consent(start.json.url, { decision: 'allow', username: `stall_${u}` });
      await fetch(location, { redirect: 'manual', headers: { cookie: oauthReturnCookies(token, start.headers) } });
      for (let a = 0; a < AGENTS_PER_USER; a++) {
        const created = await api.call('POST', '/api/automations', token, {
          title: ['developer', 'react', 'logo', 'seo'][a],
          platform: 'freelancer',
          sendMode: a % 2 === 0 ? 'review' : 'auto',
          emailsPerDay: 5,
          ...hours,
          minMatchScore: 0,
        });
        if (created.status !== 201) throw new Error(`agent create answered ${created.status}`);
        await api.call('PUT', `/api/automations/status/${created.json.id}`, token, { status: 'active' });
      }
      if ((u + 1) % 25 === 0) console.log(`  seeded ${u + 1} of ${USERS} users`);
    }
  } finally {
    await api.stop();
  }
  return { dir, database: seeded, users };
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
};

interface Figure {
  healthP99: number;
  listP99: number;
  requests: number;
  /** Connections the server dropped under the client (asked again; counted in the time). */
  resets: number;
  seconds: number;
}

/** The product as `npm start` runs it, in `mode`, on a copy of the seeded data: API p99 while its runner runs every agent once. */
async function measure(world: SlowWorld, bundle: string, seeded: Seeded, mode: Mode): Promise<Figure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-stall-run-'));
  const database = await seeded.database.copy(seeded.dir, dir);
  let done = false;
  const product = new ProductProcess(
    await freePort(),
    { ...crashEnv(dir, database, world, 60), ROLE: 'all', RUNNER_PROCESS: mode },
    bundle,
  );
  try {
    const started = new Date();
    await product.start();
    const health: number[] = [];
    const list: number[] = [];
    let resets = 0;
    // A connection the server dropped (its idle timer fired during a long stall) is asked again on
    // a new one, as a browser would: the time counted is the whole wait.
    const timed = async (url: string, token: string | undefined, into: number[]) => {
      const at = performance.now();
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${product.url}${url}`, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
          break;
        } catch (error) {
          if (attempt >= 3 || !(error instanceof TypeError)) throw error;
          resets++;
        }
      }
      into.push(performance.now() - at);
    };
    let failure: unknown;
    const clients = Array.from({ length: CONNECTIONS }, async (_, c) => {
      const user = seeded.users[c % seeded.users.length]!;
      while (!done) {
        await timed('/api/health', undefined, health);
        await timed(`/api/automations/${user.id}`, user.token, list);
      }
    }).map((client) => client.catch((error: unknown) => void (failure ??= error)));
    const from = Date.now();
    for (; !failure;) {
      // SQLite keeps times as milliseconds, PostgreSQL as timestamps.
      const since = database.env.DATABASE_URL ? `'${started.toISOString()}'::timestamptz` : String(started.getTime());
      const [row] = await database.query<{ processed: number; total: number }>(
        `SELECT CAST(count(*) FILTER (WHERE next_run_at > ${since}) AS integer) AS processed, CAST(count(*) AS integer) AS total FROM agents`,
      );
      if (row!.processed >= row!.total) break;
      if (Date.now() - from > MAX_MINUTES * 60_000)
        throw new Error(`${row!.processed} of ${row!.total} agents processed in ${MAX_MINUTES} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    done = true;
    await Promise.all(clients);
    if (failure) throw failure;
    return {
      healthP99: p99(health),
      listP99: p99(list),
      requests: health.length + list.length,
      resets,
      seconds: (Date.now() - from) / 1000,
    };
  } finally {
    done = true;
    await product.stop();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const bundle = await ensureServerBuild('start', (line) => console.log(line));
  const fixed = (ms: number) => [ms, ms];
  const world = await startSlowWorld(() => 0, { bidMs: fixed(200), searchMs: fixed(200), writerMs: fixed(200) });
  const server = process.env.STALL_STORE === 'postgres' ? await startPostgres() : undefined;
  const create = server ? postgresDatabases(server.url) : undefined;
  const database = async (dir: string) => (create ? postgresProductDatabase(await create(), create) : sqliteProductDatabase(dir));
  const on = server ? 'PostgreSQL (a throwaway local server)' : 'SQLite';
  console.log(`Seeding ${USERS} users with ${AGENTS_PER_USER} agents each on ${on}…`);
  const seeded = await seed(world, bundle, database);
  try {
    const figures = new Map<Mode, Figure[]>(MODES.map((mode) => [mode, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of MODES) {
        const figure = await measure(world, bundle, seeded, mode);
        figures.get(mode)!.push(figure);
        console.log(
          `  round ${round}, ${mode}: health p99 ${figure.healthP99.toFixed(1)} ms, list p99 ${figure.listP99.toFixed(1)} ms (${figure.requests} requests in ${figure.seconds.toFixed(1)} s, ${figure.resets} dropped connections asked again)`,
        );
      }
    }
    const of = (mode: Mode, pick: (figure: Figure) => number) => median(figures.get(mode)!.map(pick));
    console.log(
      `\nAPI p99 while the runner runs ${USERS * AGENTS_PER_USER} due agents on ${on}, npm start's bundle, ${CONNECTIONS} requests in flight (median of ${ROUNDS}, interleaved; ${os.cpus().length} cores)`,
    );
    printTable(
      ['route', 'one process (same)', 'runner child (child)', 'same / child'],
      [
        ['GET /api/health', (figure: Figure) => figure.healthP99] as const,
        ['GET /api/automations/{userId}', (figure: Figure) => figure.listP99] as const,
      ].map(([route, pick]) => {
        const same = of('same', pick);
        const child = of('child', pick);
        return [route, `${same.toFixed(1)} ms`, `${child.toFixed(1)} ms`, `${(same / child).toFixed(2)}×`];
      }),
    );
  } finally {
    await seeded.database.close();
    fs.rmSync(seeded.dir, { recursive: true, force: true });
    await world.close();
    await server?.stop();
  }
}

await main();
