import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureServerBuild } from '../../scripts/server-build.mjs';
import { CryptoBox } from './kernel/crypto-box';
import { connectionSecretAad } from './modules/marketplaces/connections';
import { postgresBinDir, startPostgres, type PostgresServer } from './testing/postgres-server';
import { testProductDatabase, type ProductDatabase } from './testing/product-database';
import { testDialect } from './testing/test-dialect';

/**
 * The built server as an operator runs it (`node dist/server/start.mjs`), started with settings
 * that cannot work: each failure is one clear line on stderr and exit code 1, never a stack; and
 * stopped while its database is gone, it still stops.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const onPostgres = testDialect() === 'postgres';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Every secret from the environment, as a container would give them. */
function secrets(encryptionKey = crypto.randomBytes(32).toString('hex')) {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return {
    ENCRYPTION_KEY: encryptionKey,
    SESSION_PEPPER: crypto.randomBytes(32).toString('base64url'),
    VAPID_PUBLIC_KEY: publicKey.toString('base64url'),
    VAPID_PRIVATE_KEY: jwk.d!,
  };
}

interface Started {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-startup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs an entry of the built server (start, migrate, backup, restore) with these settings. */
async function spawnEntry(
  entry: 'start' | 'migrate' | 'backup' | 'restore',
  env: Record<string, string>,
  args: string[] = [],
): Promise<Started> {
  const bundle = fileURLToPath(await ensureServerBuild(entry, () => undefined));
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [bundle, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

/** Starts the server and waits until /api/ready answers 200 (or the process exits). */
async function startReady(env: Record<string, string>): Promise<Started> {
  const started = await spawnEntry('start', env);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`exited with ${started.child.exitCode}: ${started.stderr()}`);
    const status = await fetch(`${started.url}/api/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return started;
    if (Date.now() > deadline) throw new Error(`not ready: ${started.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The failure to start, as the operator sees it: exit code 1 and the lines on stderr. */
async function refusal(env: Record<string, string>): Promise<string[]> {
  const started = await spawnEntry('start', env);
  expect(await started.exited).toBe(1);
  const lines = started.stderr().trim().split('\n');
  expect(
    lines.filter((line) => /^\s+at /.test(line)),
    started.stderr(),
  ).toEqual([]);
  return lines;
}

/** A write straight into the product's database (the test's ProductDatabase reads SQLite read-only). */
async function write(dataDir: string, db: ProductDatabase, text: string, params: Array<string | Date>): Promise<void> {
  if (onPostgres) {
    await db.query(text, params);
    return;
  }
  const sqlite = new Database(path.join(dataDir, 'bidpilot.sqlite'));
  try {
    sqlite.prepare(text.replace(/\$\d+/g, '?')).run(...params.map((p) => (p instanceof Date ? p.getTime() : p)));
  } finally {
    sqlite.close();
  }
}

async function database(dataDir: string): Promise<ProductDatabase> {
  const db = await testProductDatabase(dataDir);
  cleanups.push(() => db.close());
  return db;
}

describe(`the built server's start and stop (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a port in use is one line naming the port, no stack', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const port = (holder.address() as net.AddressInfo).port;
    const dataDir = tempDir();
    const db = await database(dataDir);
    const lines = await refusal({ ...db.env, DATA_DIR: dataDir, PORT: String(port) });
    expect(lines).toEqual([`Port ${port} on 127.0.0.1 is already in use: stop what holds it, or set PORT to a free port.`]);
  });

  it('settings that cannot work are refused naming the variable', async () => {
    const dataDir = tempDir();
    expect(await refusal({ DATA_DIR: dataDir, SMTP_URL: 'garbage' })).toEqual([
      'Invalid configuration:',
      '  SMTP_URL: SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465 (or unset for the sandbox mailbox)',
    ]);
    expect((await refusal({ DATA_DIR: dataDir, OPENAI_BASE_URL: 'localhost:1234' }))[1]).toMatch(
      /^ {2}OPENAI_BASE_URL: OPENAI_BASE_URL must be an http/,
    );
  });

  it('a PostgreSQL server that is not there, or has no such database, is one line without the password', async () => {
    const port = await freePort();
    const lines = await refusal({ DATA_DIR: tempDir(), DATABASE_URL: `postgres://bidpilot:hunter2@127.0.0.1:${port}/bidpilot` });
    expect(lines).toEqual([
      `Cannot reach the PostgreSQL server of DATABASE_URL (postgres://bidpilot@127.0.0.1:${port}/bidpilot): connection refused: is the server running, and listening on that address and port? (ECONNREFUSED).`,
    ]);
    if (!onPostgres) return;
    const { inject } = await import('vitest');
    const missing = new URL(inject('postgres').url);
    missing.pathname = '/no_such_database';
    missing.password = 'hunter2';
    const [line] = await refusal({ DATA_DIR: tempDir(), DATABASE_URL: missing.toString() });
    expect(line).toMatch(
      /^The PostgreSQL server of DATABASE_URL \(postgres:\/\/\S+\/no_such_database\) has no such database: .*\(3D000\)\.$/,
    );
    expect(line).not.toContain('hunter2');
  });

  it('refuses a key that does not open the stored credentials; with the old key given as earlier, starts and re-seals', async () => {
    const dataDir = tempDir();
    const db = await database(dataDir);
    const oldKey = crypto.randomBytes(32).toString('hex');
    const first = secrets(oldKey);
    const server = await startReady({ ...db.env, ...first, DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'off' });
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' }),
    });
    expect(signup.status).toBe(201);
    const userId = ((await signup.json()) as { data: { user: { id: string } } }).data.user.id;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // An Upwork connection sealed with the first key, as the product seals them.
    const aad = connectionSecretAad(userId, 'upwork', 'credentials');
    const sealed = new CryptoBox(oldKey).sealJson({ username: 'ada', password: 'x' }, aad);
    await write(
      dataDir,
      db,
      'INSERT INTO marketplace_accounts (id, user_id, platform, kind, secret, connected_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [crypto.randomUUID(), userId, 'upwork', 'credentials', sealed, new Date(), new Date()],
    );

    const newKey = crypto.randomBytes(32).toString('hex');
    const lines = await refusal({ ...db.env, ...first, ENCRYPTION_KEY: newKey, DATA_DIR: dataDir });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ENCRYPTION_KEY does not open 1 sealed credential in the database \(sealed with key id [0-9a-f]{8};/);

    const rotated = await startReady({ ...db.env, ...first, ENCRYPTION_KEY: newKey, ENCRYPTION_KEY_PREVIOUS: oldKey, DATA_DIR: dataDir });
    rotated.child.kill('SIGTERM');
    expect(await rotated.exited).toBe(0);
    const [row] = await db.query<{ secret: string }>('SELECT secret FROM marketplace_accounts');
    expect(new CryptoBox(newKey).openJson(row!.secret, aad)).toEqual({ username: 'ada', password: 'x' });
    // Every secret came from the environment: nothing was written for them.
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('npm run db:migrate migrates the database the settings name', async () => {
    const dataDir = tempDir();
    const db = await database(dataDir);
    const migrate = await spawnEntry('migrate', { ...db.env, DATA_DIR: dataDir });
    expect(await migrate.exited).toBe(0);
    const tables = onPostgres
      ? await db.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'",
        )
      : await db.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'");
    expect(tables).toEqual([{ name: 'users' }]);
    // On PostgreSQL no SQLite file is made beside it.
    expect(fs.existsSync(path.join(dataDir, 'bidpilot.sqlite'))).toBe(!onPostgres);
  });

  it.runIf(postgresBinDir() !== null)('SIGTERM while PostgreSQL is down stops the server without a crash', async () => {
    const server: PostgresServer = await startPostgres();
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : server.stop()));
    const url = await server.createDatabase('bidpilot');
    const dataDir = tempDir();
    const product = await startReady({ DATABASE_URL: url, DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '3', RUNNER_SCHEDULE: '* * * * * *' });
    await server.stop();
    stopped = true;
    product.child.kill('SIGTERM');
    const code = await product.exited;
    expect(product.stderr()).not.toMatch(/Unhandled|^\s+at /m);
    expect(code).toBe(0);
  });
});

/** pg_dump and pg_restore of the tests' PostgreSQL binaries, for the backup's PostgreSQL path. */
const pgBin = (): Record<string, string> => (onPostgres ? { PG_BIN: postgresBinDir() ?? '' } : {});

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a backup taken while users sign up restores to a working instance, sessions and all', async () => {
    const dataDir = tempDir();
    const db = await database(dataDir);
    const env = { ...db.env, DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'off', ...pgBin() };
    const server = await startReady(env);
    const signUp = async (n: number) => {
      const res = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `user${n}@gmail.com`, password: 'Sturdy-Pass1', platformType: 'upwork' }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const before = await Promise.all([1, 2, 3].map(signUp));
    // Writes go on while the backup is taken.
    let writing = true;
    let n = 100;
    const load = (async () => {
      while (writing) await signUp(n++);
    })();
    const backupDir = path.join(tempDir(), 'backup');
    const backup = await spawnEntry('backup', env, [backupDir]);
    expect(await backup.exited, backup.stderr()).toBe(0);
    writing = false;
    await load;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.readdirSync(backupDir).sort()).toEqual(['backup.json', onPostgres ? 'bidpilot.pgdump' : 'bidpilot.sqlite', 'secrets.json']);

    // A new machine: an empty data folder (and an empty database), the backup restored into it.
    const restoredDir = tempDir();
    let restoredEnv: Record<string, string> = { DATA_DIR: restoredDir, AUTH_RATE_LIMIT: 'off', ...pgBin() };
    if (onPostgres) {
      const { inject } = await import('vitest');
      const { postgresDatabases } = await import('./testing/product-database');
      restoredEnv = { ...restoredEnv, DATABASE_URL: await postgresDatabases(inject('postgres').url)() };
    }
    const restore = await spawnEntry('restore', restoredEnv, [backupDir]);
    expect(await restore.exited, restore.stderr()).toBe(0);
    const restored = await startReady(restoredEnv);
    // The sessions of users who signed up before the backup still open (the pepper came back with it).
    for (const token of before) {
      const me = await fetch(`${restored.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    }
    // And it takes new work.
    const login = await fetch(`${restored.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user1@gmail.com', password: 'Sturdy-Pass1' }),
    });
    expect(login.status).toBe(200);
    restored.child.kill('SIGTERM');
    expect(await restored.exited).toBe(0);
    // A second restore over the data is refused without --force.
    const again = await spawnEntry('restore', restoredEnv, [backupDir]);
    expect(await again.exited).toBe(1);
    expect(again.stderr()).toMatch(onPostgres ? /pg_restore failed/ : /exists: stop every process on it, then pass --force/);
  });
});
