import Dexie, { type Table } from 'dexie';
import type { User } from '@shared/schemas/user';

/** The one row of the `session` table: the signed-in session, mirrored for the service worker. */
export interface SessionRow {
  /** Always `current`: there is at most one session per browser profile. */
  key: 'current';
  token: string;
  /** The last user the server answered, so the app can open signed in while offline. */
  user: User | null;
  savedAt: number;
}

export const DB_NAME = 'bidpilot';

/**
 * Bidpilot's IndexedDB database. Version 1 holds only the session; later issues append versions
 * (agents, proposals, plans, outbox) with `this.version(n).stores(...)`, never editing old ones.
 */
export class BidpilotDb extends Dexie {
  session!: Table<SessionRow, 'current'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({ session: 'key' });
  }
}

export function openDb(name?: string): BidpilotDb {
  return new BidpilotDb(name);
}
