import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresStore } from '../testing/postgres-test-db';
import { changesSince, recordChange } from './change-log';
import { Claims } from './claims';
import { stampFieldVersions } from './field-versions';
import { RateHits } from './rate-hits';
import { tablesOf } from './schema/index';
import { openSqliteStore } from './sqlite/sqlite-store';
import { first, isPostgresStore, type Store } from './store';

// Runs in the `api-pg` project only (it needs the project's PostgreSQL server), though no
// DATABASE_URL decides anything here: each store is opened by the test and carries its own tables.
const opened: Array<{ store: Store; dir?: string }> = [];
afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

function bothStores(): Store[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-two-engines-'));
  const sqliteStore = openSqliteStore(path.join(dir, 'product.sqlite'));
  const { store: pgStore } = freshPostgresStore();
  opened.push({ store: sqliteStore, dir }, { store: pgStore });
  return [sqliteStore, pgStore];
}

const now = new Date('2026-11-24T10:00:00.123Z');
const mails = new Claims('mailOutbox', { leaseMs: 60_000 });

/** The same domain-level work on any store: a user, a profile edit stamped per field, its change, a mail claimed and sent, a rate hit. */
async function work(store: Store, userId: string) {
  await store.tx(async (tx) => {
    const { users, mailOutbox } = tablesOf(tx);
    await tx.insert(users).values({
      id: userId,
      email: `${userId}@example.com`,
      passwordHash: 'x',
      platformType: 'freelancer',
      referralCode: userId,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(users)
      .set({
        firstName: 'Ada',
        version: sql`${users.version} + 1`,
        fieldVersions: stampFieldVersions(users.fieldVersions, users.version, ['firstName']),
      })
      .where(eq(users.id, userId));
    await recordChange(tx, userId, 'profile', userId, now);
    await tx
      .insert(mailOutbox)
      .values({ messageId: `<${userId}@test>`, to: 'a@b.c', subject: 's', text: 't', html: 'h', createdAt: now, nextAttemptAt: now });
    await new RateHits(store, 'test').add(tx, ['k'], now.getTime());
  });
  const claimed = await mails.claimBatch(store, now, 10);
  await store.tx((tx) => mails.complete(tx, claimed.token, { sentAt: now }));
  const { users, mailOutbox } = tablesOf(store.db);
  return {
    user: await first(store.db.select().from(users).where(eq(users.id, userId))),
    changes: (await changesSince(store.db, userId, 0, 10)).map((change) => [change.entity, change.entityId]),
    mail: await first(store.db.select({ sentAt: mailOutbox.sentAt, claimToken: mailOutbox.claimToken }).from(mailOutbox)),
    claimed: claimed.rows.length,
    hits: await store.tx((tx) => new RateHits(store, 'test').recent(tx, 'k', now.getTime() - 1)),
  };
}

describe('a SQLite store and a PostgreSQL store in one process', () => {
  it('each runs the same code on its own tables, side by side, with the same answers', async () => {
    const stores = bothStores();
    expect(stores.map((store) => store.dialect)).toEqual(['sqlite', 'postgres']);
    const [onSqlite, onPostgres] = await Promise.all(stores.map((store) => work(store, 'u1')));
    expect(onSqlite).toEqual(onPostgres);
    expect(onSqlite).toMatchObject({
      user: { firstName: 'Ada', version: 2, fieldVersions: { firstName: 2 }, createdAt: now },
      changes: [['profile', 'u1']],
      mail: { sentAt: now, claimToken: null },
      claimed: 1,
      hits: [now.getTime()],
    });
  });

  it("stores each value in its engine's own type: a timestamp on PostgreSQL, milliseconds on SQLite", async () => {
    const [sqliteStore, pgStore] = bothStores();
    await Promise.all([work(sqliteStore!, 'u2'), work(pgStore!, 'u2')]);
    if (!isPostgresStore(pgStore!) || sqliteStore!.dialect !== 'sqlite') throw new Error('engines');
    const [pgRow] = await pgStore.pg.$client<Array<{ ms: string; t: string }>>`
      select (extract(epoch from created_at) * 1000)::bigint::text as ms, pg_typeof(created_at)::text as t from users`;
    expect(pgRow).toEqual({ ms: String(now.getTime()), t: 'timestamp with time zone' });
    const sqliteRow = (sqliteStore as unknown as { writer: { $client: { prepare(q: string): { get(): unknown } } } }).writer.$client
      .prepare('select created_at, typeof(created_at) as t from users')
      .get();
    expect(sqliteRow).toEqual({ created_at: now.getTime(), t: 'integer' });
  });
});
