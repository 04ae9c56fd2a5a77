import type { BidpilotDb } from './db';
import type { OutboxEntry } from './outbox-table';
import type { KeptDraft } from './kept-drafts-table';

/** What this device holds that the server does not: changes not yet sent, and agents it refused (kept drafts). */
export interface Unsynced {
  changes: OutboxEntry[];
  keptDrafts: KeptDraft[];
}

export async function unsyncedOf(db: BidpilotDb): Promise<Unsynced> {
  return db.transaction('r', [db.outbox, db.keptDrafts], async () => ({
    changes: await db.outbox.orderBy('seq').toArray(),
    keptDrafts: await db.keptDrafts.toArray(),
  }));
}

/** How many things the sign-out would remove from this device. */
export const unsyncedCount = (unsynced: Unsynced) => unsynced.changes.length + unsynced.keptDrafts.length;

/**
 * The file a user keeps before signing out: every change not yet on the server (what it was, on
 * what, with which values, made when) and every kept draft's values, as JSON.
 */
export function unsyncedFile(unsynced: Unsynced, now: Date = new Date()): { name: string; text: string } {
  const body = {
    exportedAt: now.toISOString(),
    changes: unsynced.changes.map((change) => ({
      op: change.op,
      entity: change.entity,
      entityId: change.entityId,
      payload: change.payload,
      createdAt: new Date(change.createdAt).toISOString(),
    })),
    keptDrafts: unsynced.keptDrafts.map((draft) => ({
      name: draft.name,
      fields: draft.fields,
      keptAt: new Date(draft.keptAt).toISOString(),
    })),
  };
  return { name: `bidpilot-unsent-changes-${now.toISOString().slice(0, 10)}.json`, text: `${JSON.stringify(body, null, 2)}\n` };
}
