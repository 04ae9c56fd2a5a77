import { and, eq, sql } from 'drizzle-orm';
import type { SyncEntity } from '@shared/schemas/sync';
import type { Statement } from 'better-sqlite3';
import type { Db, Tx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { changeLog } from '../db/schema';

type ChangeLogRow = typeof changeLog.$inferSelect;

/**
 * Moves a user's record to the head of the global change sequence; call it in the transaction of
 * the write. Only the latest change of a record is kept, so the log stays one row per record and
 * user; another user's row for the same id (a tombstone, say) is never touched.
 */
export function recordChange(db: Tx, userId: string, entity: SyncEntity, entityId: string, now: Date, deleted = false): void {
  const statements = preparedOnce(recordStatements, db, prepareRecord);
  statements.remove.run({ userId, entity, entityId });
  statements.insert.run({ userId, entity, entityId, deleted, changedAt: now });
}

// Every write of every user records its change: prepared once per database.
const recordStatements = new WeakMap<object, ReturnType<typeof prepareRecord>>();
function prepareRecord(db: Tx) {
  const [userId, entity, entityId] = [sql.placeholder('userId'), sql.placeholder('entity'), sql.placeholder('entityId')];
  return {
    remove: db.delete(changeLog).where(and(eq(changeLog.userId, userId), eq(changeLog.entity, entity), eq(changeLog.entityId, entityId))).prepare(),
    insert: db.insert(changeLog).values({ userId, entity, entityId, deleted: sql.placeholder('deleted'), changedAt: sql.placeholder('changedAt') }).prepare(),
  };
}

/**
 * The user's changes after `since`, oldest first, at most `limit`: a range of the (user_id, seq)
 * index, so a page costs the same however many rows the user or anyone else has. `INDEXED BY`
 * because with statistics SQLite may prefer the rowid range `seq > ?`, which reads every user's
 * later changes. Prepared once per database.
 */
export const CHANGES_SINCE_SQL = `SELECT seq, user_id, entity, entity_id, deleted, changed_at FROM change_log INDEXED BY change_log_user_seq_idx
  WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?`;

interface ChangeLogRecord {
  seq: number;
  user_id: string;
  entity: SyncEntity;
  entity_id: string;
  deleted: number;
  changed_at: number;
}

const changesSinceStatements = new WeakMap<Db, Statement<[string, number, number], ChangeLogRecord>>();

export function changesSince(db: Db, userId: string, since: number, limit: number): ChangeLogRow[] {
  let statement = changesSinceStatements.get(db);
  if (!statement) {
    statement = db.$client.prepare<[string, number, number], ChangeLogRecord>(CHANGES_SINCE_SQL);
    changesSinceStatements.set(db, statement);
  }
  return statement.all(userId, since, limit).map((row) => ({
    seq: row.seq,
    userId: row.user_id,
    entity: row.entity,
    entityId: row.entity_id,
    deleted: row.deleted === 1,
    changedAt: new Date(row.changed_at),
  }));
}

/** Whether a record of this user was deleted (its tombstone is in the log). */
export function wasDeleted(db: Db, userId: string, entity: SyncEntity, entityId: string): boolean {
  const row = db
    .select({ deleted: changeLog.deleted })
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, entityId), eq(changeLog.userId, userId)))
    .get();
  return row?.deleted === true;
}
