import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
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

async function measure(url: string, options: { method?: 'GET' | 'POST'; body?: string; connections: number }): Promise<Figures> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.body ? { 'content-type': 'application/json' } : {},
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
  } finally {
    await stopProcess(api);
    await stopProcess(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
