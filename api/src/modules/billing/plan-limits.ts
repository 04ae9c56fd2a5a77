import { planById } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../../store/sqlite/client';
import type { UserRow } from '../../store/schema/index';
import type { Store } from '../../store/store';
import { effectivePlan, type SubscriptionState } from './subscription-state';
import { settledSubscription, settleSubscription } from './subscriptions';

/**
 * What the user's plan allows at `now`, read from their subscription (modules/billing/subscriptions.ts): a
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
