import type { CacheRow } from './cache-table';

/**
 * The last answers of screens that need the network, kept in IndexedDB (the `cache` table, per
 * signed-in user: cleared with the user's data) to show offline with their time. Loaded lazily so
 * Dexie stays off the public pages; a storage failure just means nothing is kept.
 */
const db = () => import('./app-db').then((m) => m.appDb());

export async function readCachedAnswer<T>(key: string): Promise<CacheRow<T> | undefined> {
  try {
    return (await (await db()).cache.get(key)) as CacheRow<T> | undefined;
  } catch {
    return undefined;
  }
}

export async function saveCachedAnswer<T>(key: string, value: T): Promise<void> {
  try {
    await (await db()).cache.put({ key, value, savedAt: Date.now() });
  } catch {
    // storage unavailable: the screen simply has nothing to show offline next time
  }
}
