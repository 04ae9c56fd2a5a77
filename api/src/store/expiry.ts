import { and, isNotNull, lt } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_DAYS } from '@shared/schemas/sync';
import { changedRows, type Store } from './store';
import { tablesOf } from './schema/index';
import { sweepRateHits } from './rate-hits';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface Swept {
  rateHits: number;
  oauthStates: number;
  idempotencyKeys: number;
  wakeups: number;
  billingClaims: number;
}

/**
 * Deletes the shared short-lived state nobody can use any more: rate-limit hits older than every
 * window, OAuth states a day past their expiry (used or not), and idempotency answers past their
 * retention, wake-ups an hour old (every listener has read them), and billing claims 30 days after
 * they were finished. The runner's schedule calls it (ROLE=runner or `npm start`), so it runs in
 * one place however many API processes there are.
 */
export function sweepExpired(store: Store, now: Date): Promise<Swept> {
  return store.tx(async (tx) => {
    const { billingClaims, idempotencyKeys, oauthStates, wakeups } = tablesOf(tx);
    return {
      rateHits: await sweepRateHits(tx, now),
      oauthStates: changedRows(await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now.getTime() - DAY)))),
      idempotencyKeys: changedRows(
        await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_DAYS * DAY))),
      ),
      wakeups: changedRows(await tx.delete(wakeups).where(lt(wakeups.createdAt, new Date(now.getTime() - HOUR)))),
      billingClaims: changedRows(
        await tx
          .delete(billingClaims)
          .where(and(isNotNull(billingClaims.doneAt), lt(billingClaims.doneAt, new Date(now.getTime() - 30 * DAY)))),
      ),
    };
  });
}
