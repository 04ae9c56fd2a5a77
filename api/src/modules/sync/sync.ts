import { and, count, desc, eq, exists, gte, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import {
  SYNC_PROTOCOL_VERSION,
  type FiguresResponse,
  type HistoryResponse,
  type PullResponse,
  type SyncChange,
  type SyncStartResponse,
} from '@shared/schemas/sync';
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

/**
 * What a device without the user's data shows first (`GET /sync/start`): the profile, the agents and
 * the plan, and the change-log position they are as of. The position is read first: a change
 * committed after it comes later in the log (a user's positions commit in order:
 * store/change-order.ts), so the device that pulls from it misses none, and the records read after
 * it are at least as new as it.
 */
export async function start(deps: { store: Store; clock: Clock }, userId: string): Promise<SyncStartResponse> {
  const { db } = deps.store;
  const { users, agents, changeLog, jobItems } = tablesOf(db);
  const position = await first(
    db
      .select({ seq: max(changeLog.seq) })
      .from(changeLog)
      .where(eq(changeLog.userId, userId)),
  );
  // The records answered here are the user's whole state as of now, so the cursor carries the
  // retention floor (as a reset pull's cursors do): pulling from it never starts over.
  const cursor = cursorText(Number(position?.seq ?? 0), await changeLogFloor(db));
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw notFound('User not found');
  const [agentRows, total, planLimits] = await Promise.all([
    db.select().from(agents).where(eq(agents.userId, userId)).orderBy(desc(agents.createdAt)),
    first(db.select({ n: count() }).from(jobItems).where(eq(jobItems.userId, userId))),
    readPlanLimits(deps.store, user, deps.clock.now()),
  ]);
  return {
    protocolVersion: SYNC_PROTOCOL_VERSION,
    cursor,
    profile: toUserDto(user),
    agents: agentRows.map(toAgentDto),
    planLimits,
    jobItems: total?.n ?? 0,
  };
}

/**
 * A page of the user's job items as of the log position `upTo`, newest first (`GET /sync/history`):
 * those whose last change is at or before `upTo`. One changed or deleted after it is left out, as
 * the pull from `upTo` brings its later state, so a page never brings back what the device has
 * already seen deleted. The pages follow the (user, created_at) index with the page's last item as
 * the key (`nextBefore`), so each costs the same however deep into the history.
 */
export async function history(
  deps: { store: Store },
  userId: string,
  upTo: string,
  before: string | undefined,
  limit: number,
): Promise<HistoryResponse> {
  const { db } = deps.store;
  const { jobItems, changeLog } = tablesOf(db);
  const after = before ? parseBefore(before) : null;
  const { seq } = readCursor(upTo);
  // The user's items in the (user, created_at) index's order, each kept when its last change is at
  // or before `upTo` (a lookup in the log's unique (user, entity, id) index). Written as a join, the
  // planners went through the log first and sorted every item of the user for each page (0.75 s
  // with 100,000 items, against 8 ms this way).
  const rows = await db
    .select({ item: jobItems })
    .from(jobItems)
    .where(
      and(
        eq(jobItems.userId, userId),
        after
          ? or(lt(jobItems.createdAt, after.createdAt), and(eq(jobItems.createdAt, after.createdAt), lt(jobItems.id, after.id)))
          : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(changeLog)
            .where(
              and(
                eq(changeLog.userId, jobItems.userId),
                eq(changeLog.entity, 'jobItem'),
                eq(changeLog.entityId, jobItems.id),
                lte(changeLog.seq, seq),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(jobItems.createdAt), desc(jobItems.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => row.item);
  const last = page[page.length - 1];
  return {
    protocolVersion: SYNC_PROTOCOL_VERSION,
    jobItems: page.map(toJobItemDto),
    nextBefore: last ? `${last.createdAt.getTime()}:${last.id}` : null,
    hasMore: rows.length > limit,
  };
}

function parseBefore(before: string): { createdAt: Date; id: string } {
  const colon = before.indexOf(':');
  return { createdAt: new Date(Number(before.slice(0, colon))), id: before.slice(colon + 1) };
}

/**
 * The user's job items grouped by what the dashboard's figures read (`GET /sync/figures`), counted
 * in the database: a device still fetching the history, or holding only its recent part, shows
 * these instead of counting what it has.
 */
export async function figures(deps: { store: Store }, userId: string, monthStart: Date, monthEnd: Date): Promise<FiguresResponse> {
  const { db } = deps.store;
  const { jobItems } = tablesOf(db);
  const flag = (condition: ReturnType<typeof sql>) => sql<number>`case when ${condition} then 1 else 0 end`;
  // Counted twice from the figures indexes alone (schema/tables/proposals.ts), never from the rows,
  // whose letters and descriptions make a read of every row of a long history take half a second:
  // every item, and the items without a letter; those with one are the difference.
  const grouped = (noLetter: boolean) =>
    db
      .select({
        agentId: jobItems.agentId,
        platform: jobItems.platform,
        promptTemplate: jobItems.promptTemplate,
        status: jobItems.status,
        outcome: jobItems.outcome,
        outcomeSource: jobItems.outcomeSource,
        replied: flag(sql`${jobItems.repliedAt} is not null`),
        sentThisMonth: flag(sql`${and(eq(jobItems.status, 'completed'), gte(jobItems.sentAt, monthStart), lt(jobItems.sentAt, monthEnd))}`),
        count: count(),
      })
      .from(jobItems)
      .where(noLetter ? and(eq(jobItems.userId, userId), isNull(jobItems.proposalRequirements)) : eq(jobItems.userId, userId))
      // By position: the same expressions written twice are two parameter sets to PostgreSQL.
      .groupBy(sql.raw('1, 2, 3, 4, 5, 6, 7, 8'));
  const [all, withoutLetter] = [await grouped(false), await grouped(true)];
  const keyOf = (row: (typeof all)[number]) =>
    JSON.stringify([
      row.agentId,
      row.platform,
      row.promptTemplate,
      row.status,
      row.outcome,
      row.outcomeSource,
      Number(row.replied),
      Number(row.sentThisMonth),
    ]);
  const lettersLess = new Map(withoutLetter.map((row) => [keyOf(row), Number(row.count)]));
  const groups = all.flatMap((row) => {
    // Two reads: a letter written between them moves one item at most, never below zero.
    const none = Math.min(lettersLess.get(keyOf(row)) ?? 0, Number(row.count));
    const group = {
      agentId: row.agentId,
      platform: row.platform,
      promptTemplate: row.promptTemplate as FiguresResponse['groups'][number]['promptTemplate'],
      status: row.status,
      outcome: row.outcome as FiguresResponse['groups'][number]['outcome'],
      outcomeSource: row.outcomeSource,
      replied: Number(row.replied) === 1,
      sentThisMonth: Number(row.sentThisMonth) === 1,
    };
    return [
      { ...group, letter: true, count: Number(row.count) - none },
      { ...group, letter: false, count: none },
    ].filter((part) => part.count > 0);
  });
  return { groups, total: groups.reduce((sum, group) => sum + group.count, 0) };
}
