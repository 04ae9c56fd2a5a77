import type { PlanLimits, PullResponse } from '@shared/schemas/sync';
import type { BidpilotDb } from '../data/db';
import { ApiError, ClientErrorCode } from '../lib/api';
import { isRecord } from '../lib/guards';
import { SYNC_PROTOCOL_VERSION } from './protocol';
import { pageIds, pendingById, planPage } from './pull-page';
import type { SyncTransport } from './transport';

export interface PullDeps {
  db: BidpilotDb;
  transport: SyncTransport;
  now?: () => number;
  pageSize?: number;
  /** Stops after this many pages (the next sync goes on from the stored cursor). */
  maxPages?: number;
  /**
   * Held while a pull of more than one page stores them (answers the release): the screens' reads
   * of whole tables then run once at the end instead of after every page.
   */
  holdRefreshes?: () => () => void;
}

export interface PullResult {
  pages: number;
  changes: number;
}

const protocolError = (message: string) => new ApiError({ status: 0, code: ClientErrorCode.unknown, message });

/** Checks the answer's shape (cheaply: the service worker carries no zod). */
export function readPullPage(body: unknown): PullResponse {
  assertPullPage(body);
  return body;
}

function assertPullPage(body: unknown): asserts body is PullResponse {
  if (!isRecord(body)) throw protocolError('The sync answer is not an object');
  if (body.protocolVersion !== SYNC_PROTOCOL_VERSION)
    throw protocolError(`The server speaks sync protocol ${String(body.protocolVersion)}; update the app`);
  if (
    !Array.isArray(body.changes) ||
    typeof body.nextCursor !== 'string' ||
    typeof body.hasMore !== 'boolean' ||
    !isRecord(body.planLimits)
  ) {
    throw protocolError('The sync answer is malformed');
  }
  for (const change of body.changes as unknown[]) {
    if (
      !isRecord(change) ||
      typeof change.id !== 'string' ||
      typeof change.entity !== 'string' ||
      (!change.deleted && !isRecord(change.data))
    ) {
      throw protocolError('A sync change is malformed');
    }
  }
}

/** Changes a page may carry; the server sends at most 1,000. */
export const PULL_PAGE_SIZE = 1000;

/**
 * Pulls every change since the stored cursor, a page at a time. Each page is applied in one
 * transaction with its cursor, so a page is stored whole or not at all and the cursor never runs
 * ahead of the data. Per page: one outbox query, one `bulkGet` per table, the rebase in memory
 * (`planPage`: an agent, job item or profile with unsent local changes keeps them on top of the server's
 * record), then one `bulkPut`/`bulkDelete` per table. The next page is fetched while one is
 * stored (its cursor is in the answer), so the network and IndexedDB work side by side; a fetched
 * page is only stored on top of the page before it.
 */
export async function pull(deps: PullDeps): Promise<PullResult> {
  const { db, transport } = deps;
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? PULL_PAGE_SIZE;
  const maxPages = deps.maxPages ?? 100;
  const result: PullResult = { pages: 0, changes: 0 };

  const fetchPage = async (since: string) => {
    const response = await transport.send({ method: 'GET', path: `/sync/pull?since=${encodeURIComponent(since)}&limit=${pageSize}` });
    return readPullPage(response.body);
  };
  // No sync state: no signed-in user's data here (never started, or cleared at sign-out).
  let cursor = (await db.syncState.get('main'))?.cursor;
  if (cursor === undefined) return result;
  let next: Promise<PullResponse> | undefined = maxPages > 0 ? fetchPage(cursor) : undefined;
  let release: (() => void) | undefined;
  const memory: PullMemory = {};
  try {
    for (let page = 1; next; page += 1) {
      const answer = await next;
      next = answer.hasMore && page < maxPages ? fetchPage(answer.nextCursor) : undefined;
      // Dropped when this page is not stored; its failure shows when it is awaited.
      next?.catch(() => undefined);
      if (next && !release) release = deps.holdRefreshes?.();
      if (!(await storePage(db, answer, cursor, now, memory))) break;
      result.pages += 1;
      result.changes += answer.changes.length;
      cursor = answer.nextCursor;
    }
  } finally {
    release?.();
  }
  return result;
}

/** What a pull learns on its first page and keeps for the next ones. */
interface PullMemory {
  /**
   * Whether the job items table held any row when the pull began. When it held none, every job
   * item stored later in this pull came from one of its own pages (a decision made meanwhile
   * changes such a row and queues an outbox entry, which the rebase reads): no stored job item
   * can be newer than the server's, so the pages after that need not read the rows back (on a
   * first pull of 10,000 items, 10,000 reads saved). The sync lock keeps pushes out meanwhile.
   */
  jobItemsBefore?: boolean;
}

/**
 * Stores one page on top of the cursor `since`, with its cursor, in one transaction: false (nothing
 * stored) when the sync state was cleared or moved meanwhile.
 */
function storePage(db: BidpilotDb, answer: PullResponse, since: string, now: () => number, memory: PullMemory): Promise<boolean> {
  const ids = pageIds(answer.changes);
  return db.transaction('rw', [db.agents, db.jobItems, db.profile, db.planLimits, db.outbox, db.syncState], async () => {
    const state = await db.syncState.get('main');
    if (!state || state.cursor !== since) return false;
    if (answer.reset) {
      // The cursor was older than the deletions the server keeps: the pages from here hold the
      // user's records whole, so what this device held from the server goes (it may include records
      // deleted since); records with changes not yet sent stay, and the push answers for them.
      const pending = new Set((await db.outbox.toArray()).map((entry) => entry.entityId));
      await db.agents.filter((row) => !pending.has(row.id)).delete();
      await db.jobItems.filter((row) => !pending.has(row.id)).delete();
      memory.jobItemsBefore = undefined;
    }
    memory.jobItemsBefore ??= (await db.jobItems.limit(1).primaryKeys()).length > 0;
    const readJobItems = memory.jobItemsBefore && ids.jobItems.length > 0;
    const [pending, agents, jobItems, profiles] = await Promise.all([
      ids.all.length > 0 ? db.outbox.where('entityId').anyOf(ids.all).toArray() : [],
      ids.agents.length > 0 ? db.agents.bulkGet(ids.agents) : [],
      readJobItems ? db.jobItems.bulkGet(ids.jobItems) : [],
      ids.profiles.length > 0 ? db.profile.bulkGet(ids.profiles) : [],
    ]);
    const writes = planPage(answer.changes, {
      pending: pendingById(pending),
      agents: byId(agents),
      jobItems: byId(jobItems),
      profiles: byId(profiles),
    });
    await Promise.all([
      writes.agents.delete.length > 0 && db.agents.bulkDelete(writes.agents.delete),
      writes.agents.put.length > 0 && db.agents.bulkPut(writes.agents.put),
      writes.jobItems.delete.length > 0 && db.jobItems.bulkDelete(writes.jobItems.delete),
      writes.jobItems.put.length > 0 && db.jobItems.bulkPut(writes.jobItems.put),
      writes.profile.delete.length > 0 && db.profile.bulkDelete(writes.profile.delete),
      writes.profile.put.length > 0 && db.profile.bulkPut(writes.profile.put),
      db.planLimits.put({ key: 'current', ...(answer.planLimits as PlanLimits) }),
      db.syncState.put({
        ...state,
        cursor: answer.nextCursor,
        lastSyncedAt: now(),
        // A pull started over brings every record from the log: no history is left to fetch.
        ...(answer.reset && state.history ? { history: { ...state.history, done: true } } : {}),
      }),
    ]);
    return true;
  });
}

function byId<Row extends { id: string }>(rows: ReadonlyArray<Row | undefined>): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const row of rows) if (row) map.set(row.id, row);
  return map;
}
