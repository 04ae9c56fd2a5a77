import type { User } from '@shared/schemas/user';
import { appDb } from './app-db';
import type { BidpilotDb } from './db';

/**
 * The IndexedDB mirror of the session token (and last known user). The page writes it on sign-in
 * and clears it on sign-out; the service worker reads it for background work. Loaded lazily by the
 * auth store so Dexie stays out of the public pages' first download.
 */
export interface SessionMirror {
  save(token: string, user: User | null): Promise<void>;
  load(): Promise<{ token: string; user: User | null } | null>;
  clear(): Promise<void>;
}

export function createSessionMirror(db: BidpilotDb = appDb()): SessionMirror {
  return {
    async save(token, user) {
      await db.session.put({ key: 'current', token, user, savedAt: Date.now() });
    },
    async load() {
      const row = await db.session.get('current');
      return row ? { token: row.token, user: row.user } : null;
    },
    async clear() {
      await db.session.delete('current');
    },
  };
}
