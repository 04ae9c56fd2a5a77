import { createApiClient, type ApiClient } from '../lib/api';
import { browserPendingSignOut, browserSessionHint } from '../lib/session-hint';
import { registerSignOutSync } from '../sync/background-sync';
import { createAuthStore, type AuthStore } from '../stores/auth';
import type { SessionMirror } from '../data/session-mirror';

/** The page's session: its one API client and its auth store, wired together. */
export interface PageSession {
  api: ApiClient;
  authStore: AuthStore;
}

/** Set while IndexedDB holds a session, so signed-out visitors never download Dexie. */
const MIRROR_FLAG = 'bidpilot_session_mirror';

function flag(action: 'get' | 'set' | 'remove'): boolean {
  try {
    if (action === 'set') localStorage.setItem(MIRROR_FLAG, '1');
    if (action === 'remove') localStorage.removeItem(MIRROR_FLAG);
    return localStorage.getItem(MIRROR_FLAG) === '1';
  } catch {
    return action !== 'remove';
  }
}

/** The IndexedDB session mirror, loading Dexie only when there is something to write or read. */
function lazyMirror(): SessionMirror {
  let dexieMirror: Promise<SessionMirror> | null = null;
  const loadDexieMirror = () => (dexieMirror ??= import('../data/session-mirror').then((m) => m.createSessionMirror()));
  return {
    async save(user) {
      flag('set');
      await (await loadDexieMirror()).save(user);
    },
    async load() {
      return flag('get') ? (await loadDexieMirror()).load() : null;
    },
    async clear() {
      if (!flag('get')) return;
      await (await loadDexieMirror()).clear();
      flag('remove');
    },
  };
}

/**
 * The wiring of the API client and the auth store: the app shell makes one of each for the page
 * (`app/session.ts`) and hands them to the screens through `SessionProvider`.
 */
export function createPageSession(): PageSession {
  const api = createApiClient();
  const mirror = lazyMirror();
  const authStore = createAuthStore({
    api,
    hint: browserSessionHint,
    mirror: async () => mirror,
    pendingSignOut: browserPendingSignOut,
    registerSignOutSync: () => void registerSignOutSync(),
  });
  // A sign-out the server has not heard is told as soon as the network is back.
  if (typeof window !== 'undefined') window.addEventListener('online', () => void authStore.getState().retrySignOut());

  // Spec: a 401 answer on any call ends the session on this page.
  api.onUnauthorized(() => {
    if (authStore.getState().user) authStore.getState().clearSession();
    else browserSessionHint.clear();
  });
  return { api, authStore };
}
