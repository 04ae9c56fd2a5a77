import type { Agent } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import type { PlanLimits, PullResponse, SyncChange } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import type { BidpilotDb } from '../db/db';
import { rebaseJobItem } from '../db/job-items-table';
import { profileStore } from '../db/records';
import { rebaseAgent } from '../domain/agent-rebase';
import { ApiError, ClientErrorCode } from '../lib/api';
import { isRecord } from './failure';
import { SYNC_PROTOCOL_VERSION } from './protocol';
import type { SyncTransport } from './transport';

export interface PullDeps {
  db: BidpilotDb;
  transport: SyncTransport;
  now?: () => number;
  pageSize?: number;
  /** Stops after this many pages (the next sync goes on from the stored cursor). */
  maxPages?: number;
}

export interface PullResult {
  pages: number;
  changes: number;
}

const protocolError = (message: string) => new ApiError({ status: 0, code: ClientErrorCode.unknown, message });

/** Checks the answer's shape (cheaply: the service worker carries no zod). */
export function readPullPage(body: unknown): PullResponse {
  if (!isRecord(body)) throw protocolError('The sync answer is not an object');
  if (body.protocolVersion !== SYNC_PROTOCOL_VERSION) throw protocolError(`The server speaks sync protocol ${String(body.protocolVersion)}; update the app`);
  if (!Array.isArray(body.changes) || typeof body.nextCursor !== 'string' || typeof body.hasMore !== 'boolean' || !isRecord(body.planLimits)) {
    throw protocolError('The sync answer is malformed');
  }
  for (const change of body.changes as unknown[]) {
    if (!isRecord(change) || typeof change.id !== 'string' || typeof change.entity !== 'string' || (!change.deleted && !isRecord(change.data))) {
      throw protocolError('A sync change is malformed');
    }
  }
  return body as unknown as PullResponse;
}

/**
 * Pulls every change since the stored cursor, a page at a time. Each page is applied in one
 * transaction with its cursor, so a page is stored whole or not at all and the cursor never runs
 * ahead of the data. An agent with unsent local changes is rebased (the server's record with the
 * pending fields on top) instead of overwritten.
 */
export async function pull(deps: PullDeps): Promise<PullResult> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? 500;
  const maxPages = deps.maxPages ?? 100;
  const result: PullResult = { pages: 0, changes: 0 };

  async function applyAgent(change: Extract<SyncChange, { entity: 'agent' }>) {
    const pending = await db.outbox.where('entityId').equals(change.id).sortBy('seq');
    if (change.deleted || !change.data) {
      // With changes still queued, the push answers for them (a 404 removes the agent here).
      if (pending.length === 0) await db.agents.delete(change.id);
      return;
    }
    const data: Agent = change.data;
    const row = await db.agents.get(change.id);
    if (row?.server && row.server.version > data.version) return; // already newer from a push answer
    const view = rebaseAgent(data, pending);
    await db.agents.put({ ...view.agent, server: data, pendingDelete: view.deleted });
  }

  /** A job item with decisions still queued keeps them on top of the server's record. */
  async function applyJobItem(id: string, data: JobItem | null) {
    const pending = await db.outbox.where('entityId').equals(id).sortBy('seq');
    if (!data) {
      if (pending.length === 0) await db.jobItems.delete(id);
      return;
    }
    const row = await db.jobItems.get(id);
    const known = row?.server ?? row;
    if (known && known.version > data.version) return; // already newer from a push answer
    await db.jobItems.put(rebaseJobItem(data, pending));
  }

  async function applyChange(change: SyncChange) {
    if (change.entity === 'agent') return applyAgent(change);
    if (change.entity === 'jobItem') return applyJobItem(change.id, change.deleted || !change.data ? null : (change.data as JobItem));
    if (change.deleted || !change.data) return db.profile.delete(change.id);
    // Unsent profile edits stay on top of the server's record.
    const known = await profileStore.read(db, change.id);
    if (known && known.server.version > change.data.version) return; // already newer from a push answer
    await profileStore.write(db, change.data as User, await db.outbox.where('entityId').equals(change.id).sortBy('seq'));
  }

  for (let page = 0; page < maxPages; page += 1) {
    // No sync state: no signed-in user's data here (never started, or cleared at sign-out).
    const cursor = (await db.syncState.get('main'))?.cursor;
    if (cursor === undefined) break;
    const response = await transport.send({ method: 'GET', path: `/sync/pull?since=${encodeURIComponent(cursor)}&limit=${pageSize}` });
    const answer = readPullPage(response.body);
    const stored = await db.transaction('rw', [db.agents, db.jobItems, db.profile, db.planLimits, db.outbox, db.syncState], async () => {
      const state = await db.syncState.get('main');
      if (!state || state.cursor !== cursor) return false; // cleared or moved meanwhile: drop this page
      for (const change of answer.changes) await applyChange(change);
      await db.planLimits.put({ key: 'current', ...(answer.planLimits as PlanLimits) });
      await db.syncState.put({ ...state, cursor: answer.nextCursor, lastSyncedAt: now() });
      return true;
    });
    if (!stored) break;
    result.pages += 1;
    result.changes += answer.changes.length;
    if (!answer.hasMore) break;
  }
  return result;
}
