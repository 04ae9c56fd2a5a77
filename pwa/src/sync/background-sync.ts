import { OUTBOX_SYNC_TAG, SIGNOUT_SYNC_TAG } from './protocol';

export { OUTBOX_SYNC_TAG, SIGNOUT_SYNC_TAG };

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
  return registerSync(OUTBOX_SYNC_TAG, container);
}

/**
 * Asks the browser to wake the service worker when the network is back and tell the server of a
 * sign-out it has not heard (even with every tab closed). Where Background Sync is missing, the
 * page tells it on its next load or when it sees the network come back.
 */
export async function registerSignOutSync(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<boolean> {
  return registerSync(SIGNOUT_SYNC_TAG, container);
}

async function registerSync(tag: string, container: ServiceWorkerContainer | undefined): Promise<boolean> {
  if (!container) return false;
  try {
    const registration = (await container.getRegistration()) as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined;
    if (!registration?.sync || !registration.active) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
