import { eq, inArray } from 'drizzle-orm';
import { SYNC_PROTOCOL_VERSION, type PullResponse, type SyncChange } from '@shared/schemas/sync';
import type { Clock } from '../../kernel/clock';
import type { Db } from '../../store/sqlite/client';
import { first, type Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { notFound } from '../../kernel/errors';
import { toAgentDto } from '../agents/agents';
import { toJobItemDto } from '../proposals/job-item-dto';
import { changesSince } from '../../store/change-log';
import { changeLogFloor } from '../../store/expiry';
import { readPlanLimits } from '../billing/plan-limits';
import { toUserDto } from '../accounts/users';

/**
 * The records of a page, found by primary key: one index probe per id whatever the user owns.
 * (`user_id = ? AND id IN (…)` let SQLite walk the user's whole index range instead, so a full
 * pull grew with the square of the user's rows.) Ownership is checked on the rows found.
 */
export const agentsByIds = (db: Db, ids: string[]) => {
  const { agents } = tablesOf(db);
  return db.select().from(agents).where(inArray(agents.id, ids));
};
export const jobItemsByIds = (db: Db, ids: string[]) => {
  const { jobItems } = tablesOf(db);
  return db.select().from(jobItems).where(inArray(jobItems.id, ids));
};

function ownedById<Row extends { id: string; userId: string }>(rows: Row[], userId: string): Map<string, Row> {
  return new Map(rows.filter((row) => row.userId === userId).map((row) => [row.id, row]));
}

/**
 * A cursor: the change-log position a device has read up to, and (after a dot, once retention has
 * deleted tombstones) the retention floor its records were last checked against. Plain digits are
 * a cursor of before any deletion.
 */
export function readCursor(cursor: string | number): { seq: number; floor: number } {
  const [seq = '0', floor = '0'] = String(cursor).split('.');
  return { seq: Number(seq), floor: Number(floor) };
}

const cursorText = (seq: number, floor: number) => (floor > 0 ? `${seq}.${floor}` : String(seq));

/**
 * One page of a user's changes after `since`, each record in its latest state or as a tombstone.
 * The reads are not one snapshot, and need not be: a record changed after the log was read is
 * answered in its newer state (and again on a later page), one deleted since as a tombstone.
 *
 * A cursor below the retention floor (store/expiry.ts: tombstones past their retention deleted
 * above it) that was not already checked against that floor may have missed a deletion: the page
 * starts over from the first change, marked `reset`, and the device drops what it held. Cursors
 * answered from then on carry the floor, so the rest of that full pull (whose positions may be
 * below it) goes on as usual.
 */
export async function pull(
  deps: { store: Store; clock: Clock },
  userId: string,
  cursor: string | number,
  limit: number,
): Promise<PullResponse> {
  const { users } = tablesOf(deps.store.db);
  const { clock } = deps;
  const { db } = deps.store;
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw notFound('User not found');
  const floor = await changeLogFloor(db);
  const given = readCursor(cursor);
  const reset = given.seq > 0 && given.seq < floor && given.floor < floor;
  const since = reset ? 0 : given.seq;
  const log = await changesSince(db, userId, since, limit + 1);
  const page = log.slice(0, limit);
  const idsOf = (entity: SyncChange['entity']) => page.filter((c) => c.entity === entity && !c.deleted).map((c) => c.entityId);

  const agentIds = idsOf('agent');
  const jobIds = idsOf('jobItem');
  const agentRows = ownedById(agentIds.length ? await agentsByIds(db, agentIds) : [], userId);
  const jobRows = ownedById(jobIds.length ? await jobItemsByIds(db, jobIds) : [], userId);

  const changes: SyncChange[] = [];
  for (const entry of page) {
    const base = { id: entry.entityId, seq: entry.seq, deleted: entry.deleted };
    if (entry.entity === 'agent') {
      const row = agentRows.get(entry.entityId);
      changes.push({ entity: 'agent', ...base, deleted: entry.deleted || !row, data: row ? toAgentDto(row) : null });
    } else if (entry.entity === 'jobItem') {
      const row = jobRows.get(entry.entityId);
      changes.push({ entity: 'jobItem', ...base, deleted: entry.deleted || !row, data: row ? toJobItemDto(row) : null });
    } else {
      changes.push({ entity: 'profile', ...base, data: entry.entityId === userId ? toUserDto(user) : null });
    }
  }
  const last = page[page.length - 1];
  return {
    protocolVersion: SYNC_PROTOCOL_VERSION,
    changes,
    nextCursor: cursorText(last ? last.seq : since, floor),
    hasMore: log.length > limit,
    planLimits: await readPlanLimits(deps.store, user, clock.now()),
    ...(reset ? { reset: true } : {}),
  };
}
