import { OUTBOX_SYNC_TAG } from './protocol';

export { OUTBOX_SYNC_TAG };

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker when the network is back (Chromium's Background
 * Sync). Does nothing where it is missing; the page's `online` and visibility triggers cover that.
 */
export async function registerOutboxSync(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<boolean> {
  if (!container) return false;
  try {
    const registration = (await container.getRegistration()) as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined;
    if (!registration?.sync || !registration.active) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
