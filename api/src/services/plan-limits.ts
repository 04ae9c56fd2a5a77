import { planById, TRIAL_DAYS, TRIAL_PLAN } from '@shared/plans';
import type { PlanLimits } from '@shared/schemas/sync';
import type { UserRow } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What the user's plan allows at `now`. A new account has a 7-day trial with the basic plan's
 * limits; after it, without a payment, the free tier (decisions.md). Paid periods come with billing.
 */
export function planLimitsFor(user: Pick<UserRow, 'createdAt'>, now: Date): PlanLimits {
  const trialEnds = new Date(user.createdAt.getTime() + TRIAL_DAYS * DAY);
  const trial = now.getTime() < trialEnds.getTime();
  const plan = planById(trial ? TRIAL_PLAN : 'free');
  return {
    plan: plan.id,
    trial,
    trialEndsAt: trial ? trialEnds.toISOString() : null,
    agents: plan.limits.agents,
    proposalsPerDay: plan.limits.proposalsPerDay,
    maxUpworkProposals: plan.limits.maxUpworkProposals,
    maxFreelancerBids: plan.limits.maxFreelancerBids,
  };
}
