import type { User } from '@shared/schemas/user';
import type { PushSettings } from '@shared/schemas/push';
import { changedValues } from '@shared/sync/field-merge';
import type { BidpilotDb } from './db';
import type { OutboxEntry, ProfileEdit, RecordOutboxEntry } from './outbox-table';
import { profileStore, pushSettingsStore, type PushSettingsView, type RecordStore } from './records';

export interface RecordRepositoryDeps {
  db: BidpilotDb;
  /** The signed-in user (whose profile this is). */
  userId: string;
  uuid?: () => string;
  now?: () => number;
  /** Called after each committed write (the app asks for a sync and registers Background Sync). */
  onWrite?: (entry: OutboxEntry) => void;
}

/**
 * Edits of one of the user's own records. Only the fields that differ from what the user saw are
 * queued, with the version they saw as the base; the record here shows them at once (offline too).
 */
export interface RecordRepository<T extends { version: number }, Edit> {
  /** Answers the record as it now shows (unchanged when nothing differs from `seen`). */
  edit(changes: Edit, seen: T): Promise<T>;
}

function createRecordRepository<T extends { version: number }, Edit extends object>(
  deps: RecordRepositoryDeps,
  store: RecordStore<T>,
  op: RecordOutboxEntry['op'],
  entityId: string,
): RecordRepository<T, Edit> {
  const { db } = deps;
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const now = deps.now ?? Date.now;
  return {
    async edit(changes, seen) {
      const result = await db.transaction('rw', [db.outbox, ...store.tables(db)], async () => {
        const known = await store.read(db, entityId);
        const shown = seen as unknown as Record<string, unknown>;
        const payload = changedValues(changes as Readonly<Record<string, unknown>>, shown);
        const fields = Object.keys(payload);
        if (fields.length === 0) return { view: known?.view ?? seen, entry: null };
        const entry = {
          id: uuid(),
          entity: store.entity,
          entityId,
          op,
          payload,
          baseVersion: seen.version,
          seen: Object.fromEntries(fields.map((field) => [field, shown[field]])),
          createdAt: now(),
          attempts: 0,
          lastError: null,
          state: 'pending',
        } as OutboxEntry;
        await db.outbox.add(entry);
        // Never read from the server here yet: the record the user saw stands for the server's.
        await store.write(db, known?.server ?? seen, await db.outbox.where('entityId').equals(entityId).sortBy('seq'));
        return { view: (await store.read(db, entityId))!.view, entry };
      });
      if (result.entry) deps.onWrite?.(result.entry);
      return result.view;
    },
  };
}

/** The id under which the notice settings' entries are queued. */
export const PUSH_SETTINGS_ID = 'pushSettings';

export type ProfileRepository = RecordRepository<User, ProfileEdit>;
export type PushSettingsRepository = RecordRepository<PushSettingsView, Partial<PushSettings>> & {
  /** Stores the settings the server answered (a GET), with the unsent changes kept on top. */
  store(answer: PushSettingsView): Promise<void>;
};

export function createProfileRepository(deps: RecordRepositoryDeps): ProfileRepository {
  return createRecordRepository<User, ProfileEdit>(deps, profileStore, 'editProfile', deps.userId);
}

export function createPushSettingsRepository(deps: RecordRepositoryDeps): PushSettingsRepository {
  const { db } = deps;
  return {
    ...createRecordRepository<PushSettingsView, Partial<PushSettings>>(deps, pushSettingsStore, 'editPushSettings', PUSH_SETTINGS_ID),
    async store(answer) {
      await db.transaction('rw', db.cache, db.outbox, async () => {
        const known = await pushSettingsStore.read(db, PUSH_SETTINGS_ID);
        if (known && known.server.version > answer.version) return;
        await pushSettingsStore.write(db, answer, await db.outbox.where('entityId').equals(PUSH_SETTINGS_ID).sortBy('seq'));
      });
    },
  };
}
