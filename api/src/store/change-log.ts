import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { SyncEntity } from '@shared/schemas/sync';
import type { Statement } from 'better-sqlite3';
import type { Tx } from './sqlite/client';
import { changeOrderLock, changeOrderTaken, changeOrderToTake } from './change-order';
import { preparedOnce } from './prepared';
import type { PgDb } from './postgres/postgres';
import { first } from './store';
import { dialectOfDb, tablesFor, tablesOf, type Tables } from './schema/index';

type ChangeLogRow = Tables['changeLog']['$inferSelect'];

/**
 * Moves a user's record to the head of the global change sequence; call it (and await it) in the
 * store transaction of the write. Only the latest change of a record is kept, so the log stays one
 * row per record and user; another user's row for the same id (a tombstone, say) is never touched.
 */
export async function recordChange(
  tx: Tx,
  userId: string,
  entity: SyncEntity,
  entityId: string,
  now: Date,
  deleted = false,
): Promise<void> {
  // The user's positions must commit in the order they are taken (store/change-order.ts): on
  // PostgreSQL the first change of a transaction takes the user's lock in the same statement.
  if (changeOrderToTake(userId)) {
    await (tx as unknown as PgDb).execute(lockedUpsert(userId, entity, entityId, deleted, now));
    changeOrderTaken(userId);
    return;
  }
  const statements = preparedOnce(recordStatements, tx, prepareRecord);
  if (statements.upsert) {
    await statements.upsert.run({ userId, entity, entityId, deleted, changedAt: now });
    return;
  }
  await statements.remove.run({ userId, entity, entityId });
  await statements.insert.run({ userId, entity, entityId, deleted, changedAt: now });
}

/**
 * `recordChange` for several records of one entity at once: on PostgreSQL one statement (the ids
 * one JSON parameter, so its text is always the same), on SQLite the prepared statements per record.
 */
export async function recordChanges(tx: Tx, userId: string, entity: SyncEntity, entityIds: readonly string[], now: Date): Promise<void> {
  const { changeLog } = tablesOf(tx);
  if (entityIds.length === 0) return;
  if (dialectOfDb(tx) !== 'postgres' || entityIds.length === 1) {
    for (const entityId of entityIds) await recordChange(tx, userId, entity, entityId, now);
    return;
  }
  const lock = changeOrderToTake(userId);
  await (tx as unknown as PgDb).execute(
    sql`${lock ? sql`with held as materialized (select ${changeOrderLock(userId)}) ` : sql``}insert into ${changeLog} (user_id, entity, entity_id, deleted, changed_at)
        select ${userId}, ${entity}, value, false, ${now.toISOString()}::timestamptz from ${lock ? sql`held, ` : sql``}jsonb_array_elements_text(${JSON.stringify(entityIds)}::jsonb)
        on conflict (user_id, entity, entity_id)
        do update set seq = nextval(pg_get_serial_sequence('change_log', 'seq')), deleted = excluded.deleted, changed_at = excluded.changed_at`,
  );
  if (lock) changeOrderTaken(userId);
}

/**
 * The PostgreSQL upsert of `prepareRecord` with the user's lock taken first, in one statement: the
 * materialized CTE yields its one row only once the lock is granted, so the row's position (the
 * sequence's next value, drawn as the row is inserted or updated) is taken under the lock.
 */
const lockedUpsert = (userId: string, entity: SyncEntity, entityId: string, deleted: boolean, now: Date) =>
  sql`with held as materialized (select ${changeOrderLock(userId)})
      insert into ${tablesFor('postgres').changeLog} (user_id, entity, entity_id, deleted, changed_at)
      select ${userId}, ${entity}, ${entityId}, ${deleted}::boolean, ${now.toISOString()}::timestamptz from held
      on conflict (user_id, entity, entity_id)
      do update set seq = nextval(pg_get_serial_sequence('change_log', 'seq')), deleted = excluded.deleted, changed_at = excluded.changed_at`;

// Every write of every user records its change: prepared once per database.
const recordStatements = new WeakMap<object, ReturnType<typeof prepareRecord>>();
function prepareRecord(db: Tx) {
  const { changeLog } = tablesOf(db);
  const [userId, entity, entityId] = [sql.placeholder('userId'), sql.placeholder('entity'), sql.placeholder('entityId')];
  const [deleted, changedAt] = [sql.placeholder('deleted'), sql.placeholder('changedAt')];
  if (dialectOfDb(db) === 'postgres') {
    // One statement, one round trip: the user's row for the record (unique per user) moves to a new position in place.
    return {
      upsert: db
        .insert(changeLog)
        .values({ userId, entity, entityId, deleted, changedAt })
        .onConflictDoUpdate({
          target: [changeLog.userId, changeLog.entity, changeLog.entityId],
          set: {
            seq: sql`nextval(pg_get_serial_sequence('change_log', 'seq'))`,
            deleted: sql`excluded.deleted`,
            changedAt: sql`excluded.changed_at`,
          },
        })
        .prepare(),
    };
  }
  return {
    upsert: undefined,
    remove: db
      .delete(changeLog)
      .where(and(eq(changeLog.userId, userId), eq(changeLog.entity, entity), eq(changeLog.entityId, entityId)))
      .prepare(),
    insert: db.insert(changeLog).values({ userId, entity, entityId, deleted, changedAt }).prepare(),
  };
}

/**
 * The user's changes after `since`, oldest first, at most `limit`: a range of the (user_id, seq)
 * index, so a page costs the same however many rows the user or anyone else has. `INDEXED BY`
 * because with statistics SQLite may prefer the rowid range `seq > ?`, which reads every user's
 * later changes. Prepared once per connection.
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

const changesSinceStatements = new WeakMap<object, Statement<[string, number, number], ChangeLogRecord>>();

/** Read through `db`: the store's current handle (`store.db`, or the transaction under way). */
export async function changesSince(db: Tx, userId: string, since: number, limit: number): Promise<ChangeLogRow[]> {
  const { changeLog } = tablesOf(db);
  if (dialectOfDb(db) === 'postgres') {
    // PostgreSQL's planner takes the (user_id, seq) index for this range by itself.
    return db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.userId, userId), gt(changeLog.seq, since)))
      .orderBy(asc(changeLog.seq))
      .limit(limit);
  }
  const statement = preparedOnce(changesSinceStatements, db, (_db, connection) =>
    connection.prepare<[string, number, number], ChangeLogRecord>(CHANGES_SINCE_SQL),
  );
  const rows = await statement.all(userId, since, limit);
  return rows.map((row) => ({
    seq: row.seq,
    userId: row.user_id,
    entity: row.entity,
    entityId: row.entity_id,
    deleted: row.deleted === 1,
    changedAt: new Date(row.changed_at),
  }));
}

/** Whether a record of this user was deleted (its tombstone is in the log). */
export async function wasDeleted(db: Tx, userId: string, entity: SyncEntity, entityId: string): Promise<boolean> {
  const { changeLog } = tablesOf(db);
  const row = await first(
    db
      .select({ deleted: changeLog.deleted })
      .from(changeLog)
      .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, entityId), eq(changeLog.userId, userId)))
      .limit(1),
  );
  return row?.deleted === true;
}
