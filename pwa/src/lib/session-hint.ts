/**
 * The page never holds the session token: the server keeps it in an HttpOnly cookie. What the page
 * keeps is a hint, in local storage, that a session was started in this browser, so a signed-out
 * visitor's page does not ask the server on every load. The hint is no secret (`1`); the server
 * decides, and a 401 clears it.
 */
export const SESSION_HINT_KEY = 'bidpilot_session';
/** Where the old PWA kept the bearer token itself: read once as a hint, then removed. */
export const LEGACY_TOKEN_KEY = 'auth_token';

export interface SessionHint {
  /** Whether a session may be live (the hint, or a token the old PWA left). */
  present(): boolean;
  set(): void;
  /** Forgets the hint, and any token the old PWA left in local storage. */
  clear(): void;
}

/** The local storage the hint lives in; injected so the auth store can be tested without a DOM. */
export interface HintStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createSessionHint(storage: () => HintStorage | null): SessionHint {
  return {
    present() {
      const store = storage();
      if (!store) return true;
      const legacy = store.getItem(LEGACY_TOKEN_KEY);
      if (legacy !== null) {
        // The old PWA's bearer token: never used again. Its cookie, still sent, is swapped for the
        // server's HttpOnly one on the next /api/auth/user.
        store.removeItem(LEGACY_TOKEN_KEY);
        if (legacy.trim() && legacy !== 'undefined' && legacy !== 'null') store.setItem(SESSION_HINT_KEY, '1');
      }
      return store.getItem(SESSION_HINT_KEY) === '1';
    },
    set() {
      storage()?.setItem(SESSION_HINT_KEY, '1');
    },
    clear() {
      const store = storage();
      store?.removeItem(SESSION_HINT_KEY);
      store?.removeItem(LEGACY_TOKEN_KEY);
    },
  };
}

function safeLocalStorage(): HintStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const browserSessionHint: SessionHint = createSessionHint(safeLocalStorage);

/** Where the page remembers a sign-out the server has not heard yet (no token: a flag). */
export const PENDING_SIGNOUT_KEY = 'bidpilot_signout_pending';

/**
 * A sign-out the server has not heard yet (the device was offline, or the server down): until it
 * does, the session's HttpOnly cookie still works in this browser, so the page keeps telling the
 * server (on each load, when the network is back, and through the service worker's Background
 * Sync) and says so meanwhile.
 */
export interface PendingSignOut {
  present(): boolean;
  mark(): void;
  clear(): void;
}

export function createPendingSignOut(storage: () => HintStorage | null): PendingSignOut {
  return {
    present: () => storage()?.getItem(PENDING_SIGNOUT_KEY) === '1',
    mark: () => storage()?.setItem(PENDING_SIGNOUT_KEY, '1'),
    clear: () => storage()?.removeItem(PENDING_SIGNOUT_KEY),
  };
}

export const browserPendingSignOut: PendingSignOut = createPendingSignOut(safeLocalStorage);
