import type { BidpilotDb } from '../data/db';
import { createSessionMirror } from '../data/session-mirror';
import { createSyncEngine, type SyncRunResult } from './engine';
import { defaultLock, type SyncLock } from './lock';
import { createFetchTransport } from './transport';

export interface WorkerSyncDeps {
  db: BidpilotDb;
  fetch?: typeof fetch;
  lock?: SyncLock;
}

/**
 * The service worker's Background Sync: push the outbox and pull, with the session's HttpOnly
 * cookie (the worker never holds the token). Nothing to do when the IndexedDB session record says
 * nobody is signed in, when the outbox is empty (the page syncs itself) or when the stored data
 * belongs to someone else. Throws when the sync fails, so the browser tries again later.
 */
export async function runWorkerSync(deps: WorkerSyncDeps): Promise<SyncRunResult | null> {
  const { db } = deps;
  const session = await createSessionMirror(db).load();
  if (!session) return null;
  const state = await db.syncState.get('main');
  if (!state || (state.userId !== null && session.user && state.userId !== session.user.id)) return null;
  if ((await db.outbox.count()) === 0) return null;
  const transport = createFetchTransport({ fetch: deps.fetch });
  const engine = createSyncEngine({ db, transport, lock: deps.lock ?? defaultLock(db, 'service-worker') });
  return engine.sync();
}
