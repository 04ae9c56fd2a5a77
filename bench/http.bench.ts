import os from 'node:os';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { busyShare, machineCpu, processCpuSeconds } from './cpu';
import { apiAndBare, median, printTable, ROUNDS } from './support';

/**
 * `npm run bench -- http`: GET /api/health, POST /api/auth/signin and the signed-in agent list (50
 * agents) on the real server (its own process from the built bundle, real SQLite, Argon2id, logging
 * at info), each next to a bare node:http server answering the same JSON (the agent list from the
 * same SQLite file with bare better-sqlite3, over HTTP too). Both over the same transport (HTTP/1.1
 * on loopback, keep-alive) with the same connections; API and bare take turns, ROUNDS times, and
 * each figure is the median. For each it prints requests per second and the server's CPU per
 * request (its process's user and system time over the run, from /proc), and the ratios.
 *
 * CPU per request is the figure to trust on a small machine: the load generator (autocannon, in this
 * process) needs about as much CPU per request as a bare server, so on two cores a bare server
 * outruns the client and its requests per second measure the client, not the server: the
 * requests-per-second ratio then comes out near 1 (this bench printed 0.87 for the health check while
 * an outside measurement of CPU per request found 0.41). The client's share of a core is printed
 * beside each figure: near 100 %, the requests per second were bound by the client.
 * Prints figures; never fails on them.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  headers?: Record<string, string>;
}

interface Load {
  rps: number;
  /** The server's CPU (user and system) per request, µs; NaN where /proc cannot be read. */
  cpuUs: number;
  /** The share of one core this process (the load generator) used meanwhile. */
  client: number;
}

async function load(base: string, pid: number | undefined, c: Case): Promise<Load> {
  const cpuBefore = processCpuSeconds(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${c.path}`,
    method: c.method ?? 'GET',
    body: c.body,
    headers: { ...(c.body ? { 'content-type': 'application/json' } : {}), ...c.headers },
    connections: c.connections,
    duration: DURATION,
  });
  const wallUs = (performance.now() - started) * 1000;
  const cpuAfter = processCpuSeconds(pid);
  const client = process.cpuUsage(clientBefore);
  if (result.errors + result.timeouts + result.non2xx > 0) {
    console.log(`  note: ${c.name} at ${base}: ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx answers`);
  }
  const served = result.requests.total;
  return {
    rps: result.requests.average,
    cpuUs: cpuBefore !== undefined && cpuAfter !== undefined && served > 0 ? ((cpuAfter - cpuBefore) * 1e6) / served : Number.NaN,
    client: (client.user + client.system) / wallUs,
  };
}

/** API and bare in turns, `ROUNDS` times; the median of each figure. */
async function compare(c: Case, api: () => Promise<Load>, bare: () => Promise<Load>) {
  const runs = { api: [] as Load[], bare: [] as Load[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.api.push(await api());
    runs.bare.push(await bare());
  }
  const of = (side: Load[], key: keyof Load) => median(side.map((run) => run[key]));
  return {
    api: { rps: of(runs.api, 'rps'), cpuUs: of(runs.api, 'cpuUs'), client: of(runs.api, 'client') },
    bare: { rps: of(runs.bare, 'rps'), cpuUs: of(runs.bare, 'cpuUs'), client: of(runs.bare, 'client') },
  };
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A user with 50 agents: the first through the API, 49 copied in SQLite (the trial allows four). */
async function seedAgents(api: string, dbFile: string): Promise<{ token: string; userId: string }> {
  const signup = await post(`${api}/auth/signup`, { email: 'agents.bench@gmail.com', password: 'Bench-Pass1', platformType: 'upwork' });
  const { data } = (await signup.json()) as { data: { token: string; user: { id: string } } };
  const first = await post(
    `${api}/automations`,
    { title: 'Bench agent', platform: 'upwork', skills: ['React', 'Node.js', 'TypeScript'] },
    { authorization: `Bearer ${data.token}` },
  );
  if (first.status !== 201) throw new Error(`could not create the bench agent: ${first.status}`);
  const sqlite = new Database(dbFile);
  sqlite.pragma('busy_timeout = 5000');
  const row = sqlite.prepare('select * from agents where user_id = ?').get(data.user.id) as Record<string, unknown>;
  const insert = sqlite.prepare(
    'insert into agents (id, user_id, status, fields, field_versions, created_at, updated_at, emails_sent, jobs_found, version) values (?, ?, ?, ?, ?, ?, ?, 0, 0, 1)',
  );
  sqlite.transaction(() => {
    for (let i = 1; i < 50; i++)
      insert.run(
        crypto.randomUUID(),
        data.user.id,
        row.status,
        row.fields,
        row.field_versions,
        Number(row.created_at) + i,
        Number(row.updated_at) + i,
      );
  })();
  sqlite.close();
  return { token: data.token, userId: data.user.id };
}

async function main() {
  const { dbFile, apiBase, bareBase, startBare, stop, apiPid, barePid } = await apiAndBare('info');
  try {
    const credentials = { email: 'bench@gmail.com', password: 'Bench-Pass1' };
    const signup = await post(`${apiBase}/api/auth/signup`, { ...credentials, platformType: 'upwork' });
    if (signup.status !== 201) throw new Error(`could not create the bench account: ${signup.status}`);
    const owner = await seedAgents(`${apiBase}/api`, dbFile);
    await startBare();

    const cases: Case[] = [
      { name: 'GET /api/health', path: '/api/health', connections: 50 },
      { name: 'POST /api/auth/signin', path: '/api/auth/signin', method: 'POST', body: JSON.stringify(credentials), connections: 8 },
      {
        name: 'GET /api/automations/{userId}, 50 agents',
        path: `/api/automations/${owner.userId}`,
        connections: 20,
        headers: { authorization: `Bearer ${owner.token}` },
      },
    ];
    const busyBefore = machineCpu();
    console.log(`Bidpilot API vs bare node:http (+ bare better-sqlite3 for the agent list), ${DURATION} s per run,`);
    console.log(
      `median of ${ROUNDS} interleaved runs, ${os.cpus().length} cores, Node ${process.version}; HTTP/1.1 keep-alive on loopback`,
    );
    console.log('(sign-in hashes with Argon2id, 19 MiB, t=2, on every request, the bare one does not; rate limits off)\n');
    const rows: string[][] = [];
    const pct = (share: number) => `${Math.round(share * 100)}%`;
    for (const c of cases) {
      const { api, bare } = await compare(
        c,
        () => load(apiBase, apiPid(), c),
        () => load(bareBase, barePid(), c),
      );
      rows.push([
        c.name,
        String(c.connections),
        api.rps.toFixed(0),
        bare.rps.toFixed(0),
        (api.rps / bare.rps).toFixed(2),
        api.cpuUs.toFixed(1),
        bare.cpuUs.toFixed(1),
        (bare.cpuUs / api.cpuUs).toFixed(2),
        `${pct(api.client)} / ${pct(bare.client)}`,
      ]);
    }
    printTable(
      ['route', 'conns', 'api req/s', 'bare req/s', 'api/bare', 'api µs CPU/req', 'bare µs CPU/req', 'bare/api CPU', 'client core'],
      rows,
    );
    const busy = busyShare(busyBefore, machineCpu());
    console.log(`\nThe machine was ${busy === undefined ? 'n/a' : pct(busy)} busy over the runs (all cores, every process). Ratios near 1`);
    console.log('in req/s with the client near 100 % of a core measure the client: read the CPU ratio then.');
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
