import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from './app-db';
import type { BidpilotDb } from './db';
import type { LetterDraft } from './letter-drafts-table';

/**
 * The letters being edited in the review, kept on this device (`letterDrafts`): written as the user
 * types, read when the review opens again, dropped once the edit is sent, saved or thrown away.
 */
export function createLetterDrafts(db: BidpilotDb = appDb()) {
  return {
    save: (draft: Omit<LetterDraft, 'savedAt'>, at: number = Date.now()) => db.letterDrafts.put({ ...draft, savedAt: at }),
    get: (id: string) => db.letterDrafts.get(id),
    drop: (id: string) => db.letterDrafts.delete(id),
  };
}

/** The kept edit of one proposal (null: none); undefined while loading. */
export function useLetterDraft(id: string | null | undefined, db: BidpilotDb = appDb()): LetterDraft | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.letterDrafts.get(id)) ?? null) : null), [db, id]);
}

/** The proposals with an edit kept on this device (for an "edited here" mark on their cards). */
export function useLetterDraftIds(db: BidpilotDb = appDb()): ReadonlySet<string> {
  return useLiveQuery(async () => new Set(await db.letterDrafts.toCollection().primaryKeys()), [db]) ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();
