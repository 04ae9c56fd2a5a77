import { planById } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../db/client';
import type { SubscriptionRow, UserRow } from '../db/schema';
import type { Store } from '../db/store';
import { effectivePlan } from './subscription-state';
import { settledSubscription, settleSubscription } from './subscriptions';

/**
 * What the user's plan allows at `now`, read from their subscription (services/subscriptions.ts): a
 * new account's 7-day trial has the basic plan's limits; after it, without a payment, the free tier
 * (decisions.md); a paid, cancelled-but-running or grace period has its plan's limits. The same rule
 * answers `GET /users/{id}/plan-limits`, the sync pull and the agent caps.
 */
export function planLimitsFor(db: Tx, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): PlanLimits {
  return limitsOf(settleSubscription(db, user, now));
}

/**
 * `planLimitsFor` through the store: a read when the subscription is up to date, and a transaction
 * only when a deadline passed or the trial is still to be recorded.
 */
export async function readPlanLimits(store: Store, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): Promise<PlanLimits> {
  const settled = settledSubscription(store.db, user.id, now) ?? (await store.tx(async (tx) => settleSubscription(tx, user, now)));
  return limitsOf(settled);
}

function limitsOf(subscription: SubscriptionRow): PlanLimits {
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
