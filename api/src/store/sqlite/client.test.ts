import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../schema/index';
import { closeDatabase, openDatabase } from './client';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('openDatabase', () => {
  it('creates the data folder 0700 and the database, its WAL and shared-memory files 0600', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-db-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    const file = path.join(dataDir, 'bidpilot.sqlite');
    const db = openDatabase(file);
    const { users } = tablesOf(db);
    // A write so SQLite has created the -wal and -shm files.
    db.select().from(users).all();
    db.$client.exec('create table if not exists t(x); insert into t values (1)');
    expect(mode(dataDir)).toBe(0o700);
    for (const name of ['bidpilot.sqlite', 'bidpilot.sqlite-wal', 'bidpilot.sqlite-shm']) {
      expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
      expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    }
    closeDatabase(db);
  });

  it('tightens an existing world-readable database and folder', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-db-'));
    dirs.push(dataDir);
    fs.chmodSync(dataDir, 0o755);
    const file = path.join(dataDir, 'old.sqlite');
    closeDatabase(openDatabase(file));
    fs.chmodSync(file, 0o644);
    const db = openDatabase(file);
    db.$client.exec('create table if not exists t(x); insert into t values (1)');
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    closeDatabase(db);
  });

  it('lets a transaction that reads then writes finish, whatever another process writes meanwhile', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-db-'));
    dirs.push(dir);
    const file = path.join(dir, 'shared.sqlite');
    const mine = openDatabase(file);
    const { rateHits } = tablesOf(mine);
    const other = openDatabase(file);
    // The other process does not wait here (one thread: it could never get the lock while we hold it).
    other.$client.pragma('busy_timeout = 0');
    let otherWrite: unknown;
    const counted = mine.transaction((tx) => {
      const { rateHits } = tablesOf(mine);
      const before = tx.select().from(rateHits).all().length;
      try {
        other.insert(rateHits).values({ key: 'other', at: new Date() }).run();
      } catch (error) {
        otherWrite = error;
      }
      // Deferred, this write failed with SQLITE_BUSY_SNAPSHOT: the other write made our read stale.
      tx.insert(rateHits).values({ key: 'mine', at: new Date() }).run();
      return before;
    });
    expect(counted).toBe(0);
    // The other write had to wait for ours (in two processes: until we commit).
    expect((otherWrite as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(
      other
        .select()
        .from(rateHits)
        .all()
        .map((row) => row.key),
    ).toEqual(['mine']);
    closeDatabase(mine);
    closeDatabase(other);
  });
});
