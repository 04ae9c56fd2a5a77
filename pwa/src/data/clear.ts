import type { BidpilotDb } from './db';

/** Every table of the signed-in user's data (all but the session mirror, which the auth store owns). */
export const userTables = (db: BidpilotDb) => [
  db.profile,
  db.planLimits,
  db.agents,
  db.jobItems,
  db.outbox,
  db.syncState,
  db.notices,
  db.keptDrafts,
  db.cache,
  db.letterDrafts,
];

/** Forgets everything of the signed-in user except the session mirror. */
export async function clearUserData(db: BidpilotDb): Promise<void> {
  const tables = userTables(db);
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}
