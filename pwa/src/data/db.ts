import Dexie, { type Table } from 'dexie';
import type { User } from '@shared/schemas/user';
import type { PlanLimits } from '@shared/schemas/sync';
import type { AgentRow } from './agents-table';
import type { JobItemRow } from './job-items-table';
import type { OutboxEntry } from './outbox-table';
import type { SyncStateRow } from './sync-state-table';
import type { SyncNotice } from './notices-table';
import type { ProfileRow } from './profile-table';
import type { CacheRow } from './cache-table';
import type { KeptDraft } from './kept-drafts-table';
import type { LetterDraft } from './letter-drafts-table';

/**
 * The one row of the `session` table: that a session is open, mirrored for the service worker. The
 * token itself lives only in the server's HttpOnly cookie (versions 1 and 2 kept it here; version 3
 * removes it).
 */
export interface SessionRow {
  /** Always `current`: there is at most one session per browser profile. */
  key: 'current';
  /** The last user the server answered, so the app can open signed in while offline. */
  user: User | null;
  savedAt: number;
}

/** The one row of the `planLimits` table: what the user's plan allows, as the last pull said. */
export interface PlanLimitsRow extends PlanLimits {
  key: 'current';
}

export const DB_NAME = 'bidpilot';

/** Version 2's tables and indexes (kept here so the upgrade test can check them). */
export const SCHEMA_V2 = {
  session: 'key',
  profile: 'id',
  planLimits: 'key',
  // The agent list reads by user, status, name, creation or change time.
  agents: 'id, userId, status, name, createdAt, updatedAt',
  // An agent's jobs, newest first: a range on [agentId+createdAt].
  jobItems: 'id, [agentId+createdAt], status',
  // Sent in `seq` order; `id` is the Idempotency-Key; `entityId` finds an agent's pending entries.
  outbox: '++seq, &id, entityId',
  syncState: 'key',
  notices: '++id, createdAt',
} as const;

/** Version 4 adds agents the server refused to create (kept for the user) and the last answers of online-only screens. */
export const SCHEMA_V4 = {
  ...SCHEMA_V2,
  keptDrafts: 'id, keptAt',
  cache: 'key',
} as const;

/** Version 5 adds the letters being edited in the review (autosaved on this device). */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  letterDrafts: 'id, savedAt',
} as const;

/**
 * Bidpilot's IndexedDB database. Versions are appended, never edited: version 1 held only the
 * session; version 2 adds the synced data (profile, plan limits, agents, job items), the outbox,
 * the sync state and the sync notices. The session row is kept across the upgrades. Version 3 takes
 * the bearer token out of the session row (the server's HttpOnly cookie carries the session);
 * version 4 adds the kept drafts (agents the server refused to create, never thrown away) and a
 * cache of online-only answers (marketplace connections, the subscription, the notice settings)
 * to show offline; version 5 the letters being edited in the review.
 */
export class BidpilotDb extends Dexie {
  session!: Table<SessionRow, 'current'>;
  profile!: Table<ProfileRow, string>;
  planLimits!: Table<PlanLimitsRow, 'current'>;
  agents!: Table<AgentRow, string>;
  jobItems!: Table<JobItemRow, string>;
  outbox!: Table<OutboxEntry, number>;
  syncState!: Table<SyncStateRow, 'main'>;
  notices!: Table<SyncNotice, number>;
  keptDrafts!: Table<KeptDraft, string>;
  cache!: Table<CacheRow, string>;
  letterDrafts!: Table<LetterDraft, string>;

  constructor(name: string = DB_NAME, options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }) {
    super(name, options);
    this.version(1).stores({ session: 'key' });
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        // Nothing to convert: the session row stays as it is. Start the sync from the beginning.
        await tx.table('syncState').put({ key: 'main', cursor: '0', userId: null, lastSyncedAt: null, lastError: null });
      });
    this.version(3)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await tx
          .table('session')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            delete row.token;
          });
      });
    // Two new tables; nothing to convert.
    this.version(4).stores(SCHEMA_V4);
    // One new table; nothing to convert.
    this.version(5).stores(SCHEMA_V5);
  }
}

export function openDb(name?: string, options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }): BidpilotDb {
  return new BidpilotDb(name, options);
}
