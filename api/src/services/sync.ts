import { and, eq, inArray } from 'drizzle-orm';
import { SYNC_PROTOCOL_VERSION, type PullResponse, type SyncChange } from '@shared/schemas/sync';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { agents, jobItems, users } from '../db/schema';
import { notFound } from '../errors';
import { toAgentDto, toJobItemDto } from './agents';
import { changesSince } from './change-log';
import { planLimitsFor } from './plan-limits';
import { toUserDto } from './users';

/** One page of a user's changes after `since`, each record in its latest state or as a tombstone. */
export function pull(deps: { db: Db; clock: Clock }, userId: string, since: number, limit: number): PullResponse {
  const { db, clock } = deps;
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound('User not found');
  const log = changesSince(db, userId, since, limit + 1);
  const page = log.slice(0, limit);
  const idsOf = (entity: SyncChange['entity']) => page.filter((c) => c.entity === entity && !c.deleted).map((c) => c.entityId);

  const agentIds = idsOf('agent');
  const jobIds = idsOf('jobItem');
  const agentRows = new Map(
    (agentIds.length ? db.select().from(agents).where(and(eq(agents.userId, userId), inArray(agents.id, agentIds))).all() : []).map((row) => [row.id, row]),
  );
  const jobRows = new Map(
    (jobIds.length ? db.select().from(jobItems).where(and(eq(jobItems.userId, userId), inArray(jobItems.id, jobIds))).all() : []).map((row) => [row.id, row]),
  );

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
    planLimits: planLimitsFor(db, user, clock.now()),
  };
}
