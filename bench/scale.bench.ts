/**
 * `npm run bench -- scale`: how the product grows with processes on one database (issue 17).
 *
 * The database: PostgreSQL on a throwaway local server when the machine has one (the deployment of
 * the README's "On PostgreSQL"), else the SQLite file; SCALE_STORE=sqlite|postgres chooses.
 *
 * Runners: USERS users with four active agents each (a trial's limit) in one database, every
 * agent due; then 1, 2 or 4 runner processes (ROLE=runner, a tick a second) start on a copy of it,
 * and the figure is agents processed per second until every agent has been (run, or passed over at
 * its user's daily cap), with five proposals due per agent (`activeHours`). The marketplace and
 * the letter writer are a local fake that answers every search, bid and letter in 200 ms, so what
 * limits a process is how much it has under way, not a core. Beside each figure: the runners' CPU
 * per agent (all their threads, from /proc), how busy the machine's cores were (runners, database
 * and fakes together: when they are nearly all busy, the cores are the bound, not the product), and
 * on PostgreSQL the transactions it rolled back per agent (conflicts, run again).
 *
 * API: 1 or 2 API processes (ROLE=api) on one database, a client spreading GET /api/automations/{userId}
 * (the signed-in agent list) over them round robin like a load balancer, CONNECTIONS requests in
 * flight, for SECONDS seconds; the figure is requests answered per second.
 *
 * Interleaved, median of ROUNDS, each next to the one-process figure as a ratio. The machine's
 * cores bound the API figure: the client runs beside the servers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { crashEnv, ProductProcess, startSlowWorld, type SlowWorld } from '../api/src/testing/crash-harness';
import { oauthReturnCookies } from '../api/src/testing/browser-flows';
import { consent } from '../api/src/testing/marketplace-server';
import { postgresBinDir, startPostgres } from '../api/src/testing/postgres-server';
import {
  postgresDatabases,
  postgresProductDatabase,
  sqliteProductDatabase,
  type ProductDatabase,
} from '../api/src/testing/product-database';
import { busyShare, machineCpu, processCpuSeconds } from './cpu';
import { freePort, median, printTable, ROUNDS } from './support';

/**
 * 180 users, 720 agents: each runner process compiles and optimises its hot code by itself, and over
 * 240 agents that warm-up still weighed on four fresh runners' CPU per agent (62 ms, against 42 ms
 * for one runner; 46 and 37 ms over 720). A deployed runner runs for days.
 */
const USERS = Number(process.env.SCALE_USERS ?? 180);
const AGENTS_PER_USER = 4;
const counts = (value: string | undefined, all: number[]) => (value === undefined ? all : value.split(',').filter(Boolean).map(Number));
/** SCALE_RUNNERS=1 / SCALE_APIS= (empty: none) narrow a run, e.g. to profile one runner. */
const RUNNERS = counts(process.env.SCALE_RUNNERS, [1, 2, 4]);
const APIS = counts(process.env.SCALE_APIS, [1, 2]);
/** 20 s: over 5 s, fresh processes' warm-up weighed on the figures (one API process 954 µs of CPU per request, 680 µs over 20 s). */
const SECONDS = Number(process.env.SCALE_SECONDS ?? 20);
const CONNECTIONS = 32;
const NEVER = '0 0 0 1 1 *';

/**
 * The agents' active hours (UTC, the users' zone): from eight hours before the seeding to two hours
 * after. The runner paces an agent's proposals over its hours (modules/runner/schedule.ts), so with hours
 * of 00:00–23:59 what a run had to write depended on the time of day the bench ran at (one
 * proposal per agent just after midnight, five in the evening). Eight of the ten hours gone, five
 * a day: every run has its five due, whenever the bench runs (within two hours of seeding).
 */
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-scale-'));
  const seeded = await database(dir);
  const api = new ProductProcess(await freePort(), { ...crashEnv(dir, seeded, world, 60), ROLE: 'api', RUNNER_SCHEDULE: NEVER }, bundle);
  await api.start();
  const users: Seeded['users'] = [];
  const hours = activeHours(new Date());
  try {
    for (let u = 0; u < USERS; u++) {
      const signup = await api.call('POST', '/api/auth/signup', undefined, {
        email: `scale.${u}@gmail.com`,
        password: 'Sturdy-Pass1',
        platformType: 'freelancer',
        timeZone: 'UTC',
      });
      if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
      const token = signup.json.data.token as string;
      users.push({ token, id: signup.json.data.user.id as string });
      await api.call('PUT', `/api/users/${signup.json.data.user.id}`, token, {
        skills: ['React', 'Node.js', 'TypeScript', 'Logo Design', 'SEO', 'PHP'],
      });
      const start = await api.call('POST', '/api/jobs/freelancer-oauth', token, { returnTo: 'login' });
      const { location } = await consent(start.json.url, { decision: 'allow', username: `scale_${u}` });
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
        if (created.status !== 201) throw new Error(`agent create answered ${created.status}: ${JSON.stringify(created.json)}`);
        await api.call('PUT', `/api/automations/status/${created.json.id}`, token, { status: 'active' });
      }
      if ((u + 1) % 20 === 0) console.log(`  seeded ${u + 1} of ${USERS} users`);
    }
  } finally {
    await api.stop();
  }
  return { dir, database: seeded, users };
}

/** A private copy of the seeded data (the folder with its secrets, and the database). */
async function copyOf(seeded: Seeded): Promise<{ dir: string; database: ProductDatabase }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-scale-run-'));
  return { dir, database: await seeded.database.copy(seeded.dir, dir) };
}

/**
 * Agents a runner has processed since `since`: each was due then, and processing one moves when it is
 * next due past it, whether it ran or was passed over (outside its hours, or its user at the day's cap).
 */
async function agentsProcessedSince(database: ProductDatabase, since: Date): Promise<{ processed: number; total: number }> {
  const [row] = await database.query<{ processed: number; total: number }>(
    'SELECT CAST(count(*) FILTER (WHERE next_run_at > $1) AS integer) AS processed, CAST(count(*) AS integer) AS total FROM agents',
    [since],
  );
  return row!;
}

interface RunnerFigure {
  /** Agents processed per second. */
  perSecond: number;
  /** CPU the runner processes used per agent, all of them together, in ms (undefined off Linux). */
  cpuPerAgentMs: number | undefined;
  /** How busy the machine's cores were meanwhile, runners, database and fakes together (0–1). */
  busy: number | undefined;
  /** Transactions PostgreSQL rolled back per agent (serialization failures, run again); undefined on SQLite. */
  rolledBack: number | undefined;
}

/** CPU seconds the processes have used so far, all together (undefined off Linux). */
function cpuOf(procs: ProductProcess[]): number | undefined {
  let seconds = 0;
  for (const proc of procs) {
    const used = processCpuSeconds(proc.child?.pid);
    if (used === undefined) return undefined;
    seconds += used;
  }
  return seconds;
}

/**
 * Transactions a PostgreSQL database has rolled back so far (read once its processes have ended:
 * a backend reports its counts as it exits); undefined on SQLite.
 */
async function rollbacks(database: ProductDatabase): Promise<number | undefined> {
  if (!database.env.DATABASE_URL) return undefined;
  const [row] = await database.query<{ rollbacks: number }>(
    'SELECT CAST(xact_rollback AS integer) AS rollbacks FROM pg_stat_database WHERE datname = current_database()',
  );
  return row?.rollbacks;
}

/**
 * Agents processed per second by `count` runner processes, from their start until every agent ran
 * once; with the runners' CPU per agent, which stays flat as processes are added when they do not
 * get in each other's way, and how busy the machine was, which says when the cores are the bound.
 */
async function runners(world: SlowWorld, bundle: string, seeded: Seeded, count: number): Promise<RunnerFigure> {
  const { dir, database } = await copyOf(seeded);
  const env = { ...crashEnv(dir, database, world, 60), ROLE: 'runner', RUNNER_SCHEDULE: '* * * * * *' };
  const procs = await Promise.all(Array.from({ length: count }, async () => new ProductProcess(await freePort(), env, bundle)));
  const runnerCpu = () => cpuOf(procs);
  try {
    await Promise.all(procs.map((p) => p.start()));
    const started = Date.now();
    const cpuBefore = runnerCpu();
    const machineBefore = machineCpu();
    for (let polls = 1; ; polls++) {
      const { processed, total } = await agentsProcessedSince(database, new Date(started));
      if (polls === 1 || polls % 50 === 0) console.log(`  ${count} runner(s): ${processed} of ${total} agents processed`);
      if (processed >= total) {
        const perSecond = total / ((Date.now() - started) / 1000);
        const cpuAfter = runnerCpu();
        const busy = busyShare(machineBefore, machineCpu());
        const cpuPerAgentMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / total;
        const [row] = await database.query<{ proposals: number }>('SELECT CAST(count(*) AS integer) AS proposals FROM job_items');
        console.log(`  ${count} runner(s): ${row?.proposals ?? 0} proposals written for ${total} agents`);
        await Promise.all(procs.map((p) => p.stop()));
        const rolledBack = await rollbacks(database);
        return { perSecond, cpuPerAgentMs, busy, rolledBack: rolledBack === undefined ? undefined : rolledBack / total };
      }
      if (Date.now() - started > 600_000) throw new Error(`${processed} of ${total} agents processed in 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface ApiFigure {
  /** Requests answered per second. */
  perSecond: number;
  /** CPU the API processes used per request, all of them together, in µs (undefined off Linux). */
  cpuPerRequestUs: number | undefined;
  /** How busy the machine's cores were meanwhile, the client among them (0–1). */
  busy: number | undefined;
}

/** Requests per second answered by `count` API processes sharing the load round robin. */
async function apis(world: SlowWorld, bundle: string, seeded: Seeded, count: number): Promise<ApiFigure> {
  const { dir, database } = await copyOf(seeded);
  const env = { ...crashEnv(dir, database, world, 60), ROLE: 'api', RUNNER_SCHEDULE: NEVER };
  const procs = await Promise.all(Array.from({ length: count }, async () => new ProductProcess(await freePort(), env, bundle)));
  try {
    await Promise.all(procs.map((p) => p.start()));
    let next = 0;
    let answered = 0;
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const cpuBefore = cpuOf(procs);
    const machineBefore = machineCpu();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        const user = seeded.users[c % seeded.users.length]!;
        while (Date.now() < until) {
          const proc = procs[next++ % procs.length]!;
          const res = await fetch(`${proc.url}/api/automations/${user.id}`, { headers: { authorization: `Bearer ${user.token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`GET /api/automations/{userId} answered ${res.status}`);
          answered++;
        }
      }),
    );
    const perSecond = answered / ((Date.now() - started) / 1000);
    const cpuAfter = cpuOf(procs);
    const cpuPerRequestUs = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / answered;
    return { perSecond, cpuPerRequestUs, busy: busyShare(machineBefore, machineCpu()) };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The median of readings that all exist; undefined when any is missing (off Linux, or on SQLite). */
function medianOf(values: Array<number | undefined>): number | undefined {
  return values.every((value) => value !== undefined) ? median(values as number[]) : undefined;
}

async function main() {
  const bundle = await ensureServerBuild('serve-api', (line) => console.log(line));
  const fixed = (ms: number) => [ms, ms];
  const world = await startSlowWorld(() => 0, { bidMs: fixed(200), searchMs: fixed(200), writerMs: fixed(200) });
  // PostgreSQL (issue 17's deployment) when the machine has it, else the SQLite file; SCALE_STORE picks.
  const engine = process.env.SCALE_STORE ?? (postgresBinDir() ? 'postgres' : 'sqlite');
  const server = engine === 'postgres' ? await startPostgres() : undefined;
  const create = server ? postgresDatabases(server.url) : undefined;
  const database = async (dir: string) => (create ? postgresProductDatabase(await create(), create) : sqliteProductDatabase(dir));
  const on = server ? 'one PostgreSQL database (a throwaway local server)' : 'one SQLite file';
  console.log(`Seeding ${USERS} users with ${AGENTS_PER_USER} agents each on ${on}…`);
  const seeded = await seed(world, bundle, database);
  try {
    const runnerFigures = new Map<number, RunnerFigure[]>(RUNNERS.map((n) => [n, []]));
    const apiFigures = new Map<number, ApiFigure[]>(APIS.map((n) => [n, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const n of RUNNERS) runnerFigures.get(n)!.push(await runners(world, bundle, seeded, n));
      for (const n of APIS) apiFigures.get(n)!.push(await apis(world, bundle, seeded, n));
      console.log(`  round ${round} of ${ROUNDS} done`);
    }
    // Each figure next to the first process count measured (one, unless SCALE_RUNNERS / SCALE_APIS say otherwise).
    const busyCell = (busy: number | undefined) => (busy === undefined ? 'n/a' : `${Math.round(busy * 100)} %`);
    if (RUNNERS.length) {
      const of = (n: number, pick: (figure: RunnerFigure) => number | undefined) => medianOf(runnerFigures.get(n)!.map(pick));
      const base = of(RUNNERS[0]!, (figure) => figure.perSecond)!;
      console.log(
        `\nRunner processes on ${on}, ${USERS * AGENTS_PER_USER} due agents, marketplace and writer answering in 200 ms (median of ${ROUNDS}, interleaved; ${os.cpus().length} cores)`,
      );
      printTable(
        ['runner processes', 'agents/s', `vs ${RUNNERS[0]}`, 'runner CPU per agent', 'cores busy', 'rolled back per agent'],
        RUNNERS.map((n) => {
          const perSecond = of(n, (figure) => figure.perSecond)!;
          const cpu = of(n, (figure) => figure.cpuPerAgentMs);
          const busy = of(n, (figure) => figure.busy);
          const rolledBack = of(n, (figure) => figure.rolledBack);
          return [
            String(n),
            perSecond.toFixed(1),
            `${(perSecond / base).toFixed(2)}× (linear ${n / RUNNERS[0]!}×)`,
            cpu === undefined ? 'n/a' : `${cpu.toFixed(1)} ms`,
            busyCell(busy),
            rolledBack === undefined ? 'n/a' : rolledBack.toFixed(2),
          ];
        }),
      );
    }
    if (APIS.length) {
      const of = (n: number, pick: (figure: ApiFigure) => number | undefined) => medianOf(apiFigures.get(n)!.map(pick));
      const base = of(APIS[0]!, (figure) => figure.perSecond)!;
      console.log(
        `\nAPI processes on ${on}, GET /api/automations/{userId}, ${CONNECTIONS} requests in flight for ${SECONDS} s, round robin (median of ${ROUNDS}, interleaved; ${os.cpus().length} cores, the client among them)`,
      );
      printTable(
        ['API processes', 'requests/s', `vs ${APIS[0]}`, 'API CPU per request', 'cores busy'],
        APIS.map((n) => {
          const perSecond = of(n, (figure) => figure.perSecond)!;
          const cpu = of(n, (figure) => figure.cpuPerRequestUs);
          return [
            String(n),
            perSecond.toFixed(0),
            `${(perSecond / base).toFixed(2)}×`,
            cpu === undefined ? 'n/a' : `${cpu.toFixed(0)} µs`,
            busyCell(of(n, (figure) => figure.busy)),
          ];
        }),
      );
    }
  } finally {
    await seeded.database.close();
    fs.rmSync(seeded.dir, { recursive: true, force: true });
    await world.close();
    await server?.stop();
  }
}

await main();
