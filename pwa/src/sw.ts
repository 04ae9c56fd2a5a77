/// <reference lib="webworker" />
/**
 * Bidpilot's service worker (built by vite-plugin-pwa, `injectManifest`).
 *
 * - precache: the app shell (index.html), CSS, icons, the manifest and every route chunk, the
 *   English strings included (they are bundled with the i18n chunk);
 * - navigations to client routes get the precached index.html, so the app opens offline;
 *   `/api/` and `/sandbox/` are never answered from here;
 * - the other nine languages are cached on first use (their chunk names are content-hashed);
 * - a new version waits until the user accepts the update prompt (`SKIP_WAITING` message);
 * - Background Sync tag `bidpilot-outbox`: pushes the outbox (then pulls) with the session token
 *   mirrored in IndexedDB.
 *
 * Later issues add their handlers in their own sections below: `push` / `notificationclick`
 * (proposal notices).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { appDb } from './db/app-db';
import { OUTBOX_SYNC_TAG } from './sync/protocol';
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

// ---- push notices: added with the proposals issue ------------------------------------------------
// ---- background sync of the outbox ---------------------------------------------------------------
// The page registers the tag after each local write (where Background Sync exists). The browser
// fires it when the network is back, even with every tab closed; a rejection makes it retry later.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
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
