import { and, eq, gt, lt } from 'drizzle-orm';
import { Claims } from '../../../store/claims';
import type { BillingDeps } from './deps';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** A checkout is looked at by the sweep once it is this old: its webhook should have come by then. */
export const PENDING_CHECK_AFTER_MS = 5 * MINUTE;
/** Checkouts older than this are no longer looked at (Paystack's checkout page is long gone). */
const PENDING_CHECK_UNTIL_MS = 7 * DAY;
/** Between two looks at a checkout still unpaid: 10 minutes, doubling, at most 6 hours. */
const nextLookMs = (looks: number) => Math.min(10 * MINUTE * 2 ** Math.max(0, looks - 1), 6 * 60 * MINUTE);

/**
 * The sweep's looks at pending payments, on the payments' claim columns (store/claims.ts): one
 * process looks at a checkout at a time, and the claim's expiry, once let go, is when the next look
 * is due. Only `pending` rows are open to it: a refund's claim (a `refunding` payment) is never touched.
 */
const pendingChecks = new Claims('payments', { leaseMs: 5 * MINUTE, open: (payments) => eq(payments.status, 'pending') });

/**
 * Verifies the checkouts still pending a few minutes after they started, whoever started them: a
 * charge whose webhook died with a process (or never came) and whose payer did not come back to the
 * verification page is applied all the same, a failed one is marked, as when the payer returns
 * (`verify`). Run as a chore of the runner's tick. Answers how many were looked at.
 */
export async function verifyPendingPayments(
  deps: Pick<BillingDeps, 'store' | 'clock' | 'log'>,
  verify: (userId: string, reference: string) => Promise<unknown>,
  limit = 20,
): Promise<number> {
  const { store, clock, log } = deps;
  const now = clock.now();
  const due = await pendingChecks.claimEach(
    store,
    now,
    limit,
    (payments) =>
      and(
        lt(payments.createdAt, new Date(now.getTime() - PENDING_CHECK_AFTER_MS)),
        gt(payments.createdAt, new Date(now.getTime() - PENDING_CHECK_UNTIL_MS)),
      )!,
    (payments) => payments.createdAt,
  );
  for (const { token, row } of due) {
    try {
      await verify(row.userId, row.reference);
    } catch (error) {
      log.warn('paystack: could not verify a pending payment; looking again later', { error, reference: row.reference });
    }
    // Still pending (unpaid, or Paystack unreachable): the next look is due later. Paid or failed, the
    // claim is no longer open and this changes nothing.
    await store.tx((tx) => pendingChecks.release(tx, token, { claimUntil: new Date(clock.now().getTime() + nextLookMs(row.attempts)) }));
  }
  return due.length;
}
