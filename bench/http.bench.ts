import os from 'node:os';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { apiAndBare, interleaved, printTable, ROUNDS } from './support';

/**
 * `npm run bench -- http`: requests per second of GET /api/health, POST /api/auth/signin and the
 * signed-in agent list (50 agents) on the real server (its own process, real SQLite, Argon2id,
 * logging at info), each next to a bare node:http server answering the same JSON (the agent list
 * from the same SQLite file with bare better-sqlite3, over HTTP too). API and bare take turns,
 * ROUNDS times; each figure is the median. Prints figures; never fails on them.
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

async function rps(base: string, c: Case): Promise<number> {
  const result = await autocannon({
    url: `${base}${c.path}`,
    method: c.method ?? 'GET',
    body: c.body,
    headers: { ...(c.body ? { 'content-type': 'application/json' } : {}), ...c.headers },
    connections: c.connections,
    duration: DURATION,
  });
  if (result.errors + result.timeouts + result.non2xx > 0) {
    console.log(`  note: ${c.name} at ${base}: ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx answers`);
  }
  return result.requests.average;
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
  const { dbFile, apiBase, bareBase, startBare, stop } = await apiAndBare('info');
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
    console.log(`Bidpilot API vs bare node:http (+ bare better-sqlite3 for the agent list), ${DURATION} s per run,`);
    console.log(`median of ${ROUNDS} interleaved runs, ${os.cpus().length} cores, Node ${process.version}`);
    console.log('(sign-in hashes with Argon2id, 19 MiB, t=2, on every request; rate limits off for the run)\n');
    const rows: string[][] = [];
    for (const c of cases) {
      const figures = await interleaved(ROUNDS, { api: () => rps(apiBase, c), bare: () => rps(bareBase, c) });
      rows.push([c.name, String(c.connections), figures.api.toFixed(0), figures.bare.toFixed(0), (figures.api / figures.bare).toFixed(2)]);
    }
    printTable(['route', 'conns', 'api req/s', 'bare req/s', 'api/bare'], rows);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
