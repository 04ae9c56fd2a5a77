import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from './sqlite/client';
import { preparedOnce, timeParam } from './prepared';
import { changedRows, type Store } from './store';
import { tablesOf } from './schema/index';

/** The longest window any limit counts over; hits older than this are swept (store/expiry.ts). */
export const LONGEST_RATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The hits counted by rate limits and guess counters, kept in the database so every process
 * sharing it counts against the same limits. Keys are namespaced by `scope` (one per limiter),
 * so two limiters never read each other's hits. Callers decide and record inside one transaction
 * (`Store.tx` takes the write lock at once), so two processes cannot both pass a full limit.
 */
export class RateHits {
  constructor(
    private readonly store: Store,
    private readonly scope: string,
  ) {}

  private key(key: string): string {
    return `${this.scope}\n${key}`;
  }

  /** The times (ms, oldest first) of a key's hits after `afterMs`, read in the transaction `tx`. */
  async recent(tx: Tx, key: string, afterMs: number): Promise<number[]> {
    const rows = await preparedOnce(statements, tx, prepare).recent.all({ key: this.key(key), after: timeParam(tx, new Date(afterMs)) });
    return rows.map((row) => row.at.getTime());
  }

  async add(tx: Tx, keys: readonly string[], atMs: number): Promise<void> {
    const { insert } = preparedOnce(statements, tx, prepare);
    for (const key of keys) await insert.run({ key: this.key(key), at: new Date(atMs) });
  }

  async forget(tx: Tx, keys: readonly string[]): Promise<void> {
    const { rateHits } = tablesOf(tx);
    if (keys.length === 0) return;
    await tx.delete(rateHits).where(
      inArray(
        rateHits.key,
        keys.map((key) => this.key(key)),
      ),
    );
  }

  /** Runs `work` in one transaction of the store these hits live in. */
  atomically<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.store.tx(work);
  }
}

/**
 * Prepared once per connection: building and preparing the SQL each time cost three times the query
 * itself. A placeholder in a condition reaches SQLite as given (the column holds milliseconds); one
 * in the inserted values is mapped by the column (a Date).
 */
const statements = new WeakMap<object, ReturnType<typeof prepare>>();
function prepare(db: Tx) {
  const { rateHits } = tablesOf(db);
  return {
    recent: db
      .select({ at: rateHits.at })
      .from(rateHits)
      .where(and(eq(rateHits.key, sql.placeholder('key')), gt(rateHits.at, sql.placeholder('after'))))
      .orderBy(asc(rateHits.at))
      .prepare(),
    insert: db
      .insert(rateHits)
      .values({ key: sql.placeholder('key'), at: sql.placeholder('at') })
      .prepare(),
  };
}

/** Deletes hits older than every window; answers how many went. */
export async function sweepRateHits(tx: Tx, now: Date): Promise<number> {
  const { rateHits } = tablesOf(tx);
  return changedRows(await tx.delete(rateHits).where(lt(rateHits.at, new Date(now.getTime() - LONGEST_RATE_WINDOW_MS))));
}
