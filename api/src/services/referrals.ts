import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { maskEmail, REFERRAL_DISCOUNT_PERCENT, REFERRALS_FOR_DISCOUNT, type ReferralsResponse } from '@shared/schemas/billing';
import { TRIAL_DAYS } from '@shared/plans';
import type { Tx } from '../db/client';
import { payments, referralRewards, subscriptionEvents, subscriptions, users } from '../db/schema';
import { notFound } from '../errors';
import { effectivePlan } from './subscription-state';

/** The users who signed up with `userId`'s code and have paid at least once. */
function paidReferralIds(db: Tx, userId: string): Set<string> {
  const friends = db.select({ id: users.id }).from(users).where(eq(users.referredBy, userId)).all().map((u) => u.id);
  if (friends.length === 0) return new Set();
  return new Set(
    db
      .selectDistinct({ userId: payments.userId })
      .from(payments)
      .where(and(inArray(payments.userId, friends), eq(payments.status, 'success')))
      .all()
      .map((p) => p.userId),
  );
}

/**
 * Called in the transaction that records a user's successful payment: on their first, their
 * referrer's paid count grows, and at three the referrer earns the discount (once).
 */
export function onFirstPayment(tx: Tx, userId: string, now: Date): { referrerId: string; earned: boolean } | null {
  const user = tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)).get();
  if (!user?.referredBy) return null;
  const referrerId = user.referredBy;
  if (paidReferralIds(tx, referrerId).size < REFERRALS_FOR_DISCOUNT) return { referrerId, earned: false };
  const inserted = tx
    .insert(referralRewards)
    .values({ userId: referrerId, percent: REFERRAL_DISCOUNT_PERCENT, earnedAt: now })
    .onConflictDoNothing()
    .run();
  return { referrerId, earned: inserted.changes > 0 };
}

/** How long an unpaid discounted checkout holds the discount before it counts as abandoned. */
export const DISCOUNT_HOLD_MS = 60 * 60 * 1000;
/** The subscription change recorded when a renewal is moved to the one-cycle discounted plan (its subject is the new code). */
export const DISCOUNT_SCHEDULED = 'referral_discount_scheduled';
/** The subscription change recorded when the renewal goes back to the full-price plan. */
export const DISCOUNT_ENDED = 'referral_discount_ended';

export type DiscountHolder = { kind: 'checkout'; reference: string; createdAt: Date } | { kind: 'renewal'; code: string };

/**
 * What holds the user's earned, unspent discount (derived, so it releases itself):
 * - a discounted checkout still pending and younger than DISCOUNT_HOLD_MS (a failed or abandoned
 *   one no longer holds it);
 * - the renewing Paystack subscription moved to the discounted plan, while it is still the user's
 *   renewing one (active or in grace); cancelled, replaced or lapsed, it no longer holds it.
 */
export function discountHolder(db: Tx, userId: string, now: Date): DiscountHolder | null {
  const checkout = db
    .select({ reference: payments.reference, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'pending'),
        eq(payments.discount, true),
        eq(payments.kind, 'checkout'),
        gt(payments.createdAt, new Date(now.getTime() - DISCOUNT_HOLD_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .get();
  if (checkout) return { kind: 'checkout', ...checkout };
  const sub = db
    .select({ code: subscriptions.providerSubscriptionCode, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .get();
  if (!sub?.code || (sub.status !== 'active' && sub.status !== 'grace')) return null;
  const scheduled = db
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(and(eq(subscriptionEvents.userId, userId), eq(subscriptionEvents.reason, DISCOUNT_SCHEDULED), eq(subscriptionEvents.subject, sub.code)))
    .get();
  return scheduled ? { kind: 'renewal', code: sub.code } : null;
}

/** The earned discount not yet spent by a successful payment, in percent (0 when none). */
export function unspentDiscount(db: Tx, userId: string): number {
  const reward = db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.userId, userId), isNull(referralRewards.consumedReference)))
    .get();
  return reward?.percent ?? 0;
}

/**
 * The discount a new payment of the user may take, in percent: earned, unspent and not held by
 * another open checkout or a scheduled discounted renewal (0 otherwise). Read and act on it in the
 * same (synchronous) transaction so two checkouts cannot both take it.
 */
export function availableDiscount(db: Tx, userId: string, now: Date): number {
  const percent = unspentDiscount(db, userId);
  if (percent === 0) return 0;
  return discountHolder(db, userId, now) ? 0 : percent;
}

/** Spends the discount on a successful discounted payment; false when it was already spent. */
export function consumeDiscount(tx: Tx, userId: string, reference: string, now: Date): boolean {
  const result = tx
    .update(referralRewards)
    .set({ consumedReference: reference, consumedAt: now })
    .where(and(eq(referralRewards.userId, userId), isNull(referralRewards.consumedReference)))
    .run();
  return result.changes > 0;
}

/** `GET /api/user/referrals`: the code, every referred friend (masked) and the road to the discount. */
export function referralsOf(db: Tx, userId: string, now: Date): ReferralsResponse {
  const me = db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).get();
  if (!me) throw notFound('User not found');
  const friends = db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, status: subscriptions.status, plan: subscriptions.plan, trialEndsAt: subscriptions.trialEndsAt })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt))
    .all();
  const paid = paidReferralIds(db, userId);
  const referrals = friends.map((f) => {
    const inTrial = f.status ? f.status === 'trialing' && (f.trialEndsAt?.getTime() ?? 0) > now.getTime() : now.getTime() - f.createdAt.getTime() < TRIAL_DAYS * 86_400_000;
    return {
      id: f.id,
      email: maskEmail(f.email),
      createdAt: f.createdAt.toISOString(),
      plan: f.status && f.plan ? effectivePlan({ status: f.status, plan: f.plan }) : ('basic' as const),
      status: paid.has(f.id) ? ('paid' as const) : inTrial ? ('trial' as const) : ('pending' as const),
    };
  });
  const reward = db.select().from(referralRewards).where(eq(referralRewards.userId, userId)).get();
  return {
    referralCode: me.referralCode,
    referrals,
    paidCount: paid.size,
    pendingCount: referrals.length - paid.size,
    needed: reward ? 0 : Math.max(0, REFERRALS_FOR_DISCOUNT - paid.size),
    discountPercent: REFERRAL_DISCOUNT_PERCENT,
    discountAvailable: Boolean(reward && !reward.consumedReference),
    discountUsed: Boolean(reward?.consumedReference),
  };
}
