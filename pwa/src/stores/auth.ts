import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SigninBody, SignupBody } from '@shared/schemas/auth';
import type { UpdateUserBody, User } from '@shared/schemas/user';
import { ignoreAnswer, isApiError, type ApiClient } from '../lib/api';
import { guard, hasFields, isRecord } from '../lib/guards';
import type { PendingSignOut, SessionHint } from '../lib/session-hint';
import type { SessionMirror } from '../data/session-mirror';

/**
 * Everything the auth store talks to, injected so it can be tested without a browser. The session
 * token never reaches the page: the server sets it as an HttpOnly cookie and the browser sends it.
 */
export interface AuthDeps {
  api: ApiClient;
  /** Whether a session may be open in this browser (a flag, not the token). */
  hint: SessionHint;
  /** The IndexedDB mirror, loaded on first use (keeps Dexie out of the first download). */
  mirror: () => Promise<SessionMirror>;
  /** A sign-out the server has not heard yet (none kept when absent: tests). */
  pendingSignOut?: PendingSignOut;
  /** Asks the service worker to tell the server of a pending sign-out once the network is back (Background Sync). */
  registerSignOutSync?: () => void;
  log?: (message: string, error: unknown) => void;
}

export interface AuthState {
  user: User | null;
  /** True until the saved session has been checked. */
  loading: boolean;
  /** True while a profile update is in flight. */
  updating: boolean;
  /** Fetches the signed-in user when a session may be open; runs once however often it is called. */
  initialize(): Promise<void>;
  signIn(body: SigninBody): Promise<User>;
  signUp(body: SignupBody): Promise<User>;
  /**
   * Calls the server, then clears the session on this page even when the call fails. `pending` when
   * the server could not be reached: the sign-out is kept and told to the server later (`retrySignOut`,
   * the service worker), and `signOutPending` says so meanwhile.
   */
  signOut(): Promise<'confirmed' | 'pending'>;
  /** A sign-out the server has not heard yet is kept for later. */
  signOutPending: boolean;
  /** Tells the server of a pending sign-out; true once it heard it (or the session had already ended). */
  retrySignOut(): Promise<boolean>;
  /** Fetches the current user again (`GET /api/auth/user`). */
  refreshUser(): Promise<User | null>;
  /** `PUT /api/users/{id}`; merges the answer into the current user. */
  updateProfile(fields: UpdateUserBody): Promise<User>;
  /** Replaces the current user (e.g. after the email was verified). */
  setUser(user: User): void;
  /** A session the server just opened some other way (a Telegram sign-in): its user. */
  adoptSession(user: User): void;
  /** Forgets the session locally (a 401, a failed user fetch, sign-out). */
  clearSession(): void;
}

export type AuthStore = StoreApi<AuthState>;

/** A sign-in answer; its `token` is for API clients and is not kept: the cookie carries the session. */
interface SessionAnswer {
  data: { user: User };
}

// The answers are checked lightly: this store is in the first download, which zod stays out of.
const isUser = (value: unknown): value is User => hasFields<User>(value, { id: 'string', email: 'string', version: 'number' });
/** `GET /auth/user`: `{ data: user }`. */
const userAnswer = guard('a user', (body): body is { data: User } => isRecord(body) && isUser(body.data));
/** `POST /auth/signin` and `/auth/signup`: `{ data: { token, user } }`. */
const sessionAnswer = guard('a session', (body): body is SessionAnswer => isRecord(body) && isRecord(body.data) && isUser(body.data.user));
/** `PUT /users/{id}`: `{ data: the changed fields }`. */
const profileAnswer = guard('a profile', (body): body is { data: Partial<User> } => isRecord(body) && isRecord(body.data));

export const USER_NOT_AUTHENTICATED = 'User not authenticated';

/** No answer, or the server down or busy: says nothing about the token, so the session stays. */
const noVerdict = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500 || error.status === 429);
export const UPDATE_FAILED = 'Failed to update profile';

export function createAuthStore(deps: AuthDeps): AuthStore {
  const log = deps.log ?? ((message, error) => console.warn(`[auth] ${message}`, error));
  let initializing: Promise<void> | null = null;

  const mirror = (action: (m: SessionMirror) => Promise<unknown>) => {
    deps
      .mirror()
      .then(action)
      .catch((error: unknown) => log('session mirror unavailable', error));
  };

  return createStore<AuthState>()((set, get) => {
    function applySession(user: User): User {
      deps.hint.set();
      if (deps.pendingSignOut?.present()) {
        // A new session's cookie replaced the one whose sign-out was owed: nothing of it is left to use here.
        log('a new session replaced one whose sign-out the server had not heard', null);
        deps.pendingSignOut.clear();
      }
      set({ user, loading: false, signOutPending: false });
      mirror((m) => m.save(user));
      return user;
    }

    function clearSession() {
      deps.hint.clear();
      set({ user: null, loading: false });
      mirror((m) => m.clear());
    }

    async function fetchUser(): Promise<User> {
      const answer = await deps.api.get('/auth/user', userAnswer);
      return answer.data;
    }

    async function restore(): Promise<void> {
      if (deps.pendingSignOut?.present()) {
        // Signed out on this device before the server heard it: never restored, whatever the cookie says.
        clearSession();
        await retrySignOut();
        return;
      }
      if (!deps.hint.present()) {
        clearSession();
        return;
      }
      try {
        applySession(await fetchUser());
      } catch (error) {
        if (noVerdict(error)) {
          // Offline, too slow, or the server failing: an offline-first app keeps the session and
          // opens with the last user it knew, instead of signing the user out because the network
          // or the server is down (only a refused token ends the session).
          const cached = await deps
            .mirror()
            .then((m) => m.load())
            .catch(() => null);
          set({ user: cached?.user ?? null, loading: false });
          return;
        }
        log('failed to fetch the current user', error);
        clearSession();
      }
    }

    async function retrySignOut(): Promise<boolean> {
      const pending = deps.pendingSignOut;
      if (!pending?.present()) {
        if (get().signOutPending) set({ signOutPending: false });
        return true;
      }
      try {
        await deps.api.post('/auth/signout', undefined, ignoreAnswer);
      } catch (error) {
        // Still no answer: kept for the next try. Any other answer (401: the session had already ended) settles it.
        if (noVerdict(error)) return false;
      }
      pending.clear();
      set({ signOutPending: false });
      return true;
    }

    return {
      user: null,
      loading: true,
      updating: false,
      signOutPending: deps.pendingSignOut?.present() ?? false,
      retrySignOut,

      initialize() {
        initializing ??= restore();
        return initializing;
      },

      async signIn(body) {
        // A sign-out still owed to the server goes first: the new session's cookie replaces the old one's.
        if (deps.pendingSignOut?.present()) await retrySignOut();
        const answer = await deps.api.post('/auth/signin', body, sessionAnswer);
        return applySession(answer.data.user);
      },

      async signUp(body) {
        if (deps.pendingSignOut?.present()) await retrySignOut();
        const answer = await deps.api.post('/auth/signup', body, sessionAnswer);
        return applySession(answer.data.user);
      },

      async signOut() {
        let outcome: 'confirmed' | 'pending' = 'confirmed';
        try {
          await deps.api.post('/auth/signout', undefined, ignoreAnswer);
        } catch (error) {
          if (noVerdict(error) && deps.pendingSignOut) {
            // The server did not hear it: its session (and this browser's cookie) still works until it does.
            outcome = 'pending';
            deps.pendingSignOut.mark();
            deps.registerSignOutSync?.();
          }
          log('sign-out call failed; clearing the session anyway', error);
        } finally {
          clearSession();
          set({ signOutPending: outcome === 'pending' });
        }
        return outcome;
      },

      async refreshUser() {
        if (!get().user && !deps.hint.present()) return null;
        try {
          const user = await fetchUser();
          get().setUser(user);
          return user;
        } catch (error) {
          if (noVerdict(error)) return get().user;
          log('failed to fetch the current user', error);
          clearSession();
          return null;
        }
      },

      async updateProfile(fields) {
        const current = get().user;
        if (!current?.id) throw new Error(USER_NOT_AUTHENTICATED);
        set({ updating: true });
        try {
          const answer = await deps.api.put(`/users/${encodeURIComponent(current.id)}`, fields, profileAnswer);
          const user = { ...(get().user ?? current), ...answer.data };
          get().setUser(user);
          return user;
        } catch (error) {
          if (isApiError(error)) throw error;
          throw new Error(UPDATE_FAILED, { cause: error });
        } finally {
          set({ updating: false });
        }
      },

      setUser(user) {
        set({ user });
        mirror((m) => m.save(user));
      },

      adoptSession(user) {
        applySession(user);
      },

      clearSession,
    };
  });
}
