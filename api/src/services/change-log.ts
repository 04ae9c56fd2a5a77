import { and, asc, eq, gt } from 'drizzle-orm';
import type { SyncEntity } from '@shared/schemas/sync';
import type { Db, Tx } from '../db/client';
import { changeLog } from '../db/schema';

/**
 * Moves a user's record to the head of the global change sequence; call it in the transaction of
 * the write. Only the latest change of a record is kept, so the log stays one row per record and
 * user; another user's row for the same id (a tombstone, say) is never touched.
 */
export function recordChange(db: Tx, userId: string, entity: SyncEntity, entityId: string, now: Date, deleted = false): void {
  db.delete(changeLog).where(and(eq(changeLog.userId, userId), eq(changeLog.entity, entity), eq(changeLog.entityId, entityId))).run();
  db.insert(changeLog).values({ userId, entity, entityId, deleted, changedAt: now }).run();
}

/** The user's changes after `since`, oldest first, at most `limit`. */
export function changesSince(db: Db, userId: string, since: number, limit: number) {
  return db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.userId, userId), gt(changeLog.seq, since)))
    .orderBy(asc(changeLog.seq))
    .limit(limit)
    .all();
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
