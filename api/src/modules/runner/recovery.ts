import { and, eq } from 'drizzle-orm';
import type { Store } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import type { Clock } from '../../kernel/clock';
import { recordChange } from '../../store/change-log';
import { CLAIM_CLEARED, jobItemClaims, queuedAt, writeJobItem } from '../proposals/job-item-writes';
import type { QuotaPort } from './ports';
import { isFlaggedReason } from '@shared/scoring';

export interface RecoveryDeps {
  store: Store;
  clock: Clock;
  quota: QuotaPort;
}

/**
 * Gives back what a crashed process left claimed, on start and on every tick:
 * - a job reserved but never written (its claim expired) is released: the item goes (its
 *   tombstone syncs), so the job is back in the pool, the daily cap counts it no more and the
 *   cover letter taken for it is refunded;
 * - a send whose claim expired is queued again now; its `attempts` is above 0, so the sender asks
 *   the marketplace whether the bid exists before it posts anything.
 * Each item in a transaction of its own, guarded by the expired claim it was found with, so a
 * claimant that completes meanwhile (or another process recovering it) wins and nothing is undone.
 */
export async function recoverExpiredClaims(deps: RecoveryDeps, limit = 200): Promise<{ released: number; requeued: number }> {
  const { jobItems } = tablesOf(deps.store.db);
  const { store, clock } = deps;
  const now = clock.now();
  const expired = await store.db.select().from(jobItems).where(jobItemClaims.lapsed(store.db, now)).limit(limit);
  const result = { released: 0, requeued: 0 };
  for (const item of expired) {
    await store.tx(async (tx) => {
      const { jobItems } = tablesOf(tx);
      const stale = and(eq(jobItems.id, item.id), eq(jobItems.stage, item.stage ?? 'writing'), jobItemClaims.lapsed(tx, now));
      if (item.stage === 'writing') {
        if ((await tx.delete(jobItems).where(stale).returning({ id: jobItems.id })).length === 0) return;
        await recordChange(tx, item.userId, 'jobItem', item.id, now, true);
        // A flagged job's letter, or a waiting one's, was never taken from the quota (held outside the cap).
        if (!isFlaggedReason(item.matchReason) && !item.waitingShare) await deps.quota.refund(tx, item.userId, item.createdAt);
        result.released++;
      } else if (item.stage === 'sending') {
        if (await writeJobItem(tx, item, { ...queuedAt(now), ...CLAIM_CLEARED }, now, { guard: stale })) result.requeued++;
      }
    });
  }
  return result;
}
