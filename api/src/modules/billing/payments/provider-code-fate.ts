import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../store/sqlite/client';
import { first } from '../../../store/store';
import { tablesOf } from '../../../store/schema/index';

/**
 * Whether a provider subscription was replaced by a newer payment or disabled by Paystack (from the
 * recorded changes and webhooks): such a code never becomes the renewing one again.
 */
export async function providerCodeFate(tx: Tx, code: string): Promise<'replaced' | 'disabled' | null> {
  const { subscriptionEvents, webhookEvents } = tablesOf(tx);
  const replaced = await first(
    tx
      .select({ id: subscriptionEvents.id })
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subject, code), eq(subscriptionEvents.reason, 'provider_subscription_replaced'))),
  );
  if (replaced) return 'replaced';
  const disabled = await first(
    tx
      .select({ key: webhookEvents.key })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.subject, code), inArray(webhookEvents.event, ['subscription.disable', 'subscription.not_renew']))),
  );
  return disabled ? 'disabled' : null;
}
