/**
 * `npm run bench -- cold-start`: from spawning the server on a fresh data folder to the first 200 of
 * GET /api/health, the PWA build already in place: from the built bundle (`node
 * dist/server/start.mjs`, what `npm start` runs once its builds are checked), the same restarted on
 * the data folder of an earlier start, and through `npm start`'s command (as package.json says it,
 * with node_modules/.bin on the PATH, without npm's own start-up). Baseline in the same run: a bare node:http server started the same way. Interleaved,
 * median of ROUNDS, wall time and the process's CPU time at that moment (from /proc: on a machine
 * busy with other work the wall time stretches, the CPU time much less). Then, as the server builds
 * its app on the first request that needs it (api/src/main.ts), the time until that first request
 * (GET /api/plans) is answered as well: what a visitor who comes first waits for. The bare server
 * answers it at once. Printing only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { processCpuSeconds } from './cpu';
import { freePort, median, ROOT, ROUNDS } from './support';

const BARE = `require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1')`;

interface Start {
  ms: number;
  /** From the spawn until the first 200 of GET /api/plans, asked right after the health check's. */
  appMs: number;
  /** The process's CPU (user and system) when its first 200 came, ms; NaN where /proc cannot be read. */
  cpuMs: number;
}

/** `reuse`: the data folder of an earlier start (a restart), kept; else a fresh one, removed after. */
async function timeToFirst200(command: string, reuse?: string): Promise<Start> {
  const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('sh', ['-c', `exec ${command}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) {
          const ms = performance.now() - started;
          const cpuMs = (processCpuSeconds(child.pid) ?? Number.NaN) * 1000;
          const plans = await fetch(`http://127.0.0.1:${port}/api/plans`);
          if (plans.status !== 200) throw new Error(`${command}: GET /api/plans answered ${plans.status}`);
          await plans.arrayBuffer();
          return { ms, cpuMs, appMs: performance.now() - started };
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`${command}: no 200 after 120 s`);
      // Asked every 2 ms: a coarser poll rounds a start of a few tens of milliseconds up by as much.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await ensurePwaBuild((line) => console.log(line));
  // As package.json says it, less its own leading `exec` (timeToFirst200 execs every command).
  const start = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start.replace(/^exec\s+/, '');
  await timeToFirst200(start); // builds what `npm start` builds ahead on its first run, if anything
  const commands = { bundle: 'node dist/server/start.mjs', start, bare: `node -e "${BARE.replace(/"/g, '\\"')}"` };
  const runs = { bundle: [] as Start[], restart: [] as Start[], start: [] as Start[], bare: [] as Start[] };
  // A restart: the same bundle on the data folder an earlier start made (the database there, migrated).
  const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-cold-'));
  try {
    await timeToFirst200(commands.bundle, earlier);
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of ['bundle', 'restart', 'start', 'bare'] as const)
        runs[name].push(name === 'restart' ? await timeToFirst200(commands.bundle, earlier) : await timeToFirst200(commands[name]));
    }
  } finally {
    fs.rmSync(earlier, { recursive: true, force: true });
  }
  const ms = (name: keyof typeof runs) => median(runs[name].map((run) => run.ms));
  const cpu = (name: keyof typeof runs) => median(runs[name].map((run) => run.cpuMs));
  const app = (name: keyof typeof runs) => median(runs[name].map((run) => run.appMs));
  console.log(
    `Cold start to the first 200 of /api/health (fresh data folder unless said, PWA built), median of ${ROUNDS} interleaved runs`,
  );
  console.log(
    '  '.padEnd(44) +
      'wall s'.padStart(8) +
      'x bare'.padStart(8) +
      'CPU ms'.padStart(9) +
      'x bare'.padStart(8) +
      'first app answer s'.padStart(20) +
      'x bare'.padStart(8),
  );
  for (const [name, label] of [
    ['bundle', 'built bundle (node dist/server/start.mjs)'],
    ['restart', '  the same, restarted on its data folder'],
    ['start', `npm start (${start})`],
    ['bare', 'bare node:http'],
  ] as const) {
    console.log(
      `  ${label}`.padEnd(44) +
        (ms(name) / 1000).toFixed(2).padStart(8) +
        (ms(name) / ms('bare')).toFixed(1).padStart(8) +
        cpu(name).toFixed(0).padStart(9) +
        (cpu(name) / cpu('bare')).toFixed(1).padStart(8) +
        (app(name) / 1000).toFixed(2).padStart(20) +
        (app(name) / app('bare')).toFixed(1).padStart(8),
    );
  }
}

await main();
