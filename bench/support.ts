import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs an entry in its own process and waits until `ready` answers: a TypeScript file with tsx,
 * a `.mjs` file (the launcher of the prebuilt server) with node alone, `args` after it.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: string,
  args: string[] = [],
  /** The checkout to run it in: this one, or another build of the product (a bench's "before"). */
  cwd = ROOT,
): Promise<ChildProcess> {
  // TypeScript through tsx's loader in the same process (not tsx's command, which runs the entry in a
  // child of its own): the process started is the server, whose CPU a bench may read by its pid.
  const command = entry.endsWith('.mjs') ? [entry, ...args] : ['--import', 'tsx', entry, ...args];
  // PRODUCT_NODE_ARGS: node flags for the processes started here, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(ready);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not answer ${ready}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The middle value (the mean of the two middle values for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Runs each case once per round, the cases one after another inside a round (so a figure and its
 * baseline see the same machine load), and answers the median of each case over the rounds.
 */
export async function interleaved<T extends string>(rounds: number, cases: Record<T, () => Promise<number>>): Promise<Record<T, number>> {
  const runs = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]])) as Record<T, number[]>;
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of Object.entries(cases) as Array<[T, () => Promise<number>]>) runs[name].push(await run());
  }
  return Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, median(values as number[])])) as Record<T, number>;
}

/** Prints rows under a header, each column as wide as its widest cell. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * The API alone (`launch.mjs serve-api`) on a fresh data folder, and beside it, once its rows are
 * seeded, the bare server (`bench/bare-server.ts`) over the same database file: the baseline of the
 * HTTP benches. With `before` (the folder of another checkout of the product, built and with its
 * packages installed, e.g. main's), that build's API too, on a data folder of its own, to measure
 * both builds in the same run. `restart` stops every server and starts it again on the same port and
 * data folder (a round's figures then come from processes of their own). `stop` ends them and
 * removes the folders.
 */
export async function apiAndBare(logLevel: string, options: { before?: string } = {}) {
  const product = async (root: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-bench-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () =>
      startProcess(
        'scripts/launch.mjs',
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'off', LOG_LEVEL: logLevel },
        `${base}/api/health`,
        ['serve-api'],
        root,
      );
    return { dataDir, dbFile: path.join(dataDir, 'bidpilot.sqlite'), base, start, child: await start() };
  };
  const api = await product(ROOT);
  const before = options.before ? await product(path.resolve(options.before)) : undefined;
  const barePort = await freePort();
  const bareBase = `http://127.0.0.1:${barePort}`;
  const startBareProcess = () =>
    startProcess('bench/bare-server.ts', { PORT: String(barePort), DB_FILE: api.dbFile }, `${bareBase}/api/health`);
  let bare: ChildProcess | undefined;
  return {
    dbFile: api.dbFile,
    apiBase: api.base,
    bareBase,
    /** The other build's API, when `before` named one. */
    before: before && { base: before.base, dbFile: before.dbFile, pid: () => before.child.pid },
    /** The two servers' process ids, for their CPU time (bench/cpu.ts). */
    apiPid: () => api.child.pid,
    barePid: () => bare?.pid,
    async startBare() {
      bare = await startBareProcess();
    },
    async restart() {
      await Promise.all([stopProcess(api.child), before && stopProcess(before.child), bare && stopProcess(bare)]);
      api.child = await api.start();
      if (before) before.child = await before.start();
      if (bare) bare = await startBareProcess();
    },
    async stop() {
      await Promise.all([stopProcess(api.child), before && stopProcess(before.child), bare && stopProcess(bare)]);
      for (const { dataDir } of [api, ...(before ? [before] : [])]) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
