import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AuthState, AuthStore } from '../stores/auth';

const AuthContext = createContext<AuthStore | null>(null);

export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

/** Gives the page's auth store to the screens (the app shell mounts it) and checks the saved session. */
export function AuthProvider({ children, store }: { children: ReactNode; store: AuthStore }) {
  useEffect(() => {
    void store.getState().initialize();
  }, [store]);
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export type AuthContextValue = AuthState & { isAuthenticated: boolean };

/** The auth store itself, for reading the session at the moment of an action (not on render). */
export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return store;
}

/** The session: user, loading flag, authenticated flag and the account actions. */
export function useAuth(): AuthContextValue {
  const state = useStore(useAuthStore());
  return { ...state, isAuthenticated: state.user !== null };
}
