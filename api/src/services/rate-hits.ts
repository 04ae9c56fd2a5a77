import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rateHits } from '../db/schema';

/** The longest window any limit counts over; hits older than this are swept (services/expiry.ts). */
export const LONGEST_RATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The hits counted by rate limits and guess counters, kept in the database so every process
 * sharing it counts against the same limits. Keys are namespaced by `scope` (one per limiter),
 * so two limiters never read each other's hits. Callers decide and record inside one transaction
 * (`Db.transaction` takes the write lock at once), so two processes cannot both pass a full limit.
 */
export class RateHits {
  constructor(
    private readonly db: Db,
    private readonly scope: string,
  ) {}

  private key(key: string): string {
    return `${this.scope}\n${key}`;
  }

  /** The times (ms, oldest first) of a key's hits after `afterMs`. */
  recent(tx: Tx, key: string, afterMs: number): number[] {
    return tx
      .select({ at: rateHits.at })
      .from(rateHits)
      .where(and(eq(rateHits.key, this.key(key)), gt(rateHits.at, new Date(afterMs))))
      .orderBy(asc(rateHits.at))
      .all()
      .map((row) => row.at.getTime());
  }

  add(tx: Tx, keys: readonly string[], atMs: number): void {
    if (keys.length === 0) return;
    tx.insert(rateHits)
      .values(keys.map((key) => ({ key: this.key(key), at: new Date(atMs) })))
      .run();
  }

  forget(tx: Tx, keys: readonly string[]): void {
    if (keys.length === 0) return;
    tx.delete(rateHits)
      .where(inArray(rateHits.key, keys.map((key) => this.key(key))))
      .run();
  }

  /** Runs `work` in one transaction on the database these hits live in. */
  atomically<T>(work: (tx: Tx) => T): T {
    return this.db.transaction(work);
  }
}

/** Deletes hits older than every window; answers how many went. */
export function sweepRateHits(db: Db | Tx, now: Date): number {
  return db.delete(rateHits).where(lt(rateHits.at, new Date(now.getTime() - LONGEST_RATE_WINDOW_MS))).run().changes;
}
