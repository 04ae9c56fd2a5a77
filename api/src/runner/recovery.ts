import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobItems } from '../db/schema';
import type { Clock } from '../clock';
import { recordChangeInSyncTx } from '../services/change-log';
import { CLAIM_CLEARED, queuedAt, writeJobItem } from '../services/job-item-writes';
import type { QuotaPort } from './ports';

export interface RecoveryDeps {
  db: Db;
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
 */
export function recoverExpiredClaims(deps: RecoveryDeps, limit = 200): { released: number; requeued: number } {
  const { db, clock } = deps;
  const now = clock.now();
  const expired = db
    .select()
    .from(jobItems)
    .where(and(eq(jobItems.status, 'processing'), lt(jobItems.claimUntil, now)))
    .limit(limit)
    .all();
  const result = { released: 0, requeued: 0 };
  for (const item of expired) {
    db.transaction((tx) => {
      const stale = and(eq(jobItems.id, item.id), eq(jobItems.stage, item.stage ?? 'writing'), lt(jobItems.claimUntil, now));
      if (item.stage === 'writing') {
        if (tx.delete(jobItems).where(stale).run().changes === 0) return;
        recordChangeInSyncTx(tx, item.userId, 'jobItem', item.id, now, true);
        deps.quota.refund(tx, item.userId, item.createdAt);
        result.released++;
      } else if (item.stage === 'sending') {
        if (writeJobItem(tx, item, { ...queuedAt(now), ...CLAIM_CLEARED }, now, { guard: stale })) result.requeued++;
      }
    });
  }
  return result;
}
