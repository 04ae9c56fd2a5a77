import { describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/schemas/user';
import { ApiError, type ApiClient } from '../lib/api';
import type { TokenStorage } from '../lib/token';
import type { SessionMirror } from '../db/session';
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
  referralCode: 'ADA123',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
};

function memoryTokens(initial: string | null): TokenStorage & { value: string | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    save(token) {
      this.value = token;
    },
    clear() {
      this.value = null;
    },
  };
}

function memoryMirror(): SessionMirror & { row: { token: string; user: User | null } | null } {
  return {
    row: null,
    async save(token, u) {
      this.row = { token, user: u };
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
  const request = async <T,>(method: string, path: string, options?: { body?: unknown }): Promise<T> =>
    (await handler(method, path, options?.body)) as T;
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, { body }),
    put: (path, body) => request('PUT', path, { body }),
    patch: (path, body) => request('PATCH', path, { body }),
    delete: (path) => request('DELETE', path),
    onUnauthorized: () => () => undefined,
  };
}

function setup(initialToken: string | null, handler: Handler) {
  const tokens = memoryTokens(initialToken);
  const mirror = memoryMirror();
  const store = createAuthStore({ api: fakeApi(handler), tokens, mirror: async () => mirror, log: () => undefined });
  return { store, tokens, mirror };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('auth store: start-up', () => {
  it.each(['', 'undefined', 'null', null])('clears an unusable saved token (%j) without calling the server', async (saved) => {
    const handler = vi.fn<Handler>();
    const { store, tokens } = setup(saved, handler);
    await store.getState().initialize();
    expect(handler).not.toHaveBeenCalled();
    expect(tokens.value).toBeNull();
    expect(store.getState()).toMatchObject({ loading: false, user: null, token: null });
  });

  it('fetches the user of a usable token', async () => {
    const { store } = setup('tok', (method, path) => {
      expect([method, path]).toEqual(['GET', '/auth/user']);
      return { data: user };
    });
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ loading: false, user, token: 'tok' });
  });

  it('runs once however often it is called', async () => {
    const handler = vi.fn<Handler>(() => ({ data: user }));
    const { store } = setup('tok', handler);
    await Promise.all([store.getState().initialize(), store.getState().initialize()]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the server refuses the token', async () => {
    const { store, tokens } = setup('tok', () => {
      throw new ApiError({ status: 401, code: 'unauthorized', message: 'Not signed in' });
    });
    await store.getState().initialize();
    expect(tokens.value).toBeNull();
    expect(store.getState()).toMatchObject({ loading: false, user: null, token: null });
  });

  it('keeps the session and the cached user when offline', async () => {
    const { store, tokens, mirror } = setup('tok', () => {
      throw new ApiError({ status: 0, code: 'offline', message: 'You appear to be offline' });
    });
    mirror.row = { token: 'tok', user };
    await store.getState().initialize();
    expect(tokens.value).toBe('tok');
    expect(store.getState()).toMatchObject({ loading: false, user, token: 'tok' });
  });

  it.each([500, 502, 503, 429])('keeps the session and the cached user when the server answers %i (it is down or busy, the token is fine)', async (status) => {
    const { store, tokens, mirror } = setup('tok', () => {
      throw new ApiError({ status, code: status === 429 ? 'rate_limited' : 'internal_error', message: 'Unavailable' });
    });
    mirror.row = { token: 'tok', user };
    await store.getState().initialize();
    expect(tokens.value).toBe('tok');
    expect(store.getState()).toMatchObject({ loading: false, user, token: 'tok' });
    // Fetching the user again while the server still fails keeps it too.
    expect(await store.getState().refreshUser()).toEqual(user);
    expect(tokens.value).toBe('tok');
  });
});

describe('auth store: sign-in, sign-out, profile', () => {
  it('stores the token and user on sign-in, in the page and the IndexedDB mirror', async () => {
    const { store, tokens, mirror } = setup(null, () => ({ data: { token: 'new', user } }));
    await store.getState().signIn({ email: 'ada@gmail.com', password: 'Secret123' });
    await flush();
    expect(tokens.value).toBe('new');
    expect(mirror.row).toEqual({ token: 'new', user });
    expect(store.getState()).toMatchObject({ user, token: 'new' });
  });

  it('clears the session even when the sign-out call fails', async () => {
    const { store, tokens, mirror } = setup(null, (_m, path) => {
      if (path === '/auth/signout') throw new ApiError({ status: 500, code: 'internal_error', message: 'boom' });
      return { data: { token: 'tok', user } };
    });
    await store.getState().signIn({ email: 'ada@gmail.com', password: 'Secret123' });
    await store.getState().signOut();
    await flush();
    expect(tokens.value).toBeNull();
    expect(mirror.row).toBeNull();
    expect(store.getState()).toMatchObject({ user: null, token: null });
  });

  it('refuses a profile update without a user', async () => {
    const { store } = setup(null, () => ({}));
    await expect(store.getState().updateProfile({ firstName: 'Ada' })).rejects.toThrow(USER_NOT_AUTHENTICATED);
  });

  it('merges the answer of a profile update into the user and clears the busy flag', async () => {
    const { store } = setup(null, (method, path, body) => {
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
