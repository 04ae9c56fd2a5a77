import { describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/schemas/user';
import { ApiError, type ApiClient } from '../lib/api';
import {
  createPendingSignOut,
  createSessionHint,
  LEGACY_TOKEN_KEY,
  PENDING_SIGNOUT_KEY,
  SESSION_HINT_KEY,
  type HintStorage,
  type SessionHint,
} from '../lib/session-hint';
import type { SessionMirror } from '../data/session-mirror';
import { createAuthStore, USER_NOT_AUTHENTICATED } from './auth';

const user: User = {
  id: 'u1',
  email: 'ada@gmail.com',
  platformType: 'upwork',
  emailVerified: false,
  firstName: null,
  lastName: null,
  skills: [],
  portfolioLinks: [],
  upworkProfileComplete: false,
  freelancerProfileComplete: false,
  language: 'en',
  timeZone: null,
  profileTitle: null,
  profileOverview: null,
  workHistory: null,
  portfolio: null,
  upworkProfileUrl: null,
  freelancerProfileUrl: null,
  referralCode: 'ADA123',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
};

/** The local storage the session hint lives in, and what else the page may have put there. */
function memoryHint(initial: Record<string, string>): SessionHint & { storage: HintStorage & { items: Record<string, string> } } {
  const storage = {
    items: { ...initial },
    getItem(key: string) {
      return this.items[key] ?? null;
    },
    setItem(key: string, value: string) {
      this.items[key] = value;
    },
    removeItem(key: string) {
      delete this.items[key];
    },
  };
  return { ...createSessionHint(() => storage), storage };
}

function memoryMirror(): SessionMirror & { row: { user: User | null } | null } {
  return {
    row: null,
    async save(u) {
      this.row = { user: u };
    },
    async load() {
      return this.row;
    },
    async clear() {
      this.row = null;
    },
  };
}

type Handler = (method: string, path: string, body?: unknown) => unknown;

function fakeApi(handler: Handler): ApiClient {
  const request = async <T>(method: string, path: string, options?: { body?: unknown }): Promise<T> =>
    (await handler(method, path, options?.body)) as T;
  return {
    exchange: async (method, path, options) => ({ status: 200, body: await handler(method, path, options?.body), headers: new Headers() }),
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, { body }),
    put: (path, body) => request('PUT', path, { body }),
    patch: (path, body) => request('PATCH', path, { body }),
    delete: (path) => request('DELETE', path),
    onUnauthorized: () => () => undefined,
  };
}

/** `signedIn`: this browser had a session (the hint is set), as after an earlier sign-in. */
function setup(signedIn: boolean, handler: Handler) {
  const hint = memoryHint(signedIn ? { [SESSION_HINT_KEY]: '1' } : {});
  const mirror = memoryMirror();
  const store = createAuthStore({ api: fakeApi(handler), hint, mirror: async () => mirror, log: () => undefined });
  return { store, hint, mirror, storage: hint.storage };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('auth store: start-up', () => {
  it('asks nothing of the server when no session was started in this browser', async () => {
    const handler = vi.fn<Handler>();
    const { store } = setup(false, handler);
    await store.getState().initialize();
    expect(handler).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ loading: false, user: null });
  });

  it('fetches the user of the session the cookie carries', async () => {
    const { store } = setup(true, (method, path) => {
      expect([method, path]).toEqual(['GET', '/auth/user']);
      return { data: user };
    });
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ loading: false, user });
  });

  it('drops a bearer token the old PWA left in local storage, and still opens the session (the cookie carries it)', async () => {
    const hint = memoryHint({ [LEGACY_TOKEN_KEY]: 'old-bearer-token' });
    const mirror = memoryMirror();
    const store = createAuthStore({ api: fakeApi(() => ({ data: user })), hint, mirror: async () => mirror, log: () => undefined });
    await store.getState().initialize();
    await flush();
    expect(store.getState().user).toEqual(user);
    expect(JSON.stringify(hint.storage.items)).not.toContain('old-bearer-token');
  });

  it('runs once however often it is called', async () => {
    const handler = vi.fn<Handler>(() => ({ data: user }));
    const { store } = setup(true, handler);
    await Promise.all([store.getState().initialize(), store.getState().initialize()]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('forgets the session when the server refuses it', async () => {
    const { store, storage } = setup(true, () => {
      throw new ApiError({ status: 401, code: 'unauthorized', message: 'Not signed in' });
    });
    await store.getState().initialize();
    expect(storage.items).toEqual({});
    expect(store.getState()).toMatchObject({ loading: false, user: null });
  });

  it('keeps the session and the cached user when offline', async () => {
    const { store, mirror, storage } = setup(true, () => {
      throw new ApiError({ status: 0, code: 'offline', message: 'You appear to be offline' });
    });
    mirror.row = { user };
    await store.getState().initialize();
    expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
    expect(store.getState()).toMatchObject({ loading: false, user });
  });

  it.each([500, 502, 503, 429])(
    'keeps the session and the cached user when the server answers %i (it is down or busy, the session is fine)',
    async (status) => {
      const { store, mirror, storage } = setup(true, () => {
        throw new ApiError({ status, code: status === 429 ? 'rate_limited' : 'internal_error', message: 'Unavailable' });
      });
      mirror.row = { user };
      await store.getState().initialize();
      expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
      expect(store.getState()).toMatchObject({ loading: false, user });
      // Fetching the user again while the server still fails keeps it too.
      expect(await store.getState().refreshUser()).toEqual(user);
      expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
    },
  );
});

describe('auth store: sign-in, sign-out, profile', () => {
  it('keeps the user on sign-in, and the token nowhere: not in local storage, not in IndexedDB', async () => {
    const { store, mirror, storage } = setup(false, () => ({ data: { token: 'secret-session-token', user } }));
    await store.getState().signIn({ email: 'ada@gmail.com', password: 'Secret123' });
    await flush();
    expect(store.getState()).toMatchObject({ user });
    expect(mirror.row).toEqual({ user });
    expect(storage.items).toEqual({ [SESSION_HINT_KEY]: '1' });
    expect(JSON.stringify([mirror.row, storage.items, store.getState()])).not.toContain('secret-session-token');
  });

  it('clears the session even when the sign-out call fails', async () => {
    const { store, mirror, storage } = setup(false, (_m, path) => {
      if (path === '/auth/signout') throw new ApiError({ status: 500, code: 'internal_error', message: 'boom' });
      return { data: { token: 'tok', user } };
    });
    await store.getState().signIn({ email: 'ada@gmail.com', password: 'Secret123' });
    await store.getState().signOut();
    await flush();
    expect(storage.items).toEqual({});
    expect(mirror.row).toBeNull();
    expect(store.getState()).toMatchObject({ user: null });
  });

  it('refuses a profile update without a user', async () => {
    const { store } = setup(false, () => ({}));
    await expect(store.getState().updateProfile({ firstName: 'Ada' })).rejects.toThrow(USER_NOT_AUTHENTICATED);
  });

  it('merges the answer of a profile update into the user and clears the busy flag', async () => {
    const { store } = setup(false, (method, path, body) => {
      if (path === '/auth/signin') return { data: { token: 'tok', user } };
      expect([method, path, body]).toEqual(['PUT', '/users/u1', { firstName: 'Ada' }]);
      return { data: { firstName: 'Ada', version: 2 } };
    });
    await store.getState().signIn({ email: 'ada@gmail.com', password: 'Secret123' });
    const updated = await store.getState().updateProfile({ firstName: 'Ada' });
    expect(updated).toMatchObject({ id: 'u1', email: 'ada@gmail.com', firstName: 'Ada', version: 2 });
    expect(store.getState().updating).toBe(false);
  });
});

describe('auth store: a sign-out the server has not heard', () => {
  /** A browser whose calls fail with no answer while `offline` says so; the sign-out kept in the same local storage as the hint. */
  function offlineSetup(initial: Record<string, string>) {
    const net = { offline: true, signouts: 0 };
    const hint = memoryHint(initial);
    const mirror = memoryMirror();
    const registered = vi.fn();
    const store = createAuthStore({
      api: fakeApi((_m, path) => {
        if (net.offline) throw new ApiError({ status: 0, code: 'offline', message: 'You appear to be offline' });
        if (path === '/auth/signout') net.signouts++;
        return path === '/auth/user' ? { data: user } : { message: 'Signed out' };
      }),
      hint,
      mirror: async () => mirror,
      pendingSignOut: createPendingSignOut(() => hint.storage),
      registerSignOutSync: registered,
      log: () => undefined,
    });
    return { store, net, storage: hint.storage, mirror, registered };
  }

  it('is kept, handed to the service worker, said so, and told to the server once it can be; the page forgets the user at once', async () => {
    const { store, net, storage, mirror, registered } = offlineSetup({ [SESSION_HINT_KEY]: '1' });
    mirror.row = { user };
    await store.getState().initialize();
    expect(store.getState().user).toEqual(user);
    expect(await store.getState().signOut()).toBe('pending');
    await flush();
    expect(store.getState()).toMatchObject({ user: null, signOutPending: true });
    expect(storage.items).toEqual({ [PENDING_SIGNOUT_KEY]: '1' });
    expect(mirror.row).toBeNull();
    expect(registered).toHaveBeenCalledTimes(1);
    // Still offline: kept.
    expect(await store.getState().retrySignOut()).toBe(false);
    expect(store.getState().signOutPending).toBe(true);
    net.offline = false;
    expect(await store.getState().retrySignOut()).toBe(true);
    expect(net.signouts).toBe(1);
    expect(store.getState().signOutPending).toBe(false);
    expect(storage.items).toEqual({});
  });

  it('never lets a reload restore the session it signed out of, and tells the server on that load', async () => {
    const { store, net, storage } = offlineSetup({ [SESSION_HINT_KEY]: '1', [PENDING_SIGNOUT_KEY]: '1' });
    net.offline = false;
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ user: null, signOutPending: false, loading: false });
    expect(net.signouts).toBe(1);
    expect(storage.items).toEqual({});
  });

  it('counts a 401 as heard (the session had already ended), and a sign-out online as confirmed', async () => {
    const { store, net } = offlineSetup({ [SESSION_HINT_KEY]: '1' });
    net.offline = false;
    await store.getState().initialize();
    expect(await store.getState().signOut()).toBe('confirmed');
    expect(store.getState().signOutPending).toBe(false);
  });
});
