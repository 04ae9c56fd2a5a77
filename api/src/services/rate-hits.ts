import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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
  private readonly recentQuery;
  private readonly insert;

  constructor(
    private readonly db: Db,
    private readonly scope: string,
  ) {
    // Prepared once: building and preparing the SQL each time cost three times the query itself.
    // A placeholder in a condition reaches SQLite as given (the column holds milliseconds); one in
    // the inserted values is mapped by the column (a Date).
    this.recentQuery = db
      .select({ at: rateHits.at })
      .from(rateHits)
      .where(and(eq(rateHits.key, sql.placeholder('key')), gt(rateHits.at, sql.placeholder('after'))))
      .orderBy(asc(rateHits.at))
      .prepare();
    this.insert = db
      .insert(rateHits)
      .values({ key: sql.placeholder('key'), at: sql.placeholder('at') })
      .prepare();
  }

  private key(key: string): string {
    return `${this.scope}\n${key}`;
  }

  /**
   * The times (ms, oldest first) of a key's hits after `afterMs`. `tx` is the transaction this runs
   * in (statements prepared on the database run on its one connection, so inside it).
   */
  recent(_tx: Tx, key: string, afterMs: number): number[] {
    return this.recentQuery.all({ key: this.key(key), after: afterMs }).map((row) => row.at.getTime());
  }

  add(_tx: Tx, keys: readonly string[], atMs: number): void {
    for (const key of keys) this.insert.run({ key: this.key(key), at: new Date(atMs) });
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
