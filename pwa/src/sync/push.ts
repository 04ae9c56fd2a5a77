import type { Agent } from '@shared/schemas/agent';
import type { BidpilotDb } from '../data/db';
import { keepRefusedAgent } from '../data/kept-drafts';
import { changedFields, isAgentEntry, isJobItemEntry, type AgentOutboxEntry, type OutboxEntry } from '../data/outbox-table';
import { recordStoreOf } from '../data/records';
import { resolveConflict } from './agent-conflict';
import { advanceBases, rebaseAgent } from '../data/agent-rebase';
import { sendBases } from './send-base';
import { isApiError, type ApiError } from '../lib/api';
import { classifyFailure, describeError } from './failure';
import { fieldOf, hasFields, isRecord } from '../lib/guards';
import { noticeOf, refusedValues } from './notice';
import { acknowledgeJobItem, rejectJobItem, resolveJobItem } from './push-job-items';
import { acknowledgeRecord, rejectRecord, resolveRecord } from './push-records';
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
  if (!isRecord(body)) return null;
  return hasFields<Agent>(body.data, { id: 'string', version: 'number' }) ? body.data : null;
}

/**
 * Sends the outbox strictly in `seq` order, one entry at a time. An entry leaves the outbox only
 * when the server answered it: 2xx (or a replay of an earlier answer) acknowledges it; a 4xx
 * refuses it for good (dropped, its change undone, a notice kept with the user's values, a refused
 * new agent kept as a draft); a 409 conflict is resolved per field (the server's values win and
 * are shown beside the user's, the user's other fields are queued again on the new version).
 * No answer, 5xx, 429 or 401: the entry stays, nothing behind it is sent, and the error is thrown
 * so the loop (or the browser's Background Sync) tries again later. Each entry goes with the base
 * versions decided when it is sent, per field (sync/send-base.ts).
 */
export async function push(deps: PushDeps): Promise<PushResult> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const maxSends = deps.maxSends ?? 500;
  const result: PushResult = { acknowledged: 0, rejected: 0, conflicts: 0 };

  const pendingOf = (entityId: string) => db.outbox.where('entityId').equals(entityId).sortBy('seq');
  const ctx = { db, now, uuid, pendingOf };

  async function acknowledge(entry: AgentOutboxEntry, response: SyncResponse) {
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

  async function reject(entry: AgentOutboxEntry, error: ApiError) {
    await db.transaction('rw', db.agents, db.outbox, db.notices, db.keptDrafts, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      const row = await db.agents.get(entry.entityId);
      const lost = refusedValues(changedFields(entry), row?.server as Record<string, unknown> | null | undefined);
      // The agent is not on the server (its creation was refused, or it is gone).
      const gone = entry.op === 'create' || error.status === 404 || !row?.server;
      let kept = false;
      if (gone) {
        const rest = await pendingOf(entry.entityId);
        await db.outbox.bulkDelete(rest.map((e) => e.seq!));
        if (entry.op === 'delete') {
          await db.agents.delete(entry.entityId);
          return; // it is gone, as the user wanted
        }
        // A refused new agent is never thrown away: kept as a draft (unless the user deleted it meanwhile).
        if (entry.op === 'create' && row && !row.pendingDelete && !rest.some((e) => e.op === 'delete')) {
          await keepRefusedAgent(db, row, { code: error.code, message: error.message }, now());
          kept = true;
        }
        await db.agents.delete(entry.entityId);
      } else if (row?.server) {
        const view = rebaseAgent(row.server, await pendingOf(entry.entityId));
        await db.agents.put({ ...view.agent, server: row.server, pendingDelete: view.deleted });
      }
      await db.notices.add(noticeOf(entry, { name: row?.name ?? '', kind: 'rejected', error, lost: kept ? [] : lost, at: now(), kept }));
    });
  }

  async function resolve(entry: AgentOutboxEntry, error: ApiError) {
    const current = error.details?.current as Agent;
    const conflictFields = error.details?.conflictFields ?? [];
    const resolution = resolveConflict({ changes: changedFields(entry), conflictFields, current });
    await db.transaction('rw', db.agents, db.outbox, db.notices, async () => {
      if (!(await db.outbox.get(entry.seq!))) return;
      await db.outbox.delete(entry.seq!);
      if (resolution.retry) {
        // Same place in the queue, new key (the old key's answer is the stored 409).
        const retry = resolution.retry;
        await db.outbox.add({
          ...entry,
          id: uuid(),
          payload: retry,
          baseVersion: resolution.baseVersion,
          seen: Object.fromEntries(Object.keys(retry).map((field) => [field, fieldOf(current, field)])),
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
      if (resolution.lost.length > 0) {
        await db.notices.add(
          noticeOf(entry, { name: current.name, kind: 'conflict', error, lost: resolution.lost, at: now(), baseVersion: current.version }),
        );
      }
    });
  }

  /** The server's copy of the entry's record here, for the base it is sent with. */
  async function serverCopy(entry: OutboxEntry): Promise<{ version: number } | null> {
    if (!entry.seen) return null;
    if (isAgentEntry(entry)) return (await db.agents.get(entry.entityId))?.server ?? null;
    if (isJobItemEntry(entry)) {
      const row = await db.jobItems.get(entry.entityId);
      return row ? (row.server ?? row) : null;
    }
    return (await recordStoreOf(entry).read(db, entry.entityId))?.server ?? null;
  }

  for (let sends = 0; sends < maxSends; sends += 1) {
    const entry = await db.outbox.orderBy('seq').first();
    if (!entry || entry.seq === undefined) return result;
    await db.outbox.update(entry.seq, { state: 'sending', attempts: entry.attempts + 1 });
    let response: SyncResponse;
    try {
      response = await transport.send(requestFor({ ...entry, ...sendBases(entry, await serverCopy(entry)) } as OutboxEntry));
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'retry' || !isApiError(error)) {
        await db.outbox.update(entry.seq, { state: 'failed', lastError: describeError(error).message });
        throw error;
      }
      if (kind === 'conflict') result.conflicts += 1;
      else result.rejected += 1;
      if (isJobItemEntry(entry)) {
        // A 409 on fields the user did not see is a conflict to show; any other refusal undoes the decision.
        if (kind === 'conflict' && (entry.op === 'approve' || entry.op === 'editJob')) await resolveJobItem(ctx, entry, error);
        else await rejectJobItem(ctx, entry, error);
      } else if (isAgentEntry(entry)) {
        if (kind === 'conflict') await resolve(entry, error);
        else await reject(entry, error);
      } else if (kind === 'conflict') await resolveRecord(ctx, entry, error);
      else await rejectRecord(ctx, entry, error);
      continue;
    }
    if (isJobItemEntry(entry)) await acknowledgeJobItem(ctx, entry, response);
    else if (isAgentEntry(entry)) await acknowledge(entry, response);
    else await acknowledgeRecord(ctx, entry, response);
    result.acknowledged += 1;
  }
  return result;
}
