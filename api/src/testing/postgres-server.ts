import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` binaries (or PG_BIN), a cluster
 * in a temporary folder, trust authentication on 127.0.0.1 and a free port, durability off (a test
 * database is thrown away). As root (CI), the server runs as the `postgres` system user, because
 * PostgreSQL refuses to run as root.
 */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const asRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A command line as the user that owns the cluster. */
function asOwner(bin: string, args: string[]): [string, string[]] {
  // setpriv execs the command itself (no process in between), so signals reach the server.
  return asRoot() ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', bin, ...args]] : [bin, args];
}

export interface PostgresServer {
  /** `postgres://bidpilot@127.0.0.1:<port>/postgres` */
  url: string;
  /** A fresh, empty database; answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot()) {
    fs.chmodSync(dir, 0o755);
    spawnSync('chown', ['postgres:postgres', dir]);
  }
  const [initCmd, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'bidpilot',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [cmd, args] = asOwner(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const url = `postgres://bidpilot@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited: ${log}`);
    const ready = spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
    if (ready.status === 0) break;
    if (Date.now() > deadline) throw new Error(`postgres did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async createDatabase(name) {
      const created = spawnSync(
        path.join(bin, 'psql'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'bidpilot', '-d', 'postgres', '-c', `CREATE DATABASE "${name}"`],
        { encoding: 'utf8' },
      );
      if (created.status !== 0) throw new Error(`CREATE DATABASE failed: ${created.stderr}`);
      return `postgres://bidpilot@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGINT'); // fast shutdown
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
