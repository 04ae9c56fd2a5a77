import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isSignedInLayoutPath } from './layout-paths';
import { Button } from '../ui/Button';
import { toast } from '../stores/toast';
import { updateStore, useUpdateState } from './sw-register';

const OFFLINE_READY_KEY = 'bidpilot_offline_ready_said';

function offlineReadySaid(): boolean {
  try {
    return localStorage.getItem(OFFLINE_READY_KEY) !== null;
  } catch {
    return false;
  }
}

function markOfflineReadySaid(): void {
  try {
    localStorage.setItem(OFFLINE_READY_KEY, String(Date.now()));
  } catch {
    // storage unavailable: it may be said once more, which is harmless
  }
}

/** "A new version is available — Reload": the waiting service worker activates only on Reload. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { needRefresh, offlineReady, accept, dismiss } = useUpdateState();
  const { pathname } = useLocation();
  const signedInArea = isSignedInLayoutPath(pathname);

  // Said once per device, where it matters (the signed-in area works offline; the marketing pages do not need telling).
  useEffect(() => {
    if (!offlineReady || !signedInArea) return;
    updateStore.setState({ offlineReady: false });
    if (offlineReadySaid()) return;
    markOfflineReadySaid();
    toast({ title: t('pwa.offlineReady') });
  }, [offlineReady, signedInArea, t]);

  if (!needRefresh) return null;
  return (
    <div
      role="region"
      aria-label={t('pwa.updateAvailable')}
      className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-start"
    >
      <div className="flex w-full max-w-sm flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg">
        <p role="status" className="text-sm font-medium text-slate-900">
          {t('pwa.updateAvailable')}
        </p>
        <div className="flex gap-2">
          <Button onClick={accept}>{t('pwa.reload')}</Button>
          <Button variant="secondary" onClick={dismiss}>
            {t('pwa.later')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** A thin banner while the browser is offline (the signed-in layout says so in its sync status instead). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const { pathname } = useLocation();
  if (online || isSignedInLayoutPath(pathname)) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      {t('pwa.offline')}
    </div>
  );
}
