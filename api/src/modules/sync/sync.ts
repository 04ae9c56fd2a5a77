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
 * One page of a user's changes after `since`, each record in its latest state or as a tombstone.
 * The reads are not one snapshot, and need not be: a record changed after the log was read is
 * answered in its newer state (and again on a later page), one deleted since as a tombstone.
 */
export async function pull(deps: { store: Store; clock: Clock }, userId: string, since: number, limit: number): Promise<PullResponse> {
  const { users } = tablesOf(deps.store.db);
  const { clock } = deps;
  const { db } = deps.store;
  const user = await first(db.select().from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw notFound('User not found');
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
    nextCursor: String(last ? last.seq : since),
    hasMore: log.length > limit,
    planLimits: await readPlanLimits(deps.store, user, clock.now()),
  };
}
