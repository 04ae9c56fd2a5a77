import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface UpdateState {
  /** A new service worker is installed and waiting for the user's go-ahead. */
  needRefresh: boolean;
  /** The first service worker took control: the app now opens offline. */
  offlineReady: boolean;
  /** Activates the waiting worker, then reloads once it controls the page. */
  accept: () => void;
  dismiss: () => void;
}

export const updateStore = createStore<UpdateState>()((set) => ({
  needRefresh: false,
  offlineReady: false,
  accept: () => {},
  dismiss: () => set({ needRefresh: false, offlineReady: false }),
}));

export function useUpdateState(): UpdateState {
  return useStore(updateStore);
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js with workbox-window (production builds only). A new version never activates on
 * its own: the prompt's Reload posts `{ type: 'SKIP_WAITING' }` and the page reloads on
 * `controlling`.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });

  wb.addEventListener('waiting', () => {
    updateStore.setState({
      needRefresh: true,
      accept: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) updateStore.setState({ offlineReady: true });
  });

  const registration = await wb.register();
  if (!registration) return;
  const check = () => {
    if (navigator.onLine) void registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
