import type { BidpilotDb } from '../data/db';
import { changedFields, type OutboxEntry, type RecordOutboxEntry } from '../data/outbox-table';
import { recordStoreOf } from '../data/records';
import { resolveConflict } from './agent-conflict';
import type { ApiError } from '../lib/api';
import { noticeOf, refusedValues } from './notice';
import type { SyncResponse } from './transport';

export interface RecordPushContext {
  db: BidpilotDb;
  now: () => number;
  uuid: () => string;
  pendingOf: (entityId: string) => Promise<OutboxEntry[]>;
}

const fieldsOf = (record: object) => record as Record<string, unknown>;

/** The profile or notice settings write answered: the answer stored with the later changes on top. */
export async function acknowledgeRecord(ctx: RecordPushContext, entry: RecordOutboxEntry, response: SyncResponse): Promise<void> {
  const { db } = ctx;
  const store = recordStoreOf(entry);
  await db.transaction('rw', [db.outbox, ...store.tables(db)], async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    const answer = store.fromAnswer(response.body);
    const known = await store.read(db, entry.entityId);
    const server = answer ?? known?.server;
    if (server) await store.write(db, server, await ctx.pendingOf(entry.entityId));
  });
}

/** Refused (a 4xx): the server's record shown again, the user's values kept in a notice. */
export async function rejectRecord(ctx: RecordPushContext, entry: RecordOutboxEntry, error: ApiError): Promise<void> {
  const { db } = ctx;
  const store = recordStoreOf(entry);
  await db.transaction('rw', [db.outbox, db.notices, ...store.tables(db)], async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    const known = await store.read(db, entry.entityId);
    if (known) await store.write(db, known.server, await ctx.pendingOf(entry.entityId));
    const lost = refusedValues(changedFields(entry), known ? fieldsOf(known.server) : null);
    await db.notices.add(noticeOf(entry, { name: '', kind: 'rejected', error, lost, at: ctx.now() }));
  });
}

/**
 * A 409: the fields changed since the user saw them keep the server's values and are shown in a
 * notice with the user's (to choose from); the user's other fields go again on the current version.
 */
export async function resolveRecord(ctx: RecordPushContext, entry: RecordOutboxEntry, error: ApiError): Promise<void> {
  const { db } = ctx;
  const store = recordStoreOf(entry);
  const current = store.fromAnswer(error.details?.current);
  if (!current) return rejectRecord(ctx, entry, error);
  const resolution = resolveConflict({
    changes: changedFields(entry),
    conflictFields: error.details?.conflictFields ?? [],
    current: { ...fieldsOf(current), version: current.version },
  });
  await db.transaction('rw', [db.outbox, db.notices, ...store.tables(db)], async () => {
    if (!(await db.outbox.get(entry.seq!))) return;
    await db.outbox.delete(entry.seq!);
    if (resolution.retry) {
      // Same place in the queue, a new key (the old key's answer is the stored 409).
      await db.outbox.add({
        ...entry,
        id: ctx.uuid(),
        payload: resolution.retry,
        baseVersion: current.version,
        seen: Object.fromEntries(Object.keys(resolution.retry).map((field) => [field, fieldsOf(current)[field]])),
        createdAt: ctx.now(),
        attempts: 0,
        lastError: null,
        state: 'pending',
      } as OutboxEntry);
    }
    await store.write(db, current, await ctx.pendingOf(entry.entityId));
    if (resolution.lost.length > 0) {
      await db.notices.add(
        noticeOf(entry, { name: '', kind: 'conflict', error, lost: resolution.lost, at: ctx.now(), baseVersion: current.version }),
      );
    }
  });
}
