import type { BidpilotDb } from './db';

/** Forgets everything of the signed-in user except the session mirror (which the auth store owns). */
export async function clearUserData(db: BidpilotDb): Promise<void> {
  const tables = [db.profile, db.planLimits, db.agents, db.jobItems, db.outbox, db.syncState, db.notices];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}
