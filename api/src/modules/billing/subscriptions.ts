import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { planById, priceMinor, TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import type { Subscription } from '@shared/schemas/billing';
import type { Tx } from '../../store/sqlite/client';
import { preparedOnce } from '../../store/prepared';
import { first, type Store } from '../../store/store';
import { tablesOf, type SubscriptionRow } from '../../store/schema/index';
import { notFound } from '../../kernel/errors';
import { updateSynced } from '../../store/synced-writes';
import {
  DAY_MS,
  dueTransition,
  effectivePlan,
  isRenewalSchedule,
  remaining,
  RENEWAL_WAIT_MS,
  runningPeriod,
  type SubscriptionState,
} from './subscription-state';

export interface ChangeCause {
  /** When the change took effect. */
  at: Date;
  reason: string;
  /** The payment reference or provider code behind it. */
  subject?: string | null;
}

/**
 * Applies a change to a user's subscription: bumps its version, records the change (time, reason,
 * from and to), and pauses agents beyond a lower plan's count. Call it inside the write's transaction
 * (`Store.tx`), with the row read in that same transaction.
 */
export async function changeSubscription(
  tx: Tx,
  row: SubscriptionRow,
  patch: Partial<SubscriptionRow>,
  cause: ChangeCause,
  now: Date,
): Promise<SubscriptionRow> {
  const { subscriptionEvents, subscriptions } = tablesOf(tx);
  const updated = await first(
    tx
      .update(subscriptions)
      .set({ ...patch, updatedAt: now, version: sql`${subscriptions.version} + 1` })
      .where(eq(subscriptions.userId, row.userId))
      .returning(),
  );
  if (!updated) throw notFound('Subscription not found');
  const stateChanged = updated.status !== row.status || updated.plan !== row.plan;
  if (stateChanged || cause.reason !== 'update') {
    await tx.insert(subscriptionEvents).values({
      userId: row.userId,
      at: cause.at,
      recordedAt: now,
      fromStatus: row.status,
      toStatus: updated.status,
      fromPlan: row.plan,
      toPlan: updated.plan,
      reason: cause.reason,
      subject: cause.subject ?? null,
    });
  }
  const before = planById(effectivePlan(row)).limits.agents;
  const after = planById(effectivePlan(updated)).limits.agents;
  if (after < before) await pauseAgentsBeyond(tx, row.userId, after, now);
  return updated;
}

/**
 * Pauses the user's active agents beyond `cap`, never deleting one. The oldest keep running (they
 * have the longest history and settings the user relied on longest); the newest are paused first.
 * Each paused agent syncs to the user's devices like any other change. Inside the write's transaction.
 */
export async function pauseAgentsBeyond(tx: Tx, userId: string, cap: number, now: Date): Promise<string[]> {
  const { agents } = tablesOf(tx);
  const active = await tx
    .select({ id: agents.id, version: agents.version, fieldVersions: agents.fieldVersions })
    .from(agents)
    .where(and(eq(agents.userId, userId), eq(agents.status, 'active')))
    .orderBy(asc(agents.createdAt), asc(agents.id));
  const paused: string[] = [];
  for (const agent of active.slice(Math.max(0, cap))) {
    const version = agent.version + 1;
    await updateSynced(
      tx,
      'agents',
      { status: 'paused', version, fieldVersions: { ...agent.fieldVersions, status: version } },
      (agents) => eq(agents.id, agent.id),
      now,
    );
    paused.push(agent.id);
  }
  return paused;
}

/** The user's subscription row as stored (undefined before anything recorded their trial). */
export async function subscriptionRow(db: Tx, userId: string): Promise<SubscriptionRow | undefined> {
  return await preparedOnce(readStatements, db, prepareRead).get({ userId });
}

/** The user's subscription when nothing is due on it at `now` (a read only); undefined otherwise. */
export async function settledSubscription(db: Tx, userId: string, now: Date): Promise<SubscriptionRow | undefined> {
  const row = await subscriptionRow(db, userId);
  return row && !dueTransition(row, now) ? row : undefined;
}

/**
 * The subscription as it stands at `now`, without writing: the stored row (or, before one exists,
 * the trial every account starts with) with every deadline that passed applied in memory, as
 * `settleSubscription` will record them.
 */
export function projectedSubscription(row: SubscriptionRow | undefined, user: { createdAt: Date }, now: Date): SubscriptionState {
  let state: SubscriptionState = row ?? {
    plan: TRIAL_PLAN,
    status: 'trialing',
    trialEndsAt: new Date(user.createdAt.getTime() + TRIAL_DAYS * DAY_MS),
    currentPeriodStart: null,
    currentPeriodEnd: null,
    graceEndsAt: null,
    cancelAtPeriodEnd: false,
    providerSubscriptionCode: null,
    scheduledPlan: null,
    scheduledAt: null,
    currency: null,
    amount: null,
  };
  for (let due = dueTransition(state, now), guard = 0; due && guard < 8; due = dueTransition(state, now), guard++)
    state = { ...state, ...due.patch };
  return state;
}

/**
 * The user's subscription brought up to `now`, inside the transaction `tx`: created with the 7-day
 * trial when missing (from the account's creation), then every deadline that passed applied in
 * order, each recorded with the time it took effect. Writes only when something is due; a check that
 * guards a write reads the row this answers, in the same transaction.
 */
export async function settleSubscription(tx: Tx, user: { id: string; createdAt: Date }, now: Date): Promise<SubscriptionRow> {
  const { subscriptionEvents, subscriptions } = tablesOf(tx);
  let row = await subscriptionRow(tx, user.id);
  if (row && !dueTransition(row, now)) return row;
  if (!row) {
    const trialEndsAt = new Date(user.createdAt.getTime() + TRIAL_DAYS * DAY_MS);
    const created = await first(
      tx
        .insert(subscriptions)
        .values({
          userId: user.id,
          plan: TRIAL_PLAN,
          status: 'trialing',
          trialStartedAt: user.createdAt,
          trialEndsAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    if (!created) throw new Error('subscription row not created');
    row = created;
    await tx.insert(subscriptionEvents).values({
      userId: user.id,
      at: user.createdAt,
      recordedAt: now,
      fromStatus: null,
      toStatus: 'trialing',
      fromPlan: null,
      toPlan: TRIAL_PLAN,
      reason: 'trial_started',
    });
  }
  for (let due = dueTransition(row, now), guard = 0; due && guard < 8; due = dueTransition(row, now), guard++) {
    row = await changeSubscription(tx, row, due.patch, { at: due.at, reason: due.reason }, now);
  }
  return row;
}

// Every plan check reads it (each request's limits, each user's first run in a tick): prepared once per connection.
const readStatements = new WeakMap<object, ReturnType<typeof prepareRead>>();
const prepareRead = (db: Tx) => {
  const { subscriptions } = tablesOf(db);
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .prepare();
};

async function userOf(db: Tx, userId: string): Promise<{ id: string; createdAt: Date }> {
  const { users } = tablesOf(db);
  const user = await first(db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)));
  if (!user) throw notFound('User not found');
  return user;
}

/** As `settleSubscription`, by user id, inside the transaction `tx`. */
export async function settleForUser(tx: Tx, userId: string, now: Date): Promise<SubscriptionRow> {
  return settleSubscription(tx, await userOf(tx, userId), now);
}

/**
 * The user's subscription at `now` through the store: a read when nothing is due on it (inside a
 * transaction, that transaction's view), otherwise settled in a transaction. For answers only: a
 * write guarded by the subscription reads it with `settleForUser` in the write's own transaction.
 */
export async function readSubscription(store: Store, userId: string, now: Date): Promise<SubscriptionRow> {
  return (await settledSubscription(store.db, userId, now)) ?? (await store.tx((tx) => settleForUser(tx, userId, now)));
}

/**
 * Records every deadline that passed (the settling chore, on each runner tick): trials, periods and
 * grace periods that ended and scheduled plans that began, each user in a transaction of its own,
 * pausing agents beyond a lower plan's count. Reads never settle (plan-limits.ts projects instead);
 * billing's own writes settle first in their transaction.
 */
export async function settleDueSubscriptions(store: Store, now: Date, limit = 200): Promise<number> {
  const { subscriptions, users } = tablesOf(store.db);
  const trialEndedWithoutRow = new Date(now.getTime() - TRIAL_DAYS * DAY_MS);
  const lateRenewal = new Date(now.getTime() - RENEWAL_WAIT_MS);
  const s = subscriptions;
  const due = or(
    and(isNull(s.userId), lte(users.createdAt, trialEndedWithoutRow)),
    and(eq(s.status, 'trialing'), lte(s.trialEndsAt, now)),
    and(inArray(s.status, ['active', 'non_renewing']), lte(s.scheduledAt, now)),
    and(eq(s.status, 'active'), isNull(s.providerSubscriptionCode), lte(s.currentPeriodEnd, now)),
    and(eq(s.status, 'active'), lte(s.currentPeriodEnd, lateRenewal)),
    and(eq(s.status, 'non_renewing'), lte(s.currentPeriodEnd, now)),
    and(eq(s.status, 'grace'), lte(s.graceEndsAt, now)),
  );
  const candidates = await store.db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .leftJoin(s, eq(s.userId, users.id))
    .where(due)
    .limit(limit);
  let changed = 0;
  for (const user of candidates) {
    const moved = await store.tx(async (tx) => {
      const before = await first(tx.select({ version: s.version }).from(s).where(eq(s.userId, user.id)));
      const after = await settleSubscription(tx, user, now);
      return !before || before.version !== after.version;
    });
    if (moved) changed++;
  }
  return changed;
}

const discountedAmount = (full: number, percent: number) => (percent > 0 ? Math.round((full * (100 - percent)) / 100) : full);

export async function subscriptionEventsOf(db: Tx, userId: string) {
  const { subscriptionEvents } = tablesOf(db);
  return await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).orderBy(asc(subscriptionEvents.id));
}

/**
 * The subscription as the API answers it. `renewalDiscount`: the referral discount, in percent, the
 * next renewal takes (the next charge shows it off).
 */
export function toSubscriptionDto(row: SubscriptionRow, now: Date, renewalDiscount = 0): Subscription {
  const left = remaining(row, now);
  const running = runningPeriod(row, now);
  const plan = effectivePlan(row);
  const autoRenew = row.status === 'active' && row.providerSubscriptionCode !== null;
  // Cancelled, a downgrade for the renewal waits unseen: the plan simply ends (Resume brings it back).
  const scheduled = row.status === 'non_renewing' && isRenewalSchedule(row) ? null : row.scheduledPlan;
  const renewalPlan =
    row.scheduledPlan && row.scheduledAt && row.currentPeriodEnd && row.scheduledAt.getTime() <= row.currentPeriodEnd.getTime()
      ? row.scheduledPlan
      : row.plan;
  const nextCharge =
    autoRenew && row.currency && row.currentPeriodEnd && renewalPlan !== 'free'
      ? {
          plan: renewalPlan,
          amount: discountedAmount(priceMinor(renewalPlan, row.currency), renewalDiscount),
          currency: row.currency,
          at: row.currentPeriodEnd.toISOString(),
        }
      : null;
  return {
    plan,
    status: row.status,
    trial: row.status === 'trialing',
    trialEndsAt: row.trialEndsAt.toISOString(),
    currentPeriodStart: running.start?.toISOString() ?? null,
    paidAheadFrom: running.paidAheadFrom?.toISOString() ?? null,
    currentPeriodEnds: row.currentPeriodEnd?.toISOString() ?? null,
    graceEndsAt: row.status === 'grace' ? (row.graceEndsAt?.toISOString() ?? null) : null,
    daysRemaining: left.daysRemaining,
    periodDays: left.periodDays,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    autoRenew,
    currency: row.currency ?? null,
    amount: row.amount ?? null,
    providerSubscriptionCode: row.providerSubscriptionCode,
    canCancel: row.status === 'active' || row.status === 'grace',
    canResume: row.status === 'non_renewing' && row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() > now.getTime(),
    scheduledPlan: scheduled ?? null,
    scheduledAt: scheduled ? (row.scheduledAt?.toISOString() ?? null) : null,
    paymentMethod: row.cardLast4 || row.cardBrand ? { channel: 'card', brand: row.cardBrand, last4: row.cardLast4 } : null,
    nextCharge,
  };
}
