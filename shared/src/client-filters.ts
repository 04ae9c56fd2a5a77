import type { AgentFields } from './schemas/agent';
import type { ClientFilter } from './schemas/agent-run';
import type { JobClient } from './schemas/job';

/** The agent fields of its client filters (decisions.md: where the marketplace gives the data). */
export type ClientFilters = Pick<AgentFields, 'clientVerifiedOnly' | 'clientMinRating' | 'clientMinSpentUsd' | 'excludedCountries'>;

/**
 * The first of an agent's client filters a job's client fails, with what the client has (its
 * rating, spend or country); null when it passes them all. What the marketplace does not say
 * passes: a filter never hides a job for data nobody has. The runner (runner/criteria.ts) and the
 * wizard's preview apply the same rule. Pure.
 */
export function clientFilterFailure(
  client: JobClient,
  filters: ClientFilters,
): { filter: ClientFilter; value: number | string | null } | null {
  if (filters.clientVerifiedOnly && client.paymentVerified === false) return { filter: 'paymentVerified', value: null };
  if (filters.clientMinRating > 0 && client.rating !== null && client.rating < filters.clientMinRating)
    return { filter: 'rating', value: client.rating };
  if (filters.clientMinSpentUsd > 0 && client.totalSpentUsd !== null && client.totalSpentUsd < filters.clientMinSpentUsd)
    return { filter: 'spent', value: client.totalSpentUsd };
  if (client.country && filters.excludedCountries.includes(client.country.toUpperCase()))
    return { filter: 'country', value: client.country };
  return null;
}

/** Whether an agent sets any client filter. */
export const hasClientFilters = (filters: ClientFilters): boolean =>
  filters.clientVerifiedOnly || filters.clientMinRating > 0 || filters.clientMinSpentUsd > 0 || filters.excludedCountries.length > 0;
