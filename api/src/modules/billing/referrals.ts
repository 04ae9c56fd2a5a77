import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { maskEmail, REFERRAL_DISCOUNT_PERCENT, REFERRALS_FOR_DISCOUNT, type ReferralsResponse } from '@shared/schemas/billing';
import { TRIAL_DAYS } from '@shared/plans';
import type { Tx } from '../../store/sqlite/client';
import { first } from '../../store/store';
import { tablesOf } from '../../store/schema/index';
import { notFound } from '../../kernel/errors';
import { effectivePlan } from './subscription-state';

/** The users who signed up with `userId`'s code and have paid at least once. */
async function paidReferralIds(db: Tx, userId: string): Promise<Set<string>> {
  const { payments, users } = tablesOf(db);
  const friends = (await db.select({ id: users.id }).from(users).where(eq(users.referredBy, userId))).map((u) => u.id);
  if (friends.length === 0) return new Set();
  const paid = await db
    .selectDistinct({ userId: payments.userId })
    .from(payments)
    .where(and(inArray(payments.userId, friends), eq(payments.status, 'success')));
  return new Set(paid.map((p) => p.userId));
}

/** Friends of `userId` whose accounts were deleted after paying: they still count toward the discount. */
async function departedPaidCount(db: Tx, userId: string): Promise<number> {
  const { departedReferrals } = tablesOf(db);
  const rows = await db
    .select({ id: departedReferrals.id })
    .from(departedReferrals)
    .where(and(eq(departedReferrals.referrerId, userId), eq(departedReferrals.paid, true)));
  return rows.length;
}

/**
 * Called in the transaction that records a user's successful payment: on their first, their
 * referrer's paid count grows, and at three the referrer earns the discount (once). The count is
 * read in that transaction, after the payment is written, so two friends' first payments applied at
 * the same time still see each other.
 */
export async function onFirstPayment(tx: Tx, userId: string, now: Date): Promise<{ referrerId: string; earned: boolean } | null> {
  const { referralRewards, users } = tablesOf(tx);
  const user = await first(tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)));
  if (!user?.referredBy) return null;
  const referrerId = user.referredBy;
  const paidCount = (await paidReferralIds(tx, referrerId)).size + (await departedPaidCount(tx, referrerId));
  if (paidCount < REFERRALS_FOR_DISCOUNT) return { referrerId, earned: false };
  const inserted = await tx
    .insert(referralRewards)
    .values({ userId: referrerId, percent: REFERRAL_DISCOUNT_PERCENT, earnedAt: now })
    .onConflictDoNothing()
    .returning({ userId: referralRewards.userId });
  return { referrerId, earned: inserted.length > 0 };
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
export async function discountHolder(db: Tx, userId: string, now: Date): Promise<DiscountHolder | null> {
  const { payments, subscriptionEvents, subscriptions } = tablesOf(db);
  const checkout = await first(
    db
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
      .orderBy(desc(payments.createdAt)),
  );
  if (checkout) return { kind: 'checkout', ...checkout };
  const sub = await first(
    db
      .select({ code: subscriptions.providerSubscriptionCode, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
  );
  if (!sub?.code || (sub.status !== 'active' && sub.status !== 'grace')) return null;
  const scheduled = await first(
    db
      .select({ id: subscriptionEvents.id })
      .from(subscriptionEvents)
      .where(
        and(
          eq(subscriptionEvents.userId, userId),
          eq(subscriptionEvents.reason, DISCOUNT_SCHEDULED),
          eq(subscriptionEvents.subject, sub.code),
        ),
      ),
  );
  return scheduled ? { kind: 'renewal', code: sub.code } : null;
}

/** The earned discount not yet spent by a successful payment, in percent (0 when none). */
export async function unspentDiscount(db: Tx, userId: string): Promise<number> {
  const { referralRewards } = tablesOf(db);
  const reward = await first(
    db
      .select()
      .from(referralRewards)
      .where(and(eq(referralRewards.userId, userId), isNull(referralRewards.consumedReference))),
  );
  return reward?.percent ?? 0;
}

/**
 * The discount a new payment of the user may take, in percent: earned, unspent and not held by
 * another open checkout or a scheduled discounted renewal (0 otherwise). Read and act on it in the
 * same transaction so two checkouts cannot both take it.
 */
export async function availableDiscount(db: Tx, userId: string, now: Date): Promise<number> {
  const percent = await unspentDiscount(db, userId);
  if (percent === 0) return 0;
  return (await discountHolder(db, userId, now)) ? 0 : percent;
}

/** Spends the discount on a successful discounted payment; false when it was already spent. */
export async function consumeDiscount(tx: Tx, userId: string, reference: string, now: Date): Promise<boolean> {
  const { referralRewards } = tablesOf(tx);
  const spent = await tx
    .update(referralRewards)
    .set({ consumedReference: reference, consumedAt: now })
    .where(and(eq(referralRewards.userId, userId), isNull(referralRewards.consumedReference)))
    .returning({ userId: referralRewards.userId });
  return spent.length > 0;
}

/** `GET /api/user/referrals`: the code, every referred friend (masked) and the road to the discount. */
export async function referralsOf(db: Tx, userId: string, now: Date): Promise<ReferralsResponse> {
  const { referralRewards, subscriptions, users } = tablesOf(db);
  const me = await first(db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId)));
  if (!me) throw notFound('User not found');
  const friends = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      status: subscriptions.status,
      plan: subscriptions.plan,
      trialEndsAt: subscriptions.trialEndsAt,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.referredBy, userId))
    .orderBy(desc(users.createdAt));
  const paid = await paidReferralIds(db, userId);
  const referrals = friends.map((f) => {
    const inTrial = f.status
      ? f.status === 'trialing' && (f.trialEndsAt?.getTime() ?? 0) > now.getTime()
      : now.getTime() - f.createdAt.getTime() < TRIAL_DAYS * 86_400_000;
    return {
      id: f.id,
      email: maskEmail(f.email),
      createdAt: f.createdAt.toISOString(),
      plan: f.status && f.plan ? effectivePlan({ status: f.status, plan: f.plan }) : ('basic' as const),
      status: paid.has(f.id) ? ('paid' as const) : inTrial ? ('trial' as const) : ('pending' as const),
    };
  });
  const reward = await first(db.select().from(referralRewards).where(eq(referralRewards.userId, userId)));
  // A friend who paid and later deleted their account still counts; who it was is not kept.
  const paidCount = paid.size + (await departedPaidCount(db, userId));
  return {
    referralCode: me.referralCode,
    referrals,
    paidCount,
    pendingCount: referrals.length - paid.size,
    needed: reward ? 0 : Math.max(0, REFERRALS_FOR_DISCOUNT - paidCount),
    discountPercent: REFERRAL_DISCOUNT_PERCENT,
    discountAvailable: Boolean(reward && !reward.consumedReference),
    discountUsed: Boolean(reward?.consumedReference),
  };
}
