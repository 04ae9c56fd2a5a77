import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ApiClient } from '../lib/api';
import type { AuthState, AuthStore } from '../stores/auth';
import type { PageSession } from './page-session';

const SessionContext = createContext<PageSession | null>(null);

export const USE_SESSION_OUTSIDE_PROVIDER = 'The session hooks must be used within a SessionProvider';

/**
 * Gives the page's session to the screens: its one API client (`useApi`) and its auth store
 * (`useAuth`, `useAuthStore`). The app shell mounts it; it checks the saved session once.
 */
export function SessionProvider({ children, session }: { children: ReactNode; session: PageSession }) {
  useEffect(() => {
    void session.authStore.getState().initialize();
  }, [session]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSession(): PageSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error(USE_SESSION_OUTSIDE_PROVIDER);
  return session;
}

/** The page's API client (JSON, the session cookie, a 401 ends the session). */
export function useApi(): ApiClient {
  return useSession().api;
}

/** The auth store itself, for reading the session at the moment of an action (not on render). */
export function useAuthStore(): AuthStore {
  return useSession().authStore;
}

export type AuthContextValue = AuthState & { isAuthenticated: boolean };

/** The session: user, loading flag, authenticated flag and the account actions. */
export function useAuth(): AuthContextValue {
  const state = useStore(useAuthStore());
  return { ...state, isAuthenticated: state.user !== null };
}
