import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('startServer', () => {
  it('creates secrets and a WAL database on first start, serves, and closes the database on stop', async () => {
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
    db.close();
  });
});
