import type { PushSettings } from '@shared/schemas/push';
import type { User } from '@shared/schemas/user';
import { hasFields, isRecord } from '../lib/guards';
import { CACHE_KEYS } from './cache-table';
import type { BidpilotDb } from './db';
import { changedFields, isRecordEntry, type OutboxEntry, type RecordOutboxEntry } from './outbox-table';

/**
 * The user's own single records edited here: the profile (`profile` table, profile-table.ts) and the
 * notice settings (`cache` row `pushSettings`). Like agents, the stored record is the server's with
 * the user's unsent changes on top, and `server` keeps the server's copy while there are any.
 */

/** The notice settings with the version they were read at (0: the defaults, never changed). */
export type PushSettingsView = PushSettings & { version: number };

/** The server's record with the pending changes of that record on top (just the record when none). */
export function rebaseRecord<T extends object>(server: T, pending: readonly OutboxEntry[]): { view: T; server?: T } {
  const entries = pending.filter(isRecordEntry);
  if (entries.length === 0) return { view: server };
  let view = server;
  for (const entry of entries) view = { ...view, ...changedFields(entry) };
  return { view, server };
}

/** One of the two records, as the sync and the repositories read and store it. */
export interface RecordStore<T extends { version: number }> {
  entity: RecordOutboxEntry['entity'];
  /** The record shown and the server's copy under it (the record itself when nothing is pending). */
  read(db: BidpilotDb, id: string): Promise<{ view: T; server: T } | undefined>;
  /** Stores the server's record with the pending entries on top. */
  write(db: BidpilotDb, server: T, pending: readonly OutboxEntry[]): Promise<void>;
  /** The record in a server answer (`{ data }` of a 2xx, or a 409's `details.current`). */
  fromAnswer(body: unknown): T | null;
  tables(db: BidpilotDb): Array<BidpilotDb['profile'] | BidpilotDb['cache']>;
}

export const profileStore: RecordStore<User> = {
  entity: 'profile',
  async read(db, id) {
    const row = await db.profile.get(id);
    if (!row) return undefined;
    const { server, ...view } = row;
    return { view, server: server ?? view };
  },
  async write(db, server, pending) {
    const { view, server: under } = rebaseRecord(server, pending);
    await db.profile.put(under ? { ...view, server: under } : view);
  },
  fromAnswer(body) {
    const data = isRecord(body) && isRecord(body.data) ? body.data : body;
    return hasFields<User>(data, { id: 'string', version: 'number', email: 'string' }) ? data : null;
  },
  tables: (db) => [db.profile],
};

export const pushSettingsStore: RecordStore<PushSettingsView> = {
  entity: 'settings',
  async read(db) {
    const row = await db.cache.get(CACHE_KEYS.pushSettings);
    if (!row) return undefined;
    const view = row.value as PushSettingsView;
    return { view, server: (row.server as PushSettingsView | undefined) ?? view };
  },
  async write(db, server, pending) {
    const { view, server: under } = rebaseRecord(server, pending);
    await db.cache.put({ key: CACHE_KEYS.pushSettings, value: view, savedAt: Date.now(), ...(under ? { server: under } : {}) });
  },
  fromAnswer(body) {
    if (!isRecord(body) || !isRecord(body.data) || typeof body.version !== 'number') return null;
    const data = body.data;
    const flags = [data.proposalSent, data.draftWaiting, data.proposalFailed, data.clientReplied];
    if (flags.some((flag) => typeof flag !== 'boolean')) return null;
    return {
      proposalSent: data.proposalSent as boolean,
      draftWaiting: data.draftWaiting as boolean,
      proposalFailed: data.proposalFailed as boolean,
      clientReplied: data.clientReplied as boolean,
      version: body.version,
    };
  },
  tables: (db) => [db.cache],
};

export const recordStoreOf = (entry: RecordOutboxEntry): RecordStore<{ version: number }> =>
  (entry.entity === 'profile' ? profileStore : pushSettingsStore) as unknown as RecordStore<{ version: number }>;
