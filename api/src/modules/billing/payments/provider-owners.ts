import { eq } from 'drizzle-orm';
import type { Tx } from '../../../store/sqlite/client';
import { tablesOf } from '../../../store/schema/index';

/*
 * Whose is a Paystack code. A subscription code is one user's for good: the renewing one on their row,
 * or one recorded in their subscription events (adopted, switched, replaced). A customer code counts
 * only while exactly one user holds it; billing never lets a second user take one (charges.ts).
 * Read in the transaction that acts on the answer.
 */

/** The one user a Paystack subscription code belongs to (now or before), or undefined. */
export async function ownerOfSubscriptionCode(tx: Tx, code: string): Promise<string | undefined> {
  const { subscriptionEvents, subscriptions } = tablesOf(tx);
  const current = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionCode, code));
  if (current.length > 0) return current.length === 1 ? current[0]!.userId : undefined;
  const past = new Set(
    (await tx.select({ userId: subscriptionEvents.userId }).from(subscriptionEvents).where(eq(subscriptionEvents.subject, code))).map(
      (row) => row.userId,
    ),
  );
  return past.size === 1 ? [...past][0] : undefined;
}

/** The one user holding a Paystack customer code, or undefined (nobody, or shared from before). */
export async function ownerOfCustomerCode(tx: Tx, customerCode: string): Promise<string | undefined> {
  const { subscriptions } = tablesOf(tx);
  const holders = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerCode, customerCode));
  return holders.length === 1 ? holders[0]!.userId : undefined;
}

/** Whether a user other than `userId` already holds this customer code. */
export async function customerCodeHeldByAnother(tx: Tx, customerCode: string, userId: string): Promise<boolean> {
  const { subscriptions } = tablesOf(tx);
  const holders = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerCode, customerCode));
  return holders.some((row) => row.userId !== userId);
}
