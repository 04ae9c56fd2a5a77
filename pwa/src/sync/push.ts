import type { Agent } from '@shared/schemas/agent';
import type { BidpilotDb } from '../db/db';
import type { JobItem } from '@shared/schemas/job-item';
import { rebaseJobItem } from '../db/job-items-table';
import { changedFields, isJobItemEntry, type JobItemOutboxEntry, type OutboxEntry } from '../db/outbox-table';
import type { SyncNotice } from '../db/notices-table';
import { resolveConflict } from '../domain/agent-conflict';
import { advanceBases, rebaseAgent } from '../domain/agent-rebase';
import { isApiError, type ApiError } from '../lib/api';
import { classifyFailure, describeError, isRecord } from './failure';
import { requestFor } from './requests';
import type { SyncResponse, SyncTransport } from './transport';

export interface PushDeps {
  db: BidpilotDb;
  transport: SyncTransport;
  now?: () => number;
  uuid?: () => string;
  /** A guard against a queue that never empties (each entry that is answered counts). */
  maxSends?: number;
}

export interface PushResult {
  /** Entries the server acknowledged (first answer or replay). */
  acknowledged: number;
  rejected: number;
  conflicts: number;
}

/** The agent in a write's answer (`{ data: agent }`), if there is one. */
function answeredAgent(body: unknown): Agent | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const data = body.data;
  return typeof data.id === 'string' && typeof data.version === 'number' ? (data as unknown as Agent) : null;
}

/**
 * Sends the outbox strictly in `seq` order, one entry at a time. An entry leaves the outbox only
 * when the server answered it: 2xx (or a replay of an earlier answer) acknowledges it; a 4xx
 * refuses it for good (dropped, its change undone, a notice kept); a 409 conflict is resolved per
 * field (the server's values win, the user's other fields are queued again on the new version).
 * No answer, 5xx, 429 or 401: the entry stays, nothing behind it is sent, and the error is thrown
 * so the loop (or the browser's Background Sync) tries again later.
 */
export async function push(deps: PushDeps): Promise<PushResult> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const maxSends = deps.maxSends ?? 500;
  const result: PushResult = { acknowledged: 0, rejected: 0, conflicts: 0 };

  const pendingOf = (entityId: string) => db.outbox.where('entityId').equals(entityId).sortBy('seq');

  async function acknowledge(entry: OutboxEntry, response: SyncResponse) {
    await db.transaction('rw', db.agents, db.outbox, async () => {
      if (!(await db.outbox.get(entry.seq!))) return; // cleared meanwhile (sign-out)
      await db.outbox.delete(entry.seq!);
      const row = await db.agents.get(entry.entityId);
      if (!row) return;
      if (entry.op === 'delete') {
        await db.agents.delete(entry.entityId);
        return;
      }
      const answer = answeredAgent(response.body);
      if (!answer) return;
      let remaining = await pendingOf(entry.entityId);
      const acked = entry.op === 'create' ? entry.payload : changedFields(entry);
      const moves = advanceBases({ later: remaining, before: row.server, after: answer, acked });
      for (const move of moves) await db.outbox.update(move.seq, { baseVersion: move.baseVersion });
      if (moves.length > 0) remaining = await pendingOf(entry.entityId);
      const view = rebaseAgent(answer, remaining);
      await db.agents.put({ ...view.agent, server: answer, pendingDelete: view.deleted });
    });
  }

  /** The server's job item in an answer (`{ data: item }`, or a 409's `details.current`). */
  function answeredJobItem(value: unknown): JobItem | null {
    return isRecord(value) && typeof value.id === 'string' && typeof value.version === 'number' && typeof value.status === 'string' ? (value as unknown as JobItem) : null;
  }

  async function acknowledgeJobItem(entry: JobItemOutboxEntry, response: SyncResponse) {
    await db.transaction('rw', db.jobItems, db.outbox, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      const row = await db.jobItems.get(entry.entityId);
      if (!row) return;
      const answer = answeredJobItem(isRecord(response.body) ? response.body.data : null);
      let remaining = await pendingOf(entry.entityId);
      if (!answer) {
        if (remaining.length === 0 && row.server) await db.jobItems.put(rebaseJobItem(row.server, []));
        return;
      }
      // The later decisions were made on the version this one changed: they now stand on the answer.
      const before = row.server?.version ?? entry.baseVersion;
      const moves = remaining.filter((later) => later.baseVersion === before && later.baseVersion !== answer.version);
      for (const move of moves) await db.outbox.update(move.seq!, { baseVersion: answer.version });
      if (moves.length > 0) remaining = await pendingOf(entry.entityId);
      await db.jobItems.put(rebaseJobItem(answer, remaining));
    });
  }

  /** A refused decision: dropped, the item shown as the server has it, a notice kept. */
  async function rejectJobItem(entry: JobItemOutboxEntry, error: ApiError) {
    await db.transaction('rw', db.jobItems, db.outbox, db.notices, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      const row = await db.jobItems.get(entry.entityId);
      const rest = await pendingOf(entry.entityId);
      if (error.status === 404) {
        await db.outbox.bulkDelete(rest.map((e) => e.seq!));
        await db.jobItems.delete(entry.entityId);
      } else if (row) {
        const current = answeredJobItem(error.details?.current) ?? row.server ?? row;
        await db.jobItems.put(rebaseJobItem(current, rest));
      }
      await db.notices.add(notice(entry, row?.title ?? '', 'rejected', error, []));
    });
  }

  async function reject(entry: OutboxEntry, error: ApiError) {
    await db.transaction('rw', db.agents, db.outbox, db.notices, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      const row = await db.agents.get(entry.entityId);
      // The agent is not on the server (its creation was refused, or it is gone): forget it here.
      const gone = entry.op === 'create' || error.status === 404 || !row?.server;
      if (gone) {
        const rest = await pendingOf(entry.entityId);
        await db.outbox.bulkDelete(rest.map((e) => e.seq!));
        await db.agents.delete(entry.entityId);
        if (entry.op === 'delete') return; // it is gone, as the user wanted
      } else if (row?.server) {
        const view = rebaseAgent(row.server, await pendingOf(entry.entityId));
        await db.agents.put({ ...view.agent, server: row.server, pendingDelete: view.deleted });
      }
      await db.notices.add(notice(entry, row?.name ?? '', 'rejected', error, []));
    });
  }

  async function resolve(entry: OutboxEntry, error: ApiError) {
    const current = error.details?.current as Agent;
    const conflictFields = error.details?.conflictFields ?? [];
    const resolution = resolveConflict({ changes: changedFields(entry), conflictFields, current });
    await db.transaction('rw', db.agents, db.outbox, db.notices, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      if (resolution.retry) {
        // Same place in the queue, new key (the old key's answer is the stored 409).
        await db.outbox.add({
          ...entry,
          id: uuid(),
          payload: resolution.retry,
          baseVersion: resolution.baseVersion,
          createdAt: now(),
          attempts: 0,
          lastError: null,
          state: 'pending',
        } as OutboxEntry);
      }
      const row = await db.agents.get(entry.entityId);
      if (row) {
        const view = rebaseAgent(current, await pendingOf(entry.entityId));
        await db.agents.put({ ...view.agent, server: current, pendingDelete: view.deleted });
      }
      if (resolution.lost.length > 0) await db.notices.add(notice(entry, row?.name ?? current.name, 'conflict', error, resolution.lost));
    });
  }

  function notice(entry: OutboxEntry, name: string, kind: SyncNotice['kind'], error: ApiError, lost: SyncNotice['lost']): SyncNotice {
    return { kind, entity: entry.entity, entityId: entry.entityId, entityName: name, op: entry.op, code: error.code, message: error.message, lost, createdAt: now() };
  }

  for (let sends = 0; sends < maxSends; sends += 1) {
    const entry = await db.outbox.orderBy('seq').first();
    if (!entry || entry.seq === undefined) return result;
    await db.outbox.update(entry.seq, { state: 'sending', attempts: entry.attempts + 1 });
    let response: SyncResponse;
    try {
      response = await transport.send(requestFor(entry));
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'retry' || !isApiError(error)) {
        await db.outbox.update(entry.seq, { state: 'failed', lastError: describeError(error).message });
        throw error;
      }
      if (isJobItemEntry(entry)) {
        // A decision on a proposal is not merged: the server's record stands (a 409 included).
        await rejectJobItem(entry, error);
        result.rejected += 1;
      } else if (kind === 'conflict') {
        await resolve(entry, error);
        result.conflicts += 1;
      } else {
        await reject(entry, error);
        result.rejected += 1;
      }
      continue;
    }
    if (isJobItemEntry(entry)) await acknowledgeJobItem(entry, response);
    else await acknowledge(entry, response);
    result.acknowledged += 1;
  }
  return result;
}
