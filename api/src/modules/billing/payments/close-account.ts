import { and, eq, like } from 'drizzle-orm';
import { tablesOf } from '../../../store/schema/index';
import { isAlreadyOff, PaystackError } from '../paystack/errors';
import type { PaystackSubscription } from '../paystack/client';
import { readSubscription } from '../subscriptions';
import { cancelSubscription } from './cancel';
import type { BillingDeps } from './deps';

/** Paystack statuses of a subscription that will still charge. */
const RENEWING = new Set(['active', 'attention']);

/**
 * Before an account is deleted: nothing at Paystack may charge its owner again. The plan is
 * cancelled through the usual path (recorded, then Paystack told, under its claim) when it still
 * renews; then Paystack itself is asked for every subscription the account ever had (its current
 * one, those its history names, and the customer's list) and any still renewing is disabled. Safe to
 * run again after a crash: it looks at Paystack each time, and disabling what is off is done.
 * Throws when Paystack cannot be reached (the caller tries again later).
 */
export async function closeAtProviderForDeletion(deps: BillingDeps, userId: string): Promise<{ disabled: string[] }> {
  const { store, clock, paystack } = deps;
  const sub = await readSubscription(store, userId, clock.now());
  if ((sub.status === 'active' || sub.status === 'grace') && sub.providerSubscriptionCode) await cancelSubscription(deps, userId);

  const { subscriptionEvents } = tablesOf(store.db);
  const history = await store.db
    .select({ subject: subscriptionEvents.subject })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), like(subscriptionEvents.subject, 'SUB_%')));
  const codes = new Set(
    [sub.providerSubscriptionCode, ...history.map((row) => row.subject)].filter((code): code is string => Boolean(code)),
  );
  const found = new Map<string, PaystackSubscription>();
  let customer: string | null = sub.providerCustomerCode;
  for (const code of codes) {
    try {
      const fetched = await paystack.fetchSubscription(code);
      found.set(fetched.subscriptionCode, fetched);
      customer = fetched.customerId ?? customer;
    } catch (error) {
      // A code Paystack no longer knows charges nothing.
      if (!(error instanceof PaystackError && error.kind === 'not_found')) throw error;
    }
  }
  if (customer) for (const listed of await paystack.listSubscriptions({ customer })) found.set(listed.subscriptionCode, listed);

  const disabled: string[] = [];
  for (const listed of found.values()) {
    if (!RENEWING.has(listed.status)) continue;
    const full = listed.emailToken ? listed : await paystack.fetchSubscription(listed.subscriptionCode);
    if (!full.emailToken || !RENEWING.has(full.status)) continue;
    try {
      await paystack.disableSubscription({ code: full.subscriptionCode, token: full.emailToken });
      disabled.push(full.subscriptionCode);
    } catch (error) {
      if (!isAlreadyOff(error)) throw error;
    }
  }
  return { disabled };
}
