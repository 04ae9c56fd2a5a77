import crypto from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { dialectOfDb, tablesOf, type Tables } from '../../store/schema/index';
import type { Tx } from '../../store/sqlite/client';
import { first } from '../../store/store';
import { USER_DATA, type TablePlan } from './user-data';

/** Payments whose money moved: kept (anonymised) for the operator's books. The rest (pending, failed, abandoned) go. */
const BOOKED = ['success', 'refunding', 'refunded', 'refund_failed'] as const;

/** A text (or JSON) column holding `needle` anywhere (rate-limit keys and alerts name the address or the id). */
function contains(tx: Tx, column: SQLiteColumn, needle: string) {
  return dialectOfDb(tx) === 'postgres' ? sql`strpos(${column}::text, ${needle}) > 0` : sql`instr(${column}, ${needle}) > 0`;
}

/**
 * Erases the user `userId` (address `email`) inside `tx`, table by table as `USER_DATA` says:
 * every row of theirs deleted; their booked payments copied first into `anonymised_payments`
 * without them; a referrer keeps the count (a departed referral, paid or not) but not who; users
 * they referred lose the link to them, nothing else; Paystack's handled notices lose their name;
 * rate-limit counters and mail naming the address go. Other users' data is not touched.
 */
export async function purgeUser(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
  const tables = tablesOf(tx);
  const { anonymisedPayments, departedReferrals, mailOutbox, operatorAlerts, payments, rateHits, users, webhookEvents } = tables;
  const user = await first(tx.select().from(users).where(eq(users.id, userId)));

  const booked = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, [...BOOKED])));
  for (const payment of booked) {
    await tx
      .insert(anonymisedPayments)
      .values({
        id: crypto.randomUUID(),
        reference: payment.reference,
        plan: payment.plan,
        currency: payment.currency,
        amount: payment.amount,
        discount: payment.discount,
        status: payment.status,
        kind: payment.kind,
        channel: payment.channel,
        paidAt: payment.paidAt,
        createdAt: payment.createdAt,
        anonymisedAt: now,
      })
      .onConflictDoNothing();
  }

  if (user?.referredBy) {
    const referrer = await first(tx.select({ id: users.id }).from(users).where(eq(users.id, user.referredBy)));
    if (referrer)
      await tx.insert(departedReferrals).values({
        id: crypto.randomUUID(),
        referrerId: referrer.id,
        // As the referrer's count reads it (billing/referrals.ts): a successful payment.
        paid: booked.some((payment) => payment.status === 'success'),
        departedAt: now,
      });
  }
  // The friends this user referred keep everything but the link to them (a server-only column: no sync).
  await tx.update(users).set({ referredBy: null }).where(eq(users.referredBy, userId));

  await tx.update(webhookEvents).set({ userId: null }).where(eq(webhookEvents.userId, userId));
  // Counters keyed by the address or the id, exactly (`signin:ada@…` is not `signin:xada@…`'s).
  const keyed = await tx
    .selectDistinct({ key: rateHits.key })
    .from(rateHits)
    .where(or(contains(tx, rateHits.key, email), contains(tx, rateHits.key, userId)));
  const exact = (key: string, part: string) => key.split(/[:\n]/).includes(part);
  const keys = keyed.map((row) => row.key).filter((key) => exact(key, email) || exact(key, userId));
  if (keys.length > 0) await tx.delete(rateHits).where(inArray(rateHits.key, keys));
  await tx.delete(mailOutbox).where(or(eq(mailOutbox.to, email), eq(mailOutbox.replyTo, email)));
  // An alert to the operator about this account (its details name the id or the address).
  await tx
    .delete(operatorAlerts)
    .where(
      or(contains(tx, operatorAlerts.details, userId), contains(tx, operatorAlerts.details, email), eq(operatorAlerts.subject, userId)),
    );

  for (const [name, plan] of Object.entries(USER_DATA) as Array<[keyof Tables, TablePlan]>) {
    if (plan.holds !== 'rows') continue;
    const table = tables[name] as unknown as SQLiteTable & Record<string, SQLiteColumn>;
    await tx.delete(table).where(eq(table[plan.owner]!, userId));
  }
  await tx.delete(users).where(eq(users.id, userId));
}

/** Whether Paystack work of the user is still under way (it is finished before the account goes). */
export async function billingWorkOpen(tx: Tx, userId: string): Promise<boolean> {
  const { billingClaims } = tablesOf(tx);
  const open = await first(
    tx
      .select({ id: billingClaims.id })
      .from(billingClaims)
      .where(and(eq(billingClaims.userId, userId), isNull(billingClaims.doneAt))),
  );
  return open !== undefined;
}
