import { planById } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { Tx } from '../../store/sqlite/client';
import type { UserRow } from '../../store/schema/index';
import type { Store } from '../../store/store';
import { effectivePlan, type SubscriptionState } from './subscription-state';
import { projectedSubscription, subscriptionRow } from './subscriptions';

/**
 * What the user's plan allows at `now`, read from their subscription (subscriptions.ts) and never
 * written: a new account's 7-day trial has the basic plan's limits; after it, without a payment, the
 * free tier (decisions.md); a paid, cancelled-but-running or grace period has its plan's limits. A
 * deadline that passed counts at once, before the settling chore records it (and pauses agents
 * beyond a lower plan's count). The same rule answers `GET /users/{id}/plan-limits`, the sync pull
 * and the agent caps; read in `db` (a write's transaction, for a cap checked where it writes).
 */
export async function planLimitsFor(db: Tx, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): Promise<PlanLimits> {
  return limitsOf(projectedSubscription(await subscriptionRow(db, user.id), user, now));
}

/** `planLimitsFor` through the store: a read, committed data only outside a transaction. */
export function readPlanLimits(store: Store, user: Pick<UserRow, 'id' | 'createdAt'>, now: Date): Promise<PlanLimits> {
  return planLimitsFor(store.db, user, now);
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
