import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/**
 * The global change sequence: the latest change of each user-owned record, numbered in commit
 * order. A deleted record keeps its row here as a tombstone so pulls learn of the delete.
 */
export const changeLog = sqliteTable(
  'change_log',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    userId: text('user_id').notNull(),
    entity: text('entity', { enum: ['agent', 'jobItem', 'profile'] }).notNull(),
    entityId: text('entity_id').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    changedAt: timestamp('changed_at').notNull(),
  },
  // One row per record per user: a user reusing an id another user deleted never touches that user's tombstone.
  (t) => [
    index('change_log_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('change_log_user_entity_unique').on(t.userId, t.entity, t.entityId),
  ],
);

/** Answers of writes made with an Idempotency-Key, replayed to a retry of the same key. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit and guess-counter hits (store/rate-hits.ts): one row per counted hit, so every
 * process sharing the database counts against the same limits. Swept once older than any window.
 */
export const rateHits = sqliteTable(
  'rate_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('rate_hits_key_at_idx').on(t.key, t.at), index('rate_hits_at_idx').on(t.at)],
);

/**
 * Wake-ups between processes on SQLite (store/wakeups.ts): a change made through one API process
 * that a runner process should act on now, not at its next tick. Read by id; swept after an hour.
 */
export const wakeups = sqliteTable(
  'wakeups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic', { enum: ['agents', 'sends'] }).notNull(),
    /** The process that signalled (it has already told its own listeners). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('wakeups_created_idx').on(t.createdAt)],
);

/**
 * Marks the retention sweep leaves (store/expiry.ts): `change_log_floor` is the newest position of
 * a tombstone it deleted, so a device whose cursor is older is told to pull everything again
 * instead of missing that deletion (modules/sync/sync.ts).
 */
export const retentionMarks = sqliteTable('retention_marks', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});
