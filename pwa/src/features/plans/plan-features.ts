import { planById, type Plan, type PlanId } from '@shared/plan-table';

/**
 * A plan's daily proposals as every screen says them: one number when Upwork and Freelancer.com
 * allow the same, otherwise each marketplace's own (the free tier: 1 Upwork proposal, 2 bids), so
 * a plan card, the billing page and settings never disagree with the limits the server enforces.
 */
export function proposalsFeature(plan: Pick<Plan, 'limits'>): { key: string; values: Record<string, number> } {
  const { maxUpworkProposals: upwork, maxFreelancerBids: freelancer } = plan.limits;
  if (upwork === freelancer) return { key: 'plans.features.proposalsPerDay', values: { count: upwork } };
  return { key: 'plans.features.proposalsSplit', values: { upwork, freelancer } };
}

/** The values of a tier's limits sentence (`billing.status.freeExplain`). */
export function limitsValues(planId: PlanId): { agents: number; upwork: number; freelancer: number } {
  const { limits } = planById(planId);
  return { agents: limits.agents, upwork: limits.maxUpworkProposals, freelancer: limits.maxFreelancerBids };
}
