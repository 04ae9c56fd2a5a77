import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort, startProcess, stopProcess } from './support';

/**
 * `npm run bench`: requests per second and p50/p99 latency of GET /api/health and
 * POST /api/auth/signin on the real server (its own process, real SQLite, Argon2id, logging), next
 * to a bare node:http server answering the same JSON in the same run. Prints figures; never fails
 * on them.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; connections: number; headers?: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    connections: options.connections,
    duration: DURATION,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-bench-'));
  const apiPort = await freePort();
  const barePort = await freePort();
  const api = await startProcess(
    'scripts/serve-api.ts',
    { PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'off', LOG_LEVEL: 'info' },
    `http://127.0.0.1:${apiPort}/api/health`,
  );
  const bare = await startProcess('bench/bare-server.ts', { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/api/health`);
  try {
    const credentials = { email: 'bench@gmail.com', password: 'Bench-Pass1' };
    const signup = await fetch(`http://127.0.0.1:${apiPort}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, platformType: 'upwork' }),
    });
    if (signup.status !== 201) throw new Error(`could not create the bench account: ${signup.status}`);
    const signinBody = JSON.stringify(credentials);

    const cases = [
      { name: 'GET /api/health', method: 'GET' as const, body: undefined, connections: 50 },
      { name: 'POST /api/auth/signin', method: 'POST' as const, body: signinBody, connections: 8 },
    ];
    console.log(`Bidpilot API vs bare node:http, ${DURATION} s per case, ${os.cpus().length} cores, Node ${process.version}`);
    console.log('(sign-in hashes with Argon2id, 19 MiB, t=2, on every request; rate limits off for the run)\n');
    const header = ['route', 'conns', 'api req/s', 'api p50 ms', 'api p99 ms', 'bare req/s', 'bare p50', 'bare p99', 'api/bare'];
    const rows: string[][] = [];
    for (const c of cases) {
      const path = c.name.split(' ')[1]!;
      const mine = await measure(`http://127.0.0.1:${apiPort}${path}`, c);
      const base = await measure(`http://127.0.0.1:${barePort}${path}`, c);
      if (mine.errors || mine.non2xx) console.log(`  note: ${c.name} had ${mine.errors} errors and ${mine.non2xx} non-2xx answers`);
      rows.push([
        c.name,
        String(c.connections),
        mine.rps.toFixed(0),
        String(mine.p50),
        String(mine.p99),
        base.rps.toFixed(0),
        String(base.p50),
        String(base.p99),
        `${((mine.rps / base.rps) * 100).toFixed(1)}%`,
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));

    await agentsListCase(apiPort, dataDir);
  } finally {
    await stopProcess(api);
    await stopProcess(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * GET /api/automations/{userId} with 50 agents over HTTP, next to the bare better-sqlite3 query of
 * the same rows (prepared once, rows parsed) in this process.
 */
async function agentsListCase(apiPort: number, dataDir: string) {
  const api = `http://127.0.0.1:${apiPort}/api`;
  const signup = await fetch(`${api}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agents.bench@gmail.com', password: 'Bench-Pass1', platformType: 'upwork' }),
  });
  const { data } = (await signup.json()) as { data: { token: string; user: { id: string } } };
  const auth = { authorization: `Bearer ${data.token}` };
  // The first agent through the API (so its document is exactly what the API writes), the other 49
  // copied from it straight into SQLite: the trial plan would refuse more than four.
  const first = await fetch(`${api}/automations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ title: 'Bench agent', platform: 'upwork', skills: ['React', 'Node.js', 'TypeScript'] }),
  });
  if (first.status !== 201) throw new Error(`could not create the bench agent: ${first.status}`);
  const sqlite = new Database(path.join(dataDir, 'bidpilot.sqlite'));
  sqlite.pragma('busy_timeout = 5000');
  const row = sqlite.prepare('select * from agents where user_id = ?').get(data.user.id) as Record<string, unknown>;
  const insert = sqlite.prepare(
    'insert into agents (id, user_id, status, fields, field_versions, created_at, updated_at, emails_sent, jobs_found, version) values (?, ?, ?, ?, ?, ?, ?, 0, 0, 1)',
  );
  sqlite.transaction(() => {
    for (let i = 1; i < 50; i++) {
      insert.run(crypto.randomUUID(), data.user.id, row.status, row.fields, row.field_versions, Number(row.created_at) + i, Number(row.updated_at) + i);
    }
  })();
  const list = await fetch(`${api}/automations/${data.user.id}`, { headers: auth });
  const count = ((await list.json()) as { data: unknown[] }).data.length;

  const viaApi = await measure(`${api}/automations/${data.user.id}`, { connections: 20, headers: auth });
  const query = sqlite.prepare('select * from agents where user_id = ? order by created_at desc');
  const deadline = performance.now() + DURATION * 1000;
  let runs = 0;
  while (performance.now() < deadline) {
    for (const r of query.all(data.user.id) as Array<{ fields: string; field_versions: string }>) {
      JSON.parse(r.fields);
      JSON.parse(r.field_versions);
    }
    runs++;
  }
  const bare = runs / DURATION;
  sqlite.close();
  console.log(`\nGET /api/automations/{userId}, ${count} agents, 20 connections`);
  console.log(`  api over HTTP: ${viaApi.rps.toFixed(0)} req/s, p50 ${viaApi.p50} ms, p99 ${viaApi.p99} ms`);
  console.log(`  bare better-sqlite3 query + JSON.parse of the same rows: ${bare.toFixed(0)} queries/s`);
  console.log(`  api/bare: ${((viaApi.rps / bare) * 100).toFixed(1)}%`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
