import type { User } from '@shared/schemas/user';
import { appDb } from './app-db';
import type { BidpilotDb } from './db';

/**
 * The IndexedDB record that a session is open in this browser, with the last user the server
 * answered (so the app opens signed in while offline). Never the token: requests carry the server's
 * HttpOnly cookie. The page writes it on sign-in and clears it on sign-out; the service worker reads
 * it to know someone is signed in. Loaded lazily so Dexie stays out of the public pages' first download.
 */
export interface SessionMirror {
  save(user: User | null): Promise<void>;
  load(): Promise<{ user: User | null } | null>;
  clear(): Promise<void>;
}

export function createSessionMirror(db: BidpilotDb = appDb()): SessionMirror {
  return {
    async save(user) {
      await db.session.put({ key: 'current', user, savedAt: Date.now() });
    },
    async load() {
      const row = await db.session.get('current');
      return row ? { user: row.user } : null;
    },
    async clear() {
      await db.session.delete('current');
    },
  };
}
