import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from './kernel/config';
import { newestMigrationMillis, PRODUCT_MIGRATIONS } from './store/migrations';
import { closePostgres, openPostgres } from './store/postgres/postgres';
import { testDialect } from './testing/test-dialect';
import { createTestDatabase, postgresTestUrl } from './testing/postgres-test-db';
import { APP_PREWARM_MS, startServer } from './main';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('startServer', () => {
  // What SQLite alone has: a database file in the data folder.
  it.skipIf(testDialect() === 'postgres')(
    'creates secrets and a WAL database on first start, serves, and closes the database on stop',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-server-'));
      dirs.push(dataDir);
      const running = await startServer(
        loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PWA_DIR: path.join(dataDir, 'none') }),
      );
      expect(running.url).toMatch(/^http:\/\/localhost:\d+$/);
      const port = new URL(running.url).port;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', sandbox: true });
      expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);

      await running.stop();
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      // Closed cleanly: the WAL was checkpointed into the main file, and the file is in WAL mode.
      expect(fs.existsSync(path.join(dataDir, 'bidpilot.sqlite-wal'))).toBe(false);
      const db = new Database(path.join(dataDir, 'bidpilot.sqlite'), { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare("select count(*) as n from sqlite_master where name = 'users'").get()).toEqual({ n: 1 });
      expect(db.prepare("select count(*) as n from sqlite_master where name like 'sandbox_%'").get()).toEqual({ n: 0 });
      db.close();
      // In sandbox mode the twins' records have a file of their own beside it, closed as cleanly.
      expect(fs.existsSync(path.join(dataDir, 'sandbox.sqlite-wal'))).toBe(false);
      const sandbox = new Database(path.join(dataDir, 'sandbox.sqlite'), { readonly: true });
      expect(sandbox.prepare("select count(*) as n from sqlite_master where name = 'sandbox_mail'").get()).toEqual({ n: 1 });
      sandbox.close();
    },
  );

  it.runIf(testDialect() === 'postgres')(
    'on an empty PostgreSQL database: migrates it on first start, serves, and closes its connections on stop',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-server-'));
      dirs.push(dataDir);
      const databaseUrl = postgresTestUrl(createTestDatabase());
      const running = await startServer(
        loadConfig({
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          PWA_DIR: path.join(dataDir, 'none'),
          DATABASE_URL: databaseUrl,
        }),
      );
      const port = new URL(running.url).port;
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toMatchObject({ status: 'ok' });
      // Ready only once the newest migration is applied.
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' }),
      });
      expect(signup.status).toBe(201);
      expect(fs.existsSync(path.join(dataDir, 'bidpilot.sqlite'))).toBe(false);

      await running.stop();
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      const pg = await openPostgres(databaseUrl, { max: 1 });
      try {
        const [{ n: sessions }] = (await pg.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )) as unknown as [{ n: number }];
        expect(sessions).toBe(0);
        const [{ n: accounts }] = (await pg.execute(
          sql`select count(*)::int as n from users where email = 'ada@gmail.com'`,
        )) as unknown as [{ n: number }];
        expect(accounts).toBe(1);
        // The sign-up's code went to the sandbox mailbox, in the sandbox's own schema of the same database.
        const [{ n: mails }] = (await pg.execute(
          sql`select count(*)::int as n from sandbox.sandbox_mail where "to" = 'ada@gmail.com'`,
        )) as unknown as [{ n: number }];
        expect(mails).toBe(1);
      } finally {
        await closePostgres(pg);
      }
    },
  );
});

describe('the app built on the first request that needs it', () => {
  it.skipIf(testDialect() === 'postgres')(
    'a fresh server answers health from a migrated database, then a signed-in route and a sandbox route on their first requests',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-server-'));
      dirs.push(dataDir);
      const running = await startServer(
        loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PWA_DIR: path.join(dataDir, 'none') }),
      );
      try {
        const base = `http://127.0.0.1:${new URL(running.url).port}`;
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        // Healthy means the database is open and holds every migration, before anything else was asked.
        const db = new Database(path.join(dataDir, 'bidpilot.sqlite'), { readonly: true });
        const { at } = db.prepare('select max(created_at) as at from __drizzle_migrations').get() as { at: number };
        db.close();
        expect(Number(at)).toBe(newestMigrationMillis(PRODUCT_MIGRATIONS.sqliteFolder));

        // The first requests the app answers, all at once: each waits for the same app.
        const [anonymous, signup, emptyMailbox] = await Promise.all([
          fetch(`${base}/api/auth/user`),
          fetch(`${base}/api/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'first@gmail.com', password: 'Sturdy-Pass1', platformType: 'upwork' }),
          }),
          fetch(`${base}/sandbox/mail?to=nobody@gmail.com`, { headers: { accept: 'application/json' } }),
        ]);
        expect(anonymous.status).toBe(401);
        expect(signup.status).toBe(201);
        expect(emptyMailbox.status).toBe(200);
        expect(await emptyMailbox.json()).toEqual({ data: [] });
        const { data } = (await signup.json()) as { data: { token: string } };

        const user = await fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${data.token}` } });
        expect(user.status).toBe(200);
        expect(await user.json()).toMatchObject({ data: { email: 'first@gmail.com' } });
        const mail = await fetch(`${base}/sandbox/mail?to=first@gmail.com`, { headers: { accept: 'application/json' } });
        expect(((await mail.json()) as { data: unknown[] }).data).toHaveLength(1);
      } finally {
        await running.stop();
      }
    },
  );
});

describe('the liveness check on the running server', () => {
  /** A request over HTTP with node:http (fetch would not let the test send its own Host header). */
  const get = (port: string, pathname: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
    });
  const comparable = (headers: http.IncomingHttpHeaders) => {
    const { date: _date, 'x-request-id': _id, 'keep-alive': _alive, connection: _connection, ...rest } = headers;
    return rest;
  };

  it('answers GET /api/health with the same answer and headers as the app gives it, and leaves to the app what it must judge', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-server-'));
    dirs.push(dataDir);
    const running = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PWA_DIR: path.join(dataDir, 'none'),
        PUBLIC_URL: 'https://app.bidpilot.example',
        SANDBOX_PUBLIC: 'true',
        CORS_ORIGINS: 'https://partner.example',
        ...(testDialect() === 'postgres' ? { DATABASE_URL: postgresTestUrl(createTestDatabase()) } : {}),
      }),
    );
    try {
      const port = String((running.server.address() as { port: number }).port);
      const early = await get(port, '/api/health', { 'x-request-id': 'probe-12345678' });
      // The same route through the app (a query string keeps it off the early answer).
      const app = await get(port, '/api/health?via=app');
      expect(early.status).toBe(200);
      expect(JSON.parse(early.body)).toEqual(JSON.parse(app.body));
      expect(comparable(early.headers)).toEqual(comparable(app.headers));
      expect(early.headers['strict-transport-security']).toContain('max-age=');
      expect(early.headers['x-request-id']).toBe('probe-12345678');
      expect((await get(port, '/api/health')).headers['x-request-id']).toMatch(/^[\w-]{36}$/);
      // Counted in the latency metric under the route's labels, whichever way it was answered: three
      // answers (two early, one through the app) before the metric is read.
      expect(await (await running.metrics()).text()).toMatch(
        /bidpilot_http_request_duration_seconds_count\{role="all",method="GET",route="\/api\/health",status="200"\} 3\n/,
      );

      // Another site's name (DNS rebinding): refused by the app's Host check.
      expect((await get(port, '/api/health', { host: 'rebind.attacker.example' })).status).toBe(421);
      // A browser on an allowed origin: the app adds its CORS headers.
      const cors = await get(port, '/api/health', { origin: 'https://partner.example' });
      expect(cors.status).toBe(200);
      expect(cors.headers['access-control-allow-origin']).toBe('https://partner.example');
    } finally {
      await running.stop();
    }
  });
});

describe('an API process on SQLite (the server `npm start` runs beside its runner child)', () => {
  const startApiProcess = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-server-'));
    dirs.push(dataDir);
    const config = {
      ROLE: 'api',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PWA_DIR: path.join(dataDir, 'none'),
    };
    return { dataDir, running: await startServer(loadConfig(config)) };
  };

  it.skipIf(testDialect() === 'postgres')(
    'answers its liveness check before its stores and app are loaded, builds them on its own once its start has settled, and counts the checks it answered meanwhile',
    async () => {
      const { dataDir, running } = await startApiProcess();
      try {
        const base = `http://127.0.0.1:${new URL(running.url).port}`;
        let built = false;
        void running.appBuilt.then(() => (built = true));
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        // Checked before the port opened: both files are there, migrated, in WAL mode.
        for (const file of ['bidpilot.sqlite', 'sandbox.sqlite']) {
          const db = new Database(path.join(dataDir, file), { readonly: true });
          expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
          expect((db.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n).toBeGreaterThan(0);
          db.close();
        }
        expect(built).toBe(false);
        // No request asked for the app: it is built all the same, and then ready.
        await running.appBuilt;
        expect((await fetch(`${base}/api/ready`)).status).toBe(200);
        expect(await (await running.metrics()).text()).toMatch(
          /bidpilot_http_request_duration_seconds_count\{role="api",method="GET",route="\/api\/health",status="200"\} 2\n/,
        );
      } finally {
        await running.stop();
      }
    },
  );

  it.skipIf(testDialect() === 'postgres')('stopped before its app was built, it never builds it', async () => {
    const { dataDir, running } = await startApiProcess();
    await running.stop();
    // Whoever waits for the app waits no more.
    await running.appBuilt;
    // Long past the moment the app would have been built (and its stores opened, which keeps the log file open).
    await new Promise((resolve) => setTimeout(resolve, APP_PREWARM_MS + 1500));
    // Nothing opened the stores: the file was only checked, and closed.
    expect(fs.existsSync(path.join(dataDir, 'bidpilot.sqlite-wal'))).toBe(false);
  });
});
