import { liveQuery, type Subscription } from 'dexie';
import { appDb } from '../data/app-db';
import { clearUserData, userTables } from '../data/clear';
import { onOlderJobItemsWanted } from '../data/history-demand';
import { unsyncedOf, type Unsynced } from '../data/unsynced';
import type { BidpilotDb } from '../data/db';
import { INITIAL_SYNC_STATE } from '../data/sync-state-table';
import { ClientErrorCode, isApiError } from '../lib/api';
import { pullRefreshHold, type RefreshHold } from '../lib/refresh-hold';
import { registerOutboxSync } from './background-sync';
import { historyWindowReached } from './history';
import { createSyncEngine } from './engine';
import { defaultLock } from './lock';
import { createSyncLoop, type SyncLoop } from './loop';
import { firstSyncEnded } from './first-sync';
import { IDLE_SYNC_STATUS, syncStatusStore, type SyncStatusStore } from './status-store';
import { createFetchTransport } from './transport';

export interface AppSyncOptions {
  userId: string;
  /** A 401 from the sync (the session ended on the server). */
  onUnauthorized?: () => void;
  db?: BidpilotDb;
  status?: SyncStatusStore;
  fetch?: typeof fetch;
  /** Held while a pull stores several pages (the screens' reads of whole tables wait for its end). */
  refreshHold?: RefreshHold;
}

interface Runtime {
  userId: string;
  db: BidpilotDb;
  loop: SyncLoop;
  /** Older history pages for a screen that asks (one fetch at a time). */
  olderHistory: () => Promise<number>;
  ready: Promise<void>;
  /** The end of the loop's first round (or of FIRST_ROUND_CAP_MS). */
  firstRound: Promise<void>;
  stop: () => void;
}

/** History pages one ask of a screen for older job items fetches (sync/history.ts). */
const OLDER_HISTORY_PAGES = 2;

/** The longest `firstSyncRound` waits: a slow first sync must not keep the app from working offline. */
const FIRST_ROUND_CAP_MS = 20_000;

// The page's one running sync (the composition root; everything below it is injected).
let current: Runtime | null = null;

const isNoAnswer = (error: unknown) =>
  isApiError(error) && (error.code === ClientErrorCode.offline || error.code === ClientErrorCode.timeout);

/**
 * Starts the page's sync for a signed-in user: the loop with its triggers (start, `online`,
 * visible again, every 5 minutes, after writes), the status store fed from IndexedDB, and the
 * Background Sync registration after each write. Data of another user is cleared first.
 */
export function startAppSync(options: AppSyncOptions): void {
  if (current?.userId === options.userId) return;
  if (current) stopAppSync({ clear: false });
  const db = options.db ?? appDb();
  const status = options.status ?? syncStatusStore;
  const owner = crypto.randomUUID();
  const transport = createFetchTransport({ fetch: options.fetch, onUnauthorized: options.onUnauthorized });
  const refreshHold = options.refreshHold ?? pullRefreshHold;
  const engine = createSyncEngine({
    db,
    transport,
    lock: defaultLock(db, owner),
    holdRefreshes: () => refreshHold.hold(),
    smallTablesFirst: true,
  });
  const hasWindow = typeof window !== 'undefined' && typeof document !== 'undefined';
  const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

  const loop = createSyncLoop({
    run: () => engine.sync(),
    online: browserOnline(),
    visible: hasWindow ? document.visibilityState !== 'hidden' : true,
    onChange: (state) =>
      status.setState({ syncing: state.syncing, offline: !browserOnline() || (state.failures > 0 && isNoAnswer(state.lastError)) }),
  });

  const subscriptions: Subscription[] = [];
  const onOnline = () => {
    status.setState({ offline: false });
    loop.setOnline(true);
  };
  const onOffline = () => {
    status.setState({ offline: true });
    loop.setOnline(false);
  };
  const onVisibility = () => loop.setVisible(document.visibilityState !== 'hidden');

  const ready = (async () => {
    // Another user's data never shows under this one.
    await db.transaction('rw', userTables(db), async () => {
      const state = (await db.syncState.get('main')) ?? INITIAL_SYNC_STATE;
      if (state.userId !== options.userId) {
        if (state.userId !== null) await clearUserData(db);
        await db.syncState.put({ ...INITIAL_SYNC_STATE, userId: options.userId });
      }
    });
  })();

  let older: Promise<number> | null = null;
  const runtime: Runtime = {
    userId: options.userId,
    db,
    loop,
    olderHistory: () =>
      (older ??= engine
        .olderHistory(OLDER_HISTORY_PAGES)
        .catch((error: unknown) => {
          console.warn('[sync] older history did not load', error);
          return 0;
        })
        .finally(() => (older = null))),
    ready,
    // Watched from now, before the loop can start.
    firstRound: firstSyncEnded(status, FIRST_ROUND_CAP_MS),
    stop: () => {
      loop.stop();
      for (const subscription of subscriptions) subscription.unsubscribe();
      if (hasWindow) {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisibility);
      }
      status.setState({ ...IDLE_SYNC_STATUS });
    },
  };
  current = runtime;
  const unwant = onOlderJobItemsWanted(() => {
    if (current === runtime) void runtime.olderHistory();
  });
  const stopRuntime = runtime.stop;
  runtime.stop = () => {
    unwant();
    stopRuntime();
  };

  void ready.then(() => {
    if (current !== runtime) return;
    status.setState({
      active: true,
      offline: !browserOnline(),
      dismissNotice: (id) => void db.notices.delete(id),
      syncNow: () => void loop.syncNow(),
    });
    subscriptions.push(
      liveQuery(() => db.outbox.count()).subscribe({ next: (pendingCount) => status.setState({ pendingCount }) }),
      liveQuery(() => db.syncState.get('main')).subscribe({
        next: (state) =>
          status.setState({
            lastSyncedAt: state?.lastSyncedAt ?? null,
            lastError: state?.lastError ?? null,
            // Shown while the background fetch runs (not once it has stopped at its window).
            history:
              state?.history && !historyWindowReached(state.history, Date.now())
                ? { stored: state.history.stored, total: state.history.total }
                : null,
          }),
      }),
      liveQuery(() => db.notices.orderBy('id').toArray()).subscribe({ next: (notices) => status.setState({ notices }) }),
    );
    if (hasWindow) {
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisibility);
    }
    loop.start();
  });
}

/**
 * Resolves when the running sync's first round has ended (at once without a running sync). The
 * service worker registers then (`main.tsx`): its install, which downloads and stores every
 * precached file, would otherwise share the cores and the connections with a first pull.
 */
export function firstSyncRound(): Promise<void> {
  return current?.firstRound ?? Promise.resolve();
}

/**
 * Opens the page's database ahead of the sync (on a fresh device, creating its tables takes a
 * while), e.g. while the session is checked; the sync's first transaction then finds it open.
 */
export function prepareAppSync(db: BidpilotDb = appDb()): void {
  void db.open().catch((error: unknown) => console.warn('[sync] the database did not open', error));
}

/** Stops the page's sync; with `clear`, forgets the user's data (sign-out). */
export async function stopAppSync(options: { clear: boolean; db?: BidpilotDb }): Promise<void> {
  const runtime = current;
  current = null;
  runtime?.stop();
  if (runtime) await runtime.ready.catch(() => undefined);
  if (!options.clear) return;
  const db = options.db ?? runtime?.db ?? appDb();
  // Nothing a user did is lost: changes not yet on the server, and agents kept as drafts, stay on
  // this device for when the same user signs in again (another user's sign-in clears them, see startAppSync).
  if ((await db.outbox.count()) > 0 || (await db.keptDrafts.count()) > 0) return;
  await clearUserData(db);
}

/** After a local write: sync soon (debounced) and ask the browser to sync even if the tab closes. */
export function requestAppSync(): void {
  current?.loop.requestSync();
  void registerOutboxSync();
}

/** What this device holds that the server does not (asked before signing out). */
export async function unsyncedChanges(db: BidpilotDb = current?.db ?? appDb()): Promise<Unsynced> {
  return unsyncedOf(db);
}

/**
 * Signing out: stops the sync and removes every record of the user from this device, unsent
 * changes and kept drafts included (the user was told, and offered a copy, first). Another person
 * using this browser next finds nothing of them.
 */
export async function wipeUserData(db?: BidpilotDb): Promise<void> {
  const target = db ?? current?.db ?? appDb();
  await stopAppSync({ clear: false });
  await clearUserData(target);
}
