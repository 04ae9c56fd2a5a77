import { planById } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../db/client';
import type { UserRow } from '../db/schema';
import { effectivePlan } from './subscription-state';
import { settleSubscription } from './subscriptions';

/**
 * What the user's plan allows at `now`, read from their subscription (services/subscriptions.ts): a
 * new account's 7-day trial has the basic plan's limits; after it, without a payment, the free tier
 * (decisions.md); a paid, cancelled-but-running or grace period has its plan's limits. The same rule
 * answers `GET /users/{id}/plan-limits`, the sync pull and the agent caps.
 */
export function planLimitsFor(db: Tx, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): PlanLimits {
  const subscription = settleSubscription(db, user, now);
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
