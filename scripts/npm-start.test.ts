import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../bench/support';
import { ProductProcess, setUpUser } from '../api/src/testing/crash-harness';
import { ensureServerBuild } from './server-build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes under `pid` (Linux: each process's parent read from /proc), deepest last. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of parents) {
      if (of !== parent) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); // a zombie has stopped
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('npm start', () => {
  it('stops the server itself on a SIGTERM sent to npm: the port closes and no process of it is left', async () => {
    await ensureServerBuild('start', () => undefined);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-npm-start-'));
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      // PWA_DIR names a PWA built elsewhere: npm start builds none (this test is about the process).
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PWA_DIR: path.join(dataDir, 'pwa'),
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_SECONDS: '5',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      for (const pid of [npm.pid!, ...descendants(npm.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      ))
    ) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start: ${stderr}`);
      await sleep(100);
    }
    const tree = descendants(npm.pid!);
    expect(tree.length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(tree.filter(alive)).toEqual([]);
  });
  it('loads node:http through require, never as an ES module (whose view of it loads undici at every start)', async () => {
    await ensureServerBuild('start', () => undefined);
    const dir = path.join(ROOT, 'dist/server');
    const chunks = fs.readdirSync(dir).filter((name) => name.endsWith('.mjs'));
    const code = chunks.map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
    expect(chunks.filter((_, i) => /from\s*["'](node:)?https?["']/.test(code[i]!))).toEqual([]);
    expect(code.some((text) => text.includes('__require("node:http")'))).toBe(true);
  });
  it("keeps V8's compiled code in Node's compile cache, so a second start does not compile the bundle again", async () => {
    await ensureServerBuild('start', () => undefined);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-compile-cache-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const startOnce = async () => {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        ROLE: 'api',
      };
      // Where the cache goes when nobody names a folder: the system's temporary one (TMPDIR).
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      env.TMPDIR = tmp;
      env.PWA_DIR = path.join(tmp, 'pwa');
      env.LOG_LEVEL = 'warn';
      const server = spawn(process.execPath, [path.join(ROOT, 'dist/server/start.mjs')], { cwd: tmp, env, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      cleanups.push(() => alive(server.pid!) && process.kill(server.pid!, 'SIGKILL'));
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.ok,
          () => false,
        ))
      ) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
        await sleep(50);
      }
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    };
    const cached = () => {
      const dir = path.join(tmp, 'node-compile-cache');
      if (!fs.existsSync(dir)) return 0;
      return fs.readdirSync(dir, { recursive: true }).filter((name) => fs.statSync(path.join(dir, String(name))).isFile()).length;
    };
    expect(cached()).toBe(0);
    await startOnce();
    const afterFirst = cached();
    // The bundle's modules, each its own entry (the entry itself is compiled before the cache is on).
    expect(afterFirst).toBeGreaterThan(5);
    await startOnce();
    expect(cached()).toBe(afterFirst);
  });
  it('runs the runner in a child process of its own: the API answers while the runner runs agents, and SIGTERM stops both', async () => {
    await ensureServerBuild('start', () => undefined);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-npm-start-'));
    const port = await freePort();
    const token = 'metrics-token-0123456789';
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PWA_DIR: path.join(dataDir, 'pwa'),
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_SECONDS: '5',
        RUNNER_SCHEDULE: '* * * * * *',
        METRICS_TOKEN: token,
        AUTH_RATE_LIMIT: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: Array<{ msg?: string; role?: string; pid?: number }> = [];
    let partial = '';
    npm.stdout.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const complete = text.split('\n');
      partial = complete.pop()!;
      for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line));
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      for (const pid of [npm.pid!, ...descendants(npm.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const product = new ProductProcess(port, {});
    const deadline = Date.now() + 60_000;
    while ((await product.call('GET', '/api/health').catch(() => ({ status: 0 }))).status !== 200) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start: ${stderr}`);
      await sleep(100);
    }
    // Two processes of the server: the API's, and the runner it started (its pid in its log lines).
    const api = lines.find((line) => line.msg === 'listening' && line.role === 'api');
    await expect.poll(() => lines.find((line) => line.msg === 'listening' && line.role === 'runner'), { timeout: 30_000 }).toBeDefined();
    const runner = lines.find((line) => line.msg === 'listening' && line.role === 'runner')!;
    expect(api).toBeDefined();
    expect(runner.pid).not.toBe(api!.pid);
    expect(descendants(npm.pid!)).toContain(runner.pid);

    // Agents switched on through the API are run by the runner process, while the API answers.
    const user = await setUpUser(product, { review: 2, auto: 1 });
    const answers: number[] = [];
    while (!lines.some((line) => line.msg === 'agent run' && line.role === 'runner')) {
      if (Date.now() > deadline + 60_000) throw new Error(`no agent ran: ${stderr}`);
      answers.push((await product.call('GET', '/api/health')).status);
      answers.push((await product.call('GET', `/api/automations/${user.userId}`, user.token)).status);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(lines.filter((line) => line.msg === 'agent run').map((line) => line.pid)).not.toContain(api!.pid);
    // The runner's metrics are served by the API's process with its own.
    const scraped = await fetch(`${product.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((res) => res.text());
    expect(scraped).toMatch(/bidpilot_agent_runs_total\{outcome="[a-z_]+",role="runner"\} [1-9]/);
    expect(scraped).toMatch(/process_cpu_user_seconds_total\{role="api"\}/);

    const tree = descendants(npm.pid!);
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(tree.filter(alive)).toEqual([]);
    // Each process stopped cleanly, the runner giving back what it held.
    expect(
      lines
        .filter((line) => line.msg === 'stopped')
        .map((line) => line.role)
        .sort(),
    ).toEqual(['api', 'runner']);
  });
});
