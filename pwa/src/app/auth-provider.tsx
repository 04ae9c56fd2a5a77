import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AuthState, AuthStore } from '../stores/auth';
import { authStore } from './session';

const AuthContext = createContext<AuthStore | null>(null);

export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

export function AuthProvider({ children, store = authStore }: { children: ReactNode; store?: AuthStore }) {
  useEffect(() => {
    void store.getState().initialize();
  }, [store]);
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export type AuthContextValue = AuthState & { isAuthenticated: boolean };

/** The session: user, loading flag, authenticated flag and the account actions. */
export function useAuth(): AuthContextValue {
  const store = useContext(AuthContext);
  if (!store) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  const state = useStore(store);
  return { ...state, isAuthenticated: state.user !== null };
}
