/**
 * The last billing answers kept in session storage, so the billing and referral pages show
 * something (marked as saved) when the network is gone. Per user; nothing secret is kept (the card
 * is only its brand and last four).
 */
export interface Cached<T> {
  savedAt: number;
  value: T;
}

export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const billingCacheKey = (userId: string, what: string) => `bidpilot_billing:${userId}:${what}`;

export function readCached<T>(storage: CacheStorage | undefined, key: string): Cached<T> | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const record = parsed as Record<string, unknown>;
    if (typeof record.savedAt !== 'number' || !('value' in record)) return null;
    return { savedAt: record.savedAt, value: record.value as T };
  } catch {
    return null;
  }
}

export function writeCached<T>(storage: CacheStorage | undefined, key: string, value: T, now: number): void {
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now, value }));
  } catch {
    // storage full or unavailable: the page simply has no saved copy next time
  }
}
