import { and, eq, inArray } from 'drizzle-orm';
import type { Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';

export interface Released {
  agents: number;
  /** Reservations whose letter was still being written: recovered at once by any runner. */
  writing: number;
  outcomeChecks: number;
}

/**
 * What a process shutting down gives back, so another takes it at once instead of after the lease:
 * - the agents it holds (their next run time is kept: a due agent is due for the next runner);
 * - the reservations of those agents still in `writing` (no outside effect yet): their claim is
 *   made to have just expired, so recovery (modules/runner/recovery.ts) releases them on the next tick of
 *   any process, refunding the cap and the letter;
 * - the outcome checks it holds.
 * A claim in `sending` is never given back: its POST may have reached the marketplace, so it runs
 * out as after a crash and the next sender looks before posting. Run with nothing of this process's
 * left to await (server.ts closes the store right after).
 */
export function releaseHeld(store: Store, owner: string, now: Date): Promise<Released> {
  return store.tx(async (tx) => {
    const { agents, jobItems } = tablesOf(tx);
    const held = (await tx.select({ id: agents.id }).from(agents).where(eq(agents.leaseOwner, owner))).map((row) => row.id);
    const expired = new Date(now.getTime() - 1);
    const writing = held.length
      ? (
          await tx
            .update(jobItems)
            .set({ claimUntil: expired })
            .where(and(inArray(jobItems.agentId, held), eq(jobItems.status, 'processing'), eq(jobItems.stage, 'writing')))
            .returning({ id: jobItems.id })
        ).length
      : 0;
    const releasedAgents = (
      await tx.update(agents).set({ leaseOwner: null, leaseUntil: null }).where(eq(agents.leaseOwner, owner)).returning({ id: agents.id })
    ).length;
    const outcomeChecks = (
      await tx
        .update(jobItems)
        .set({ outcomeLeaseOwner: null, outcomeLeaseUntil: null })
        .where(eq(jobItems.outcomeLeaseOwner, owner))
        .returning({ id: jobItems.id })
    ).length;
    return { agents: releasedAgents, writing, outcomeChecks };
  });
}
