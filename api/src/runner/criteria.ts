import type { Agent } from '@shared/schemas/agent';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import type { MatchProfile } from '@shared/scoring';
import type { User } from '@shared/schemas/user';

/** The search an agent runs, from its fields. */
export function agentCriteria(agent: Agent): SearchCriteria {
  return {
    title: agent.title,
    platform: agent.platform,
    pageLimit: 1,
    upworkJobType: agent.upworkJobType,
    upworkExperienceLevel: agent.upworkExperienceLevel,
    upworkDuration: agent.upworkDuration,
    upworkMinRate: agent.upworkMinRate,
    upworkMaxRate: agent.upworkMaxRate,
    upworkMinFixedRate: agent.upworkMinFixedRate,
    upworkMaxFixedRate: agent.upworkMaxFixedRate,
    freelancerIsHourly: agent.freelancerIsHourly,
    freelancerIsFixed: agent.freelancerIsFixed,
    freelancerMinBudget: agent.freelancerMinBudget,
    freelancerMaxBudget: agent.freelancerMaxBudget,
    freelancerHourlyRateMin: agent.freelancerHourlyRateMin,
    freelancerHourlyRateMax: agent.freelancerHourlyRateMax,
    freelancerLanguage: agent.freelancerLanguage,
  };
}

/** Whether a job's client passes the agent's client filters (unknown data passes). */
export function passesClientFilters(job: Job, agent: Agent): boolean {
  const { client } = job;
  if (agent.clientVerifiedOnly && client.paymentVerified === false) return false;
  if (agent.clientMinRating > 0 && client.rating !== null && client.rating < agent.clientMinRating) return false;
  if (agent.clientMinSpentUsd > 0 && client.totalSpentUsd !== null && client.totalSpentUsd < agent.clientMinSpentUsd) return false;
  if (client.country && agent.excludedCountries.includes(client.country.toUpperCase())) return false;
  return true;
}

/** What the agent's jobs are scored against: the profile's and the agent's skills, its title and rates. */
export function matchProfile(agent: Agent, user: User): MatchProfile {
  const hourly = agent.platform === 'upwork' ? agent.upworkHourlyMinRate || agent.upworkMinRate : agent.freelancerHourlyRateMin;
  const fixed = agent.platform === 'upwork' ? agent.upworkFixedMinBudget || agent.upworkMinFixedRate : agent.freelancerMinBudget;
  return {
    skills: [...user.skills, ...agent.skills],
    title: agent.upworkProfileTitle || agent.title,
    overview: agent.upworkOverview,
    minHourlyUsd: hourly || undefined,
    minFixedUsd: fixed || undefined,
  };
}

/**
 * The bid for a job in its own currency: the agent's preferred rate when the budget allows it,
 * never below the budget's minimum (the marketplace refuses that) nor above its maximum.
 */
export function bidAmount(job: Job, agent: Agent): number {
  const rateUsd = agent.upworkPaymentRate > 0 ? agent.upworkPaymentRate : null;
  const perUsd = job.budgetUsd && job.minBudget && job.maxBudget ? (job.minBudget + job.maxBudget) / 2 / job.budgetUsd : 1;
  const preferred = rateUsd !== null ? rateUsd * perUsd : (job.minBudget ?? 0) + ((job.maxBudget ?? job.minBudget ?? 0) - (job.minBudget ?? 0)) / 2;
  const low = job.minBudget ?? 0;
  const high = job.maxBudget ?? Math.max(low, preferred);
  const amount = Math.min(Math.max(preferred, low), high || preferred);
  const capped = agent.upworkMaximumBid > 0 && agent.platform === 'upwork' ? Math.min(amount, agent.upworkMaximumBid * perUsd) : amount;
  return Math.max(Math.round(capped * 100) / 100, low, 1);
}
