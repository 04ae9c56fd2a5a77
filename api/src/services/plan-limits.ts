import { planById, TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../db/client';
import type { SubscriptionRow, UserRow } from '../db/schema';
import type { Store } from '../db/store';
import { DAY_MS, dueTransition, effectivePlan, type SubscriptionState } from './subscription-state';
import { settledSubscription, settleSubscription } from './subscriptions';

/**
 * What the user's plan allows at `now`, read from their subscription (services/subscriptions.ts): a
 * new account's 7-day trial has the basic plan's limits; after it, without a payment, the free tier
 * (decisions.md); a paid, cancelled-but-running or grace period has its plan's limits. The same rule
 * answers `GET /users/{id}/plan-limits`, the sync pull and the agent caps. Inside the transaction
 * `tx` (a cap checked against it is read in the transaction that writes).
 */
export async function planLimitsFor(tx: Tx, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): Promise<PlanLimits> {
  return limitsOf(await settleSubscription(tx, user, now));
}

/**
 * `planLimitsFor` through the store: a read when the subscription is up to date, and a transaction
 * only when a deadline passed or the trial is still to be recorded.
 */
export async function readPlanLimits(store: Store, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): Promise<PlanLimits> {
  const settled = (await settledSubscription(store.db, user.id, now)) ?? (await store.tx((tx) => settleSubscription(tx, user, now)));
  return limitsOf(settled);
}

/**
 * The limits at `now` of a subscription row the caller has read (undefined: none yet, so the trial
 * from the account's creation), with the deadlines passed since applied in memory, nothing written
 * (pure). For code still inside a synchronous transaction, which cannot await `planLimitsFor`; the
 * deadlines are recorded by the next `planLimitsFor` or subscription read.
 */
export function projectedPlanLimits(row: SubscriptionRow | undefined, user: Pick<UserRow, 'createdAt'>, now: Date): PlanLimits {
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
  for (let due = dueTransition(state, now), guard = 0; due && guard < 8; due = dueTransition(state, now), guard++) state = { ...state, ...due.patch };
  return limitsOf(state);
}

function limitsOf(subscription: Pick<SubscriptionState, 'status' | 'plan' | 'trialEndsAt'>): PlanLimits {
  const plan = planById(effectivePlan(subscription));
  const trial = subscription.status === 'trialing';
  return {
    plan: plan.id,
    trial,
    trialEndsAt: trial ? subscription.trialEndsAt.toISOString() : null,
    agents: plan.limits.agents,
    proposalsPerDay: plan.limits.proposalsPerDay,
    maxUpworkProposals: plan.limits.maxUpworkProposals,
    maxFreelancerBids: plan.limits.maxFreelancerBids,
  };
}
