import type { BidpilotDb } from '../data/db';
import { describeError } from './failure';
import { fetchHistoryPage, HISTORY_WINDOW, historyWindowReached, startSync, type HistoryWindow } from './history';
import { isApiError } from '../lib/api';
import type { SyncLock } from './lock';
import { pull, type PullResult } from './pull';
import { push, type PushResult } from './push';
import type { SyncTransport } from './transport';

export interface SyncEngineDeps {
  db: BidpilotDb;
  transport: SyncTransport;
  lock: SyncLock;
  now?: () => number;
  uuid?: () => string;
  pageSize?: number;
  /** See `PullDeps.holdRefreshes`: the page's screens wait for a pull of several pages to end. */
  holdRefreshes?: () => () => void;
  /**
   * A device holding none of the user's data starts from `GET /sync/start` (the small tables), then
   * fetches the job items newest first up to a window (sync/history.ts): the page's sync. Off (the
   * service worker's Background Sync, which runs to send), a sync pushes and pulls the log only.
   */
  smallTablesFirst?: boolean;
  /** Items a history page asks for, and where the background history fetch stops (sync/history.ts). */
  historyPageSize?: number;
  historyWindow?: HistoryWindow;
}

export interface SyncRunResult {
  push: PushResult;
  pull: PullResult | null;
  /** History pages fetched after the pull (a new device's job items, newest first). */
  historyPages?: number;
}

export interface SyncEngine {
  /**
   * One full sync: under the lock, push the outbox, then (on a new device) the small tables and the
   * log position from `GET /sync/start`, then pull from the log; then, each page under the lock of its
   * own, the job items of the history up to its window (sync/history.ts). Throws when a step fails.
   */
  sync(options?: { pull?: boolean }): Promise<SyncRunResult>;
  /**
   * Fetches up to `pages` older history pages, past the window, for a screen that asks for older
   * job items; answers how many were stored (0: none left, or none to fetch).
   */
  olderHistory(pages?: number): Promise<number>;
  /** Unsent entries (cheap: the outbox is small). */
  pendingCount(): Promise<number>;
}

/**
 * The sync as one call, shared by the page's loop and the service worker's Background Sync:
 * push then pull, under the cross-tab lock, recording the outcome in `syncState`.
 */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, transport, lock } = deps;
  const now = deps.now ?? Date.now;

  async function record(patch: { lastError: { code: string; message: string } | null; lastSyncedAt?: number }) {
    await db.transaction('rw', db.syncState, async () => {
      const state = await db.syncState.get('main');
      if (state) await db.syncState.put({ ...state, ...patch });
    });
  }

  const historyPage = () => lock.run(() => fetchHistoryPage(db, transport, deps.historyPageSize));

  return {
    async sync(options = {}) {
      const result = await lock.run(async () => {
        try {
          const pushed = await push({ db, transport, now, uuid: deps.uuid });
          let pulled: PullResult | null = null;
          if (options.pull !== false) {
            // A new device: the small tables first (a server without /sync/start: the whole log, as before).
            if (deps.smallTablesFirst) {
              await startSync(db, transport, now).catch((error: unknown) => {
                if (!isApiError(error) || error.status !== 404) throw error;
              });
            }
            pulled = await pull({ db, transport, now, pageSize: deps.pageSize, holdRefreshes: deps.holdRefreshes });
          }
          await record({ lastError: null, lastSyncedAt: now() });
          return { push: pushed, pull: pulled } as SyncRunResult;
        } catch (error) {
          await record({ lastError: describeError(error) }).catch(() => undefined);
          throw error;
        }
      });
      if (options.pull === false || !deps.smallTablesFirst) return result;
      // The history in the background, a page per lock: a push waits for one page, not for all of them.
      let pages = 0;
      for (;;) {
        const history = (await db.syncState.get('main'))?.history;
        if (!history || historyWindowReached(history, now(), deps.historyWindow ?? HISTORY_WINDOW)) break;
        try {
          if (!(await historyPage())) break;
        } catch (error) {
          await record({ lastError: describeError(error) }).catch(() => undefined);
          throw error;
        }
        pages += 1;
      }
      return { ...result, historyPages: pages };
    },
    async olderHistory(pages = 1) {
      let stored = 0;
      for (let page = 0; page < pages; page += 1) {
        if (!(await historyPage())) break;
        stored += 1;
      }
      return stored;
    },
    pendingCount: () => db.outbox.count(),
  };
}
