import type { HistoryResponse, SyncStartResponse } from '@shared/schemas/sync';
import type { JobItem } from '@shared/schemas/job-item';
import type { BidpilotDb } from '../data/db';
import type { HistoryState } from '../data/sync-state-table';
import { ApiError, ClientErrorCode } from '../lib/api';
import { isRecord } from '../lib/guards';
import { SYNC_PROTOCOL_VERSION } from './protocol';
import { pendingById, planPage } from './pull-page';
import type { SyncTransport } from './transport';

/**
 * A new device's first sync, small tables first. `GET /sync/start` answers the profile, the agents
 * and the plan with the log position they are as of; they are stored with that position as the pull
 * cursor in one transaction, so the screens show them at once and the pull goes on from there
 * (exactly once: every later change is after it in the log). The job items logged up to that
 * position come after, from `GET /sync/history`, newest first, a page per transaction (`storeHistoryPage`):
 * the screens show what is there as it arrives. The background fetch stops at a window (the newest
 * HISTORY_WINDOW_ITEMS, or HISTORY_WINDOW_DAYS); older pages load when a screen asks for them.
 */

/** The background history fetch stops after this many items… */
export const HISTORY_WINDOW_ITEMS = 2000;
/** …or once it reaches items older than this; older ones load when a screen asks. */
export const HISTORY_WINDOW_DAYS = 90;
/** Items a history page asks for. */
export const HISTORY_PAGE_SIZE = 500;

const protocolError = (message: string) => new ApiError({ status: 0, code: ClientErrorCode.unknown, message });

function checkProtocol(body: unknown): asserts body is Record<string, unknown> {
  if (!isRecord(body)) throw protocolError('The sync answer is not an object');
  if (body.protocolVersion !== SYNC_PROTOCOL_VERSION)
    throw protocolError(`The server speaks sync protocol ${String(body.protocolVersion)}; update the app`);
}

/** Checks `GET /sync/start`'s answer cheaply (the service worker carries no zod). */
export function readStart(body: unknown): SyncStartResponse {
  checkProtocol(body);
  if (
    typeof body.cursor !== 'string' ||
    !isRecord(body.profile) ||
    !Array.isArray(body.agents) ||
    !isRecord(body.planLimits) ||
    typeof body.jobItems !== 'number' ||
    !body.agents.every((agent) => isRecord(agent) && typeof agent.id === 'string')
  ) {
    throw protocolError('The sync start answer is malformed');
  }
  return body as unknown as SyncStartResponse;
}

/** Checks a `GET /sync/history` page cheaply. */
export function readHistoryPage(body: unknown): HistoryResponse {
  checkProtocol(body);
  if (
    !Array.isArray(body.jobItems) ||
    !(body.nextBefore === null || typeof body.nextBefore === 'string') ||
    typeof body.hasMore !== 'boolean' ||
    !body.jobItems.every((item) => isRecord(item) && typeof item.id === 'string')
  ) {
    throw protocolError('The sync history answer is malformed');
  }
  return body as unknown as HistoryResponse;
}

/**
 * On a device that holds none of the user's data yet (the pull cursor at its start and no history
 * begun): the small tables and the cursor, stored in one transaction. False when there was nothing
 * to start (an older device, or another tab did it first).
 */
export async function startSync(db: BidpilotDb, transport: SyncTransport, now: () => number): Promise<boolean> {
  const initial = await db.syncState.get('main');
  if (!initial || initial.cursor !== '0' || initial.history) return false;
  const answer = readStart((await transport.send({ method: 'GET', path: '/sync/start' })).body);
  const changes = [
    { entity: 'profile' as const, id: answer.profile.id, seq: 0, deleted: false, data: answer.profile },
    ...answer.agents.map((agent) => ({ entity: 'agent' as const, id: agent.id, seq: 0, deleted: false, data: agent })),
  ];
  return db.transaction('rw', [db.agents, db.profile, db.planLimits, db.outbox, db.syncState], async () => {
    const state = await db.syncState.get('main');
    if (!state || state.cursor !== '0' || state.history) return false;
    const ids = changes.map((change) => change.id);
    const [pending, agents, profiles] = await Promise.all([
      db.outbox.where('entityId').anyOf(ids).toArray(),
      db.agents.bulkGet(answer.agents.map((agent) => agent.id)),
      db.profile.bulkGet([answer.profile.id]),
    ]);
    const writes = planPage(changes, {
      pending: pendingById(pending),
      agents: byId(agents),
      jobItems: new Map(),
      profiles: byId(profiles),
    });
    const history: HistoryState = { upTo: answer.cursor, before: null, done: answer.jobItems === 0, stored: 0, total: answer.jobItems };
    await Promise.all([
      db.agents.bulkPut(writes.agents.put),
      db.profile.bulkPut(writes.profile.put),
      db.planLimits.put({ key: 'current', ...answer.planLimits }),
      db.syncState.put({ ...state, cursor: answer.cursor, lastSyncedAt: now(), history }),
    ]);
    return true;
  });
}

/**
 * Fetches and stores the next history page; run it under the sync lock, so no pull page is stored
 * between its fetch and its store. Answers false when there was none to fetch (no history, or all
 * of it here). A page is stored on top of what is here as a pull page is (`planPage`): a record with
 * unsent decisions keeps them, one already newer here is left alone; and it is stored only on top of
 * the page before it, so two fetches never store one page twice.
 */
export async function fetchHistoryPage(db: BidpilotDb, transport: SyncTransport, pageSize = HISTORY_PAGE_SIZE): Promise<boolean> {
  const state = await db.syncState.get('main');
  const history = state?.history;
  if (!history || history.done) return false;
  const query = new URLSearchParams({ upTo: history.upTo, limit: String(pageSize) });
  if (history.before) query.set('before', history.before);
  const page = readHistoryPage((await transport.send({ method: 'GET', path: `/sync/history?${query}` })).body);
  return storeHistoryPage(db, history, page);
}

function storeHistoryPage(db: BidpilotDb, from: HistoryState, page: HistoryResponse): Promise<boolean> {
  const items: JobItem[] = page.jobItems;
  const ids = items.map((item) => item.id);
  return db.transaction('rw', [db.jobItems, db.outbox, db.syncState], async () => {
    const state = await db.syncState.get('main');
    const history = state?.history;
    if (!state || !history || history.upTo !== from.upTo || history.before !== from.before) return false;
    const [pending, rows] = await Promise.all([
      ids.length > 0 ? db.outbox.where('entityId').anyOf(ids).toArray() : [],
      ids.length > 0 ? db.jobItems.bulkGet(ids) : [],
    ]);
    const writes = planPage(
      items.map((item) => ({ entity: 'jobItem' as const, id: item.id, seq: 0, deleted: false, data: item })),
      { pending: pendingById(pending), agents: new Map(), jobItems: byId(rows), profiles: new Map() },
    );
    if (writes.jobItems.put.length > 0) await db.jobItems.bulkPut(writes.jobItems.put);
    await db.syncState.put({
      ...state,
      history: {
        ...history,
        before: page.nextBefore ?? history.before,
        done: !page.hasMore,
        stored: history.stored + items.length,
      },
    });
    return true;
  });
}

/** Where the background fetch stops: after `items` items, or at items older than `days`. */
export interface HistoryWindow {
  items: number;
  days: number;
}
export const HISTORY_WINDOW: HistoryWindow = { items: HISTORY_WINDOW_ITEMS, days: HISTORY_WINDOW_DAYS };

/** Whether the background fetch has reached its window (older pages wait until a screen asks). */
export function historyWindowReached(history: HistoryState, now: number, window: HistoryWindow = HISTORY_WINDOW): boolean {
  if (history.done) return true;
  if (history.stored >= window.items) return true;
  const oldest = history.before ? Number(history.before.slice(0, history.before.indexOf(':'))) : Number.POSITIVE_INFINITY;
  return oldest < now - window.days * 24 * 3600_000;
}

function byId<Row extends { id: string }>(rows: ReadonlyArray<Row | undefined>): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const row of rows) if (row) map.set(row.id, row);
  return map;
}
