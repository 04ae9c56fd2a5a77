/// <reference lib="webworker" />
/**
 * Bidpilot's service worker (built by vite-plugin-pwa, `injectManifest`).
 *
 * - precache: the app shell (index.html, its boot script inline), CSS, icons, the manifest, every route
 *   chunk and the English string bundles;
 * - navigations to client routes get the precached index.html, so the app opens offline;
 *   `/api/` and `/sandbox/` are never answered from here;
 * - the other nine languages' string bundles are cached on first use (content-hashed names; a
 *   signed-in page fetches every bundle of its language, so the whole app then works offline);
 * - a new version waits until the user accepts the update prompt (`SKIP_WAITING` message);
 * - Background Sync tag `bidpilot-outbox`: pushes the outbox (then pulls) with the session's
 *   HttpOnly cookie, when the IndexedDB session record says someone is signed in;
 * - Background Sync tag `bidpilot-signout`: tells the server of a sign-out it has not heard (made
 *   offline), with the session's cookie, until it answers.
 *
 * - push notices (`push`, `notificationclick`, `pushsubscriptionchange`): show each proposal notice,
 *   open the right page on click, approve a draft from its notice.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { PushPayload } from '@shared/schemas/push';
import { appDb } from './data/app-db';
import { createSessionMirror } from './data/session-mirror';
import { OUTBOX_SYNC_TAG, SIGNOUT_SYNC_TAG } from './sync/protocol';
import { runWorkerSync } from './sync/worker-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Paths the server owns: never served from the shell. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/sandbox(\/|$)/];

export const LOCALE_CACHE = 'bidpilot-locales-v1';

// ---- precache and app shell -----------------------------------------------------------------
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

// ---- languages loaded on demand ----------------------------------------------------------------
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/locales/'),
  new CacheFirst({
    cacheName: LOCALE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 60 * 60 * 24 * 180 })],
  }),
);

// ---- updates: activate only when the user accepts the prompt -------------------------------------
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// ---- push notices ------------------------------------------------------------------------------------
// The server sends `{ kind, title, body, url, jobItemId?, actions? }` (shared/src/schemas/push.ts).
// A click opens or focuses `url`; "approve" on a draft approves it with the session's cookie, and
// opens the page instead when that fails (offline, signed out, already handled).
const NOTICE_ICON = '/icons/icon-192.png';

/** What lib.webworker's NotificationOptions lacks but browsers support. */
interface NoticeOptions extends NotificationOptions {
  actions?: Array<{ action: string; title: string }>;
  renotify?: boolean;
  timestamp?: number;
}

interface NoticeData {
  url: string;
  jobItemId?: string;
  kind?: string;
}

function readNotice(event: PushEvent): Partial<PushPayload> {
  if (!event.data) return {};
  try {
    const value: unknown = event.data.json();
    return value && typeof value === 'object' ? (value as Partial<PushPayload>) : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** A same-origin page only: a notice never opens another site. */
function pageUrl(url: unknown): string {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/dashboard', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/dashboard', self.location.origin).href;
  } catch {
    return new URL('/dashboard', self.location.origin).href;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const notice = readNotice(event);
  const jobItemId = typeof notice.jobItemId === 'string' ? notice.jobItemId : undefined;
  const data: NoticeData = { url: pageUrl(notice.url), ...(jobItemId ? { jobItemId } : {}), ...(notice.kind ? { kind: notice.kind } : {}) };
  const options: NoticeOptions = {
    body: typeof notice.body === 'string' ? notice.body : '',
    icon: NOTICE_ICON,
    badge: NOTICE_ICON,
    data,
    // One notice per job item: a newer one (sent after a draft) replaces the older.
    tag: jobItemId ? `job-item-${jobItemId}` : `bidpilot-${notice.kind ?? 'notice'}`,
    renotify: true,
    timestamp: Date.now(),
    ...(Array.isArray(notice.actions) && jobItemId ? { actions: notice.actions.map(({ action, title }) => ({ action, title })) } : {}),
  };
  event.waitUntil(
    self.registration.showNotification(typeof notice.title === 'string' && notice.title ? notice.title : 'Bidpilot', options),
  );
});

async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((client) => client.url === url);
  if (exact) {
    await exact.focus();
    return;
  }
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    try {
      const focused = await ours.focus();
      if (await focused.navigate(url)) return;
    } catch {
      // An uncontrolled window cannot be navigated from here: open a new one.
    }
  }
  await self.clients.openWindow(url);
}

/** Approves a draft from the notice; false when it could not (the page is opened instead). */
async function approveFromNotice(jobItemId: string): Promise<boolean> {
  try {
    const session = await createSessionMirror(appDb()).load();
    if (!session) return false;
    const res = await fetch(`/api/job-items/${encodeURIComponent(jobItemId)}/approve`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        // The same key for the same draft: a retried tap is answered, not applied twice.
        'idempotency-key': `push-approve-${jobItemId}`,
      },
      body: '{}',
    });
    if (!res.ok) return false;
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) client.postMessage({ type: 'JOB_ITEM_APPROVED', jobItemId });
    return true;
  } catch {
    return false;
  }
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  const notification = event.notification;
  const data = (notification.data ?? {}) as Partial<NoticeData>;
  const url = pageUrl(data.url);
  notification.close();
  if (event.action === 'approve' && data.jobItemId) {
    const jobItemId = data.jobItemId;
    event.waitUntil(approveFromNotice(jobItemId).then((approved) => (approved ? undefined : openPage(url))));
    return;
  }
  event.waitUntil(openPage(url));
});

// The browser replaced the subscription (expiry, key rotation): tell the server about the new one.
self.addEventListener('pushsubscriptionchange', (event: PushSubscriptionChangeEvent) => {
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ??
        (event.oldSubscription?.options.applicationServerKey
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: event.oldSubscription.options.applicationServerKey,
            })
          : null);
      const session = await createSessionMirror(appDb()).load();
      if (!subscription || !session) return;
      const headers = { 'content-type': 'application/json' };
      if (event.oldSubscription && event.oldSubscription.endpoint !== subscription.endpoint) {
        await fetch('/api/push/unsubscribe', {
          method: 'POST',
          credentials: 'same-origin',
          headers,
          body: JSON.stringify({ endpoint: event.oldSubscription.endpoint }),
        }).catch(() => undefined);
      }
      await fetch('/api/push/subscribe', {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify(subscription.toJSON()),
      });
    })().catch((error: unknown) => console.warn('[sw] could not renew the push subscription', error)),
  );
});

// ---- background sync of the outbox ---------------------------------------------------------------
// The page registers the tag after each local write (where Background Sync exists). The browser
// fires it when the network is back, even with every tab closed; a rejection makes it retry later.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * Tells the server of a sign-out the page could not (offline): the session's HttpOnly cookie goes
 * with it, and its answer clears that cookie. Heard (2xx) or already ended (401): done; anything
 * else rejects, and the browser tries again later.
 */
async function tellSignOut(): Promise<void> {
  const res = await fetch('/api/auth/signout', { method: 'POST', credentials: 'same-origin' });
  if (!res.ok && res.status !== 401) throw new Error(`the sign-out answered ${res.status}`);
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SIGNOUT_SYNC_TAG) {
    sync.waitUntil(
      tellSignOut().catch((error: unknown) => {
        console.warn('[sw] the sign-out did not reach the server; the browser will retry', error);
        throw error;
      }),
    );
    return;
  }
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    runWorkerSync({ db: appDb() }).then(
      () => undefined,
      (error: unknown) => {
        console.warn('[sw] outbox sync failed; the browser will retry', error);
        throw error;
      },
    ),
  );
});
