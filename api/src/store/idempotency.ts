import { and, eq, lt } from 'drizzle-orm';
import { ErrorCode } from '@shared/errors';
import { IDEMPOTENCY_TTL_DAYS } from '@shared/schemas/sync';
import type { Clock } from '../kernel/clock';
import { first, type Store } from './store';
import { tablesOf } from './schema/index';
import { AppError } from '../kernel/errors';
import type { IdempotentWrites, Replayable, WriteResult } from '../kernel/http/idempotent';

export type { Replayable, WriteResult };

const KEY = /^[\w.:-]{8,200}$/;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Runs a write at most once per (user, Idempotency-Key): the write, and the answer stored for the
 * key, commit in one transaction, so a retry after a lost response, or after a crash, gets the first
 * answer back and changes nothing. Failed writes (4xx but 429) are stored too: a retry of a refused
 * write is refused alike. Without a key the write just runs, in a transaction of its own. The write
 * must not reach outside the database (it runs while the transaction holds the write lock).
 */
export class IdempotencyStore implements IdempotentWrites {
  private sweptAt = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async run<T>(
    scope: { userId: string; key: string | undefined; method: string; path: string },
    write: () => WriteResult<T> | Promise<WriteResult<T>>,
  ): Promise<Replayable<T>> {
    if (scope.key === undefined) return { ...(await this.store.tx(async () => write())), replayed: false };
    const key = scope.key;
    if (!KEY.test(key)) {
      throw new AppError(ErrorCode.validation, 'Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores');
    }
    await this.sweep();
    return this.store.tx(async (tx): Promise<Replayable<T>> => {
      const { idempotencyKeys } = tablesOf(tx);
      const stored = await first(
        tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, key)))
          .limit(1),
      );
      if (stored) {
        if (stored.method !== scope.method || stored.path !== scope.path) {
          throw new AppError(ErrorCode.idempotencyMismatch, 'This Idempotency-Key was already used for a different request');
        }
        return { status: stored.status, body: JSON.parse(stored.body) as T, replayed: true };
      }
      let result: Replayable<T>;
      try {
        // A savepoint: a write that throws leaves nothing behind, but its answer is still stored.
        result = { ...(await this.store.savepoint(async () => write())), replayed: false };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
        result = { status: error.status, body: error.toBody() as T, replayed: false, error };
      }
      await tx
        .insert(idempotencyKeys)
        .values({ ...scope, key, status: result.status, body: JSON.stringify(result.body), createdAt: this.clock.now() });
      return result;
    });
  }

  /** Forgets keys older than the retention (7 days), at most once an hour. */
  private async sweep() {
    const now = this.clock.now().getTime();
    if (now - this.sweptAt < 60 * 60 * 1000) return;
    this.sweptAt = now;
    await this.store.tx((tx) => {
      const { idempotencyKeys } = tablesOf(tx);
      return tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_DAYS * DAY)));
    });
  }
}
