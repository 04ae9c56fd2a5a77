import type Database from 'better-sqlite3';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { agents } from '../db/schema';
import { recordChangeInSyncTx } from '../services/change-log';

/**
 * Claims up to `limit` active agents that are due, for `leaseMs`: the claim is one UPDATE guarded by
 * the lease, so two processes never run the same agent, and an expired lease (a crash) is reclaimed.
 */
export function claimDueAgents(db: Db, owner: string, now: Date, leaseMs: number, limit: number): string[] {
  const free = or(isNull(agents.leaseUntil), lt(agents.leaseUntil, now));
  return db.transaction((tx) => {
    const due = tx
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.status, 'active'), or(isNull(agents.nextRunAt), lte(agents.nextRunAt, now)), free))
      .orderBy(asc(agents.nextRunAt))
      .limit(limit)
      .all()
      .map((row) => row.id);
    if (due.length === 0) return [];
    return tx
      .update(agents)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(and(inArray(agents.id, due), free))
      .returning({ id: agents.id })
      .all()
      .map((row) => row.id);
  });
}

/** Claims one agent now, whether due or not (Run now); false when another run holds it. */
export function claimAgent(db: Db, id: string, owner: string, now: Date, leaseMs: number): boolean {
  const claimed = db
    .update(agents)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(agents.id, id), or(isNull(agents.leaseUntil), lt(agents.leaseUntil, now))))
    .returning({ id: agents.id })
    .get();
  return Boolean(claimed);
}

/** Ends a run: frees the lease and sets when the agent is next due (the agent page shows it). */
export function releaseAgent(db: Db, id: string, owner: string, nextRunAt: Date, now: Date): void {
  const q = preparedOnce(releaseStatements, db, prepareRelease);
  db.transaction((tx) => {
    const previous = q.previous.get({ id });
    const released = q.release.run({ id, owner, nextRunAt: nextRunAt.getTime() }).changes;
    if (released && previous && previous.nextRunAt?.getTime() !== nextRunAt.getTime()) recordChangeInSyncTx(tx, previous.userId, 'agent', id, now);
  });
}

// Every skipped run (outside its hours, at its cap) ends here: prepared once per database.
const releaseStatements = new WeakMap<object, ReturnType<typeof prepareRelease>>();
function prepareRelease(db: Tx, connection: Database.Database) {
  return {
    previous: db
      .select({ userId: agents.userId, nextRunAt: agents.nextRunAt })
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare(),
    release: connection.prepare<{ id: string; owner: string; nextRunAt: number }>(
      `UPDATE agents SET lease_owner = NULL, lease_until = NULL, next_run_at = @nextRunAt WHERE id = @id AND lease_owner = @owner`,
    ),
  };
}
