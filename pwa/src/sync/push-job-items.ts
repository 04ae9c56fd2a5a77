import type { JobItem } from '@shared/schemas/job-item';
import type { BidpilotDb } from '../data/db';
import { rebaseJobItem } from '../data/job-items-table';
import { changedFields, type JobItemOutboxEntry, type OutboxEntry } from '../data/outbox-table';
import { resolveConflict } from './agent-conflict';
import type { ApiError } from '../lib/api';
import { fieldOf, hasFields, isRecord } from '../lib/guards';
import { noticeOf, refusedValues } from './notice';
import type { SyncResponse } from './transport';

export interface JobItemPushContext {
  db: BidpilotDb;
  now: () => number;
  uuid: () => string;
  pendingOf: (entityId: string) => Promise<OutboxEntry[]>;
}

/** The server's job item in an answer (`{ data: item }`, or a 409's `details.current`). */
export function answeredJobItem(value: unknown): JobItem | null {
  return hasFields<JobItem>(value, { id: 'string', version: 'number', status: 'string' }) ? value : null;
}

/** The answered decision: dropped from the outbox, the item stored as the server has it with the later decisions on top. */
export async function acknowledgeJobItem(ctx: JobItemPushContext, entry: JobItemOutboxEntry, response: SyncResponse): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.jobItems, db.outbox, async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    const row = await db.jobItems.get(entry.entityId);
    if (!row) return;
    const answer = answeredJobItem(isRecord(response.body) ? response.body.data : null);
    let remaining = await ctx.pendingOf(entry.entityId);
    if (!answer) {
      if (remaining.length === 0 && row.server) await db.jobItems.put(rebaseJobItem(row.server, []));
      return;
    }
    // The later decisions made on the version this one changed now stand on the answer (those that
    // say what the user saw are based when they are sent).
    const before = row.server?.version ?? entry.baseVersion;
    const moves = remaining.filter((later) => !later.seen && later.baseVersion === before && later.baseVersion !== answer.version);
    for (const move of moves) await db.outbox.update(move.seq!, { baseVersion: answer.version });
    if (moves.length > 0) remaining = await ctx.pendingOf(entry.entityId);
    await db.jobItems.put(rebaseJobItem(answer, remaining));
  });
}

/** A refused decision: dropped, the item shown as the server has it, a notice kept with the user's letter. */
export async function rejectJobItem(ctx: JobItemPushContext, entry: JobItemOutboxEntry, error: ApiError): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.jobItems, db.outbox, db.notices, async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    const row = await db.jobItems.get(entry.entityId);
    const rest = await ctx.pendingOf(entry.entityId);
    const current = answeredJobItem(error.details?.current) ?? row?.server ?? row ?? null;
    if (error.status === 404) {
      await db.outbox.bulkDelete(rest.map((e) => e.seq!));
      await db.jobItems.delete(entry.entityId);
    } else if (current) {
      await db.jobItems.put(rebaseJobItem(current, rest));
    }
    const lost = refusedValues(changedFields(entry), current);
    await db.notices.add(noticeOf(entry, { name: row?.title ?? '', kind: 'rejected', error, lost, at: ctx.now() }));
  });
}

/**
 * A 409 on fields changed since the user saw them (the letter, the outcome): the server's values
 * stand, the user's other fields are queued again on its version, and a notice shows both values.
 * A refused approval is not re-sent: the user chooses ("Use mine" approves their letter).
 */
export async function resolveJobItem(ctx: JobItemPushContext, entry: JobItemOutboxEntry, error: ApiError): Promise<void> {
  const { db } = ctx;
  const current = answeredJobItem(error.details?.current);
  if (!current) return rejectJobItem(ctx, entry, error);
  const changes =
    entry.op === 'approve'
      ? { proposalRequirements: entry.payload.proposalRequirements ?? entry.seen?.proposalRequirements }
      : changedFields(entry);
  const resolution = resolveConflict({ changes, conflictFields: error.details?.conflictFields ?? [], current });
  await db.transaction('rw', db.jobItems, db.outbox, db.notices, async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    if (resolution.retry && entry.op === 'editJob') {
      await db.outbox.add({
        ...entry,
        id: ctx.uuid(),
        payload: resolution.retry,
        baseVersion: current.version,
        seen: Object.fromEntries(Object.keys(resolution.retry).map((field) => [field, fieldOf(current, field)])),
        createdAt: ctx.now(),
        attempts: 0,
        lastError: null,
        state: 'pending',
      } as OutboxEntry);
    }
    const row = await db.jobItems.get(entry.entityId);
    await db.jobItems.put(rebaseJobItem(current, await ctx.pendingOf(entry.entityId)));
    const lost = resolution.lost.length > 0 || entry.op !== 'approve' ? resolution.lost : refusedValues(changes, current);
    if (lost.length > 0 || entry.op === 'approve') {
      await db.notices.add(
        noticeOf(entry, { name: row?.title ?? current.title, kind: 'conflict', error, lost, at: ctx.now(), baseVersion: current.version }),
      );
    }
  });
}
