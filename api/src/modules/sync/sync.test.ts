import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../kernel/clock';
import type { Db } from '../../store/sqlite/client';
import { testDialect } from '../../testing/test-dialect';
import { tablesOf } from '../../store/schema/index';
import { first, type Store } from '../../store/store';
import { freshStore, type FreshStore } from '../../testing/fresh-store';
import { CHANGES_SINCE_SQL, recordChange } from '../../store/change-log';
import { agentsByIds, jobItemsByIds, pull } from './sync';

const clock = manualClock(new Date('2026-11-18T10:00:00Z'));
let dir: string;
let opened: FreshStore;
let db: Db;
let store: Store;

async function addUser(id: string) {
  const { users } = tablesOf(db);
  const now = clock.now();
  await db
    .insert(users)
    .values({ id, email: `${id}@gmail.com`, passwordHash: 'x', platformType: 'upwork', referralCode: id, createdAt: now, updatedAt: now });
}

async function addJobItems(userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  await store.tx(async (tx) => {
    const { jobItems } = tablesOf(tx);
    for (let i = 0; i < count; i += 1) {
      const id = crypto.randomUUID();
      const at = new Date(clock.now().getTime() + i);
      await tx.insert(jobItems).values({
        id,
        userId,
        platform: 'upwork',
        externalId: `${userId}-${i}`,
        title: `Job ${i}`,
        status: 'draft',
        createdAt: at,
        updatedAt: at,
      });
      await recordChange(tx, userId, 'jobItem', id, at);
      ids.push(id);
    }
  });
  return ids;
}

/** SQLite's plan for a built query, one line per step. */
function plan(query: { toSQL(): { sql: string; params: unknown[] } }): string[] {
  const { sql, params } = query.toSQL();
  return (db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-sync-'));
  opened = freshStore(dir);
  ({ store, db } = opened);
  await addUser('ada');
  await addUser('bob');
  await addJobItems('bob', 300);
  await addJobItems('ada', 300);
  // The statistics SQLite's planner weighs (the plans below are SQLite's).
  if (testDialect() === 'sqlite') db.$client.exec('ANALYZE');
});
afterEach(() => {
  opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// SQLite's own: its query planner, EXPLAIN QUERY PLAN and INDEXED BY (CHANGES_SINCE_SQL) exist only
// there; on PostgreSQL the change log is read with a plain drizzle query (change-log.ts).
describe.skipIf(testDialect() !== 'sqlite')('the pull queries', () => {
  it('find a page of records by primary key, never walking the user’s rows', async () => {
    const { jobItems } = tablesOf(db);
    const ids = (await db.select({ id: jobItems.id }).from(jobItems).limit(50)).map((r) => r.id);
    for (const steps of [plan(jobItemsByIds(db, ids)), plan(agentsByIds(db, ids))]) {
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) {
        expect(step).toMatch(/^SEARCH \w+ USING (INDEX sqlite_autoindex_\w+|PRIMARY KEY|COVERING INDEX sqlite_autoindex_\w+) \(id=\?\)/);
      }
    }
  });

  it('read the change log as a range of the (user, seq) index, in order, with no sort step', () => {
    const steps = plan({ toSQL: () => ({ sql: CHANGES_SINCE_SQL, params: ['ada', 120, 1000] }) });
    expect(steps).toEqual([expect.stringMatching(/^SEARCH change_log USING INDEX change_log_user_seq_idx \(user_id=\? AND seq>\?\)/)]);
  });
});

describe('pull', () => {
  it('answers only the user’s own records, even when the log names another user’s row', async () => {
    const { changeLog, jobItems } = tablesOf(db);
    const bobsItem = (await first(db.select({ id: jobItems.id }).from(jobItems).where(eq(jobItems.userId, 'bob')).limit(1)))!.id;
    // A log row of ada's naming bob's record (the product never writes one, but it must not leak).
    await db.update(changeLog).set({ userId: 'ada' }).where(eq(changeLog.entityId, bobsItem));

    const page = await pull({ store, clock }, 'ada', 0, 1000);

    expect(page.changes.filter((c) => c.id === bobsItem).every((c) => c.deleted && c.data === null)).toBe(true);
    expect(page.changes.filter((c) => c.entity === 'jobItem' && !c.deleted)).toHaveLength(300);
    expect(page.hasMore).toBe(false);
  });
});
