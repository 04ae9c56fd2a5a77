import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { rateHits } from './schema';
import { openSqliteStore, type SqliteStore } from './sqlite-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-checkpoints-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

/** Rows of rate_hits in the database file alone, as a copy of it without its WAL reads them. */
function rowsInMainFile(file: string): number {
  const copy = `${file}.copy`;
  fs.copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    // Before a checkpoint even the tables (created by the migrations) are in the WAL only.
    const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'rate_hits'`).get();
    return table ? (db.prepare('SELECT count(*) AS n FROM rate_hits').get() as { n: number }).n : 0;
  } finally {
    db.close();
    fs.rmSync(copy, { force: true });
  }
}

async function commitOneByOne(store: SqliteStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await store.tx(async (tx) => void (await tx.insert(rateHits).values({ key: `hit-${i}`, at: new Date(0) })));
}

describe('checkpoints of a busy SQLite file', () => {
  it('copies the WAL back into the database on a thread of their own, while the writer only checkpoints far past SQLite’s default', async () => {
    const file = freshFile();
    const store = openSqliteStore(file);
    try {
      // About 4.5 WAL pages a commit: 180 stay under the 1,000 pages at which the writer itself would
      // have checkpointed (it did at 222 rows when the thread was left out).
      await commitOneByOne(store, 180);
      expect(store.writer.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      const until = Date.now() + 10_000;
      while (rowsInMainFile(file) < 150 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(rowsInMainFile(file)).toBeGreaterThanOrEqual(150);
    } finally {
      await store.close();
    }
    // The thread's connection closed before the writer's: the last one out removed the WAL.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('leaves a file that was never busy to SQLite, with no thread', async () => {
    const file = freshFile();
    const store = openSqliteStore(file);
    await commitOneByOne(store, 20);
    expect(store.writer.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    expect(rowsInMainFile(file)).toBe(0);
    await store.close();
  });
});
