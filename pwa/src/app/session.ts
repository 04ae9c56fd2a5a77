import { createApiClient } from '../lib/api';
import { browserSessionHint } from '../lib/session-hint';
import { createAuthStore } from '../stores/auth';
import type { SessionMirror } from '../db/session';

/**
 * The app's wiring of the API client and the auth store: one of each for the page.
 * Screens reach them through `useAuth()` (auth) and `api` (other calls).
 */
export const api = createApiClient();

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

let dexieMirror: Promise<SessionMirror> | null = null;
const loadDexieMirror = () => (dexieMirror ??= import('../db/session').then((m) => m.createSessionMirror()));

/** The IndexedDB session mirror, loading Dexie only when there is something to write or read. */
const lazyMirror: SessionMirror = {
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

export const authStore = createAuthStore({ api, hint: browserSessionHint, mirror: async () => lazyMirror });

// Spec: a 401 answer on any call ends the session on this page.
api.onUnauthorized(() => {
  if (authStore.getState().user) authStore.getState().clearSession();
  else browserSessionHint.clear();
});
