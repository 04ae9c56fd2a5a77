import type Database from 'better-sqlite3';
import { and, asc, eq, gt, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import { skipLocked } from '../../store/postgres/skip-locked';
import { first, type Store } from '../../store/store';
import { tablesOf, type Tables } from '../../store/schema/index';
import { recordChange } from '../../store/change-log';

/**
 * Claims up to `limit` active agents that are due, for `leaseMs`: the claim is one UPDATE guarded by
 * the lease, in a transaction with the read of what is due (on SQLite, one UPDATE of the agents it
 * selects), so two processes never run the same agent, and an expired lease (a crash) is
 * reclaimed. On PostgreSQL the read locks the rows it takes and skips the ones another runner is
 * claiming (`FOR UPDATE SKIP LOCKED`), so runners claiming at once take different agents instead
 * of waiting for each other.
 *
 * A user's agents go to one runner at a time: an agent whose user has another agent leased by a
 * different runner (a lease not yet expired) waits for that runner's lanes, or for its next free
 * runner after that. Agents of one user count against the same caps and write the same rows, so
 * in two processes at once their SERIALIZABLE transactions collide and run again (a third of them
 * did with four runners); in one process they take turns (`inTurn`). A preference, not a lock: two
 * runners claiming at the same instant may still both take one user's agents, which the
 * transactions keep correct.
 */
export function claimDueAgents(store: Store, owner: string, now: Date, leaseMs: number, limit: number): Promise<string[]> {
  return store.tx(
    async (tx) => {
      const { agents } = tablesOf(tx);
      if (store.dialect === 'sqlite') {
        // One statement, prepared once per connection: every lane claims through it for every agent.
        const claim = preparedOnce(claimStatements, tx, prepareClaim);
        return (await claim.all({ owner, now: now.getTime(), leaseUntil: now.getTime() + leaseMs, limit })).map((row) => row.id);
      }
      const free = or(isNull(agents.leaseUntil), lt(agents.leaseUntil, now));
      const due = (
        await skipLocked(
          tx
            .select({ id: agents.id })
            .from(agents)
            .where(
              and(
                eq(agents.status, 'active'),
                or(isNull(agents.nextRunAt), lte(agents.nextRunAt, now)),
                free,
                notElsewhere(agents, owner, now),
              ),
            )
            .orderBy(asc(agents.nextRunAt))
            .limit(limit),
        )
      ).map((row) => row.id);
      if (due.length === 0) return [];
      const claimed = await tx
        .update(agents)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(and(inArray(agents.id, due), free))
        .returning({ id: agents.id });
      return claimed.map((row) => row.id);
    },
    { lockingClaim: true },
  );
}

/** No other runner holds a live lease on another agent of the same user. */
const notElsewhere = (agents: Tables['agents'], owner: string, now: Date) =>
  sql`not exists (select 1 from ${agents} as other where other.user_id = ${agents.userId} and other.lease_owner <> ${owner} and other.lease_until >= ${sql.param(now, agents.leaseUntil)})`;

/** SQLite's claim: the due agents read and leased in one UPDATE (its transaction holds the write lock). */
export const SQLITE_CLAIM = `UPDATE agents SET lease_owner = @owner, lease_until = @leaseUntil
  WHERE id IN (
    SELECT id FROM agents
    WHERE status = 'active' AND (next_run_at IS NULL OR next_run_at <= @now) AND (lease_until IS NULL OR lease_until < @now)
      AND NOT EXISTS (SELECT 1 FROM agents AS other WHERE other.user_id = agents.user_id AND other.lease_owner <> @owner AND other.lease_until >= @now)
    ORDER BY next_run_at LIMIT @limit
  )
  RETURNING id`;

const claimStatements = new WeakMap<object, ReturnType<typeof prepareClaim>>();
function prepareClaim(_db: Tx, connection: Database.Database) {
  return connection.prepare<{ owner: string; now: number; leaseUntil: number; limit: number }, { id: string }>(SQLITE_CLAIM);
}

/** Claims one agent now, whether due or not (Run now); false when another run holds it. */
export async function claimAgent(store: Store, id: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  const claimed = await store.tx((tx) => {
    const { agents } = tablesOf(tx);
    return first(
      tx
        .update(agents)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(and(eq(agents.id, id), or(isNull(agents.leaseUntil), lt(agents.leaseUntil, now))))
        .returning({ id: agents.id }),
    );
  });
  return Boolean(claimed);
}

/** Ends a run: frees the lease and sets when the agent is next due (the agent page shows it). */
export function releaseAgent(store: Store, id: string, owner: string, nextRunAt: Date, now: Date): Promise<void> {
  return store.tx(async (tx) => {
    const q = preparedOnce(releaseStatements, tx, prepareRelease);
    const previous = await q.previous.get({ id });
    const released = (await q.release.run({ id, owner, nextRunAt: nextRunAt.getTime() })).changes;
    if (released && previous && previous.nextRunAt?.getTime() !== nextRunAt.getTime())
      await recordChange(tx, previous.userId, 'agent', id, now);
  });
}

// Every skipped run (outside its hours, at its cap) ends here: prepared once per connection.
const releaseStatements = new WeakMap<object, ReturnType<typeof prepareRelease>>();
function prepareRelease(db: Tx, connection: Database.Database) {
  const { agents } = tablesOf(db);
  return {
    previous: db
      .select({ userId: agents.userId, nextRunAt: agents.nextRunAt })
      .from(agents)
      .where(eq(agents.id, sql.placeholder('id')))
      .prepare(),
    release: connection
      ? connection.prepare<{ id: string; owner: string; nextRunAt: number }>(
          `UPDATE agents SET lease_owner = NULL, lease_until = NULL, next_run_at = @nextRunAt WHERE id = @id AND lease_owner = @owner`,
        )
      : // PostgreSQL (preparedOnce builds this per call there): the same update, said in drizzle.
        {
          async run(p: { id: string; owner: string; nextRunAt: number }) {
            const released = await db
              .update(agents)
              .set({ leaseOwner: null, leaseUntil: null, nextRunAt: new Date(p.nextRunAt) })
              .where(and(eq(agents.id, p.id), eq(agents.leaseOwner, p.owner)))
              .returning({ id: agents.id });
            return { changes: released.length };
          },
        },
  };
}

/**
 * When the next active agent falls due after `now` (null when none is): the runner wakes then
 * within its minute, as agents are spread over it (spread.ts). One read of the due index.
 */
export async function nextDueAt(store: Store, now: Date): Promise<Date | null> {
  const { agents } = tablesOf(store.db);
  const row = await first(
    store.db
      .select({ at: min(agents.nextRunAt) })
      .from(agents)
      .where(and(eq(agents.status, 'active'), gt(agents.nextRunAt, now))),
  );
  const at: unknown = row?.at;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(typeof at === 'string' && /^\d+$/.test(at) ? Number(at) : (at as string | number));
}
