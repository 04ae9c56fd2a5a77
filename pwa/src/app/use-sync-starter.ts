import { useEffect, useRef } from 'react';
import { useAuth } from '../session/session-provider';

const loadRuntime = () => import('../sync/app-sync');

/**
 * Runs the sync while a user is signed in: starts it when a user appears, stops it when the
 * component goes away, and on sign-out stops it and clears that user's data from IndexedDB.
 * The sync runtime (and Dexie) is loaded only once someone is signed in.
 */
export function useSyncStarter(): void {
  const { user, clearSession } = useAuth();
  const userId = user?.id ?? null;
  const signedInAs = useRef<string | null>(null);
  const clear = useRef(clearSession);
  useEffect(() => {
    clear.current = clearSession;
  }, [clearSession]);

  useEffect(() => {
    if (!userId) {
      if (signedInAs.current) {
        signedInAs.current = null;
        void loadRuntime().then((runtime) => runtime.stopAppSync({ clear: true }));
        void import('../features/search/last-search-db').then((searches) => searches.clearLastSearches());
      }
      return;
    }
    signedInAs.current = userId;
    let cancelled = false;
    void loadRuntime().then((runtime) => {
      if (!cancelled) runtime.startAppSync({ userId, onUnauthorized: () => clear.current() });
    });
    return () => {
      cancelled = true;
      void loadRuntime().then((runtime) => runtime.stopAppSync({ clear: false }));
    };
  }, [userId]);
}

/** Mount once inside SessionProvider: `<SyncStarter />` renders nothing. */
export function SyncStarter(): null {
  useSyncStarter();
  return null;
}
