import type { BidpilotDb } from '../data/db';
import { describeError } from './failure';
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
}

export interface SyncRunResult {
  push: PushResult;
  pull: PullResult | null;
}

export interface SyncEngine {
  /** One full sync under the lock: push the outbox, then pull. Throws when either fails. */
  sync(options?: { pull?: boolean }): Promise<SyncRunResult>;
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

  return {
    sync(options = {}) {
      return lock.run(async () => {
        try {
          const pushed = await push({ db, transport, now, uuid: deps.uuid });
          const pulled =
            options.pull === false ? null : await pull({ db, transport, now, pageSize: deps.pageSize, holdRefreshes: deps.holdRefreshes });
          await record({ lastError: null, lastSyncedAt: now() });
          return { push: pushed, pull: pulled };
        } catch (error) {
          await record({ lastError: describeError(error) }).catch(() => undefined);
          throw error;
        }
      });
    },
    pendingCount: () => db.outbox.count(),
  };
}
