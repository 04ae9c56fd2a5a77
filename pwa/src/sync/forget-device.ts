import { appDb } from '../data/app-db';
import { stopAppSync } from './app-sync';

/** Deletes one IndexedDB database; settles however the browser answers (a blocked delete finishes when the holder closes). */
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

/**
 * Leaves nothing of the user on this device (an account being deleted): the sync stopped, the
 * app's database deleted with every other IndexedDB database of the site, and the browser's push
 * subscription cancelled. The caller ends the session.
 */
export async function forgetThisDevice(): Promise<void> {
  await stopAppSync({ clear: false }).catch(() => undefined);
  const db = appDb();
  await db.delete().catch(() => undefined);
  if (typeof indexedDB !== 'undefined') {
    const listed = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
    await Promise.all(listed.flatMap((database) => (database.name ? [deleteDatabase(database.name)] : [])));
  }
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => undefined);
  }
}
