/**
 * `npm run bench -- cold-start`: from spawning `npm start`'s command (as package.json says it, with
 * node_modules/.bin on the PATH, without npm's own start-up) on a fresh data folder to the first
 * 200 of GET /api/health, the PWA build already in place. Baseline in the same run: a bare
 * node:http server started the same way. Interleaved, median of ROUNDS. Printing only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePwaBuild } from '../scripts/pwa-build';
import { freePort, interleaved, ROOT, ROUNDS } from './support';

const BARE = `require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1')`;

async function timeToFirst200(command: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-cold-'));
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
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error(`${command}: no 200 after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  await ensurePwaBuild((line) => console.log(line));
  const start = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  await timeToFirst200(start); // builds what `npm start` builds ahead on its first run, if anything
  const figures = await interleaved(ROUNDS, {
    start: () => timeToFirst200(start),
    bare: () => timeToFirst200(`node -e "${BARE.replace(/"/g, '\\"')}"`),
  });
  console.log(`Cold start to the first 200 of /api/health (fresh data folder, PWA built), median of ${ROUNDS} interleaved runs`);
  console.log(`  npm start (${start})`.padEnd(60) + `${(figures.start / 1000).toFixed(2).padStart(6)} s`);
  console.log('  bare node:http'.padEnd(60) + `${(figures.bare / 1000).toFixed(2).padStart(6)} s`);
  console.log('  start/bare'.padEnd(60) + `${(figures.start / figures.bare).toFixed(1).padStart(6)}`);
}

await main();
