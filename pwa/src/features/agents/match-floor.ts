import { AGENT_BOUNDS, type Agent } from '@shared/schemas/agent';
import type { ScoredJob } from '@shared/schemas/job';
import { clientFilterFailure, type ClientFilters } from '@shared/client-filters';

/**
 * The preview beside an agent's minimum match score: the search the agent would run (its keywords,
 * skills and its own platform's criteria), and how many of the jobs posted in the last day would
 * pass the floor. Pure: the component fetches.
 */

/** The agent fields the preview reads (the wizard's values or a saved agent). */
export type FloorFields = Pick<
  Agent,
  | 'title'
  | 'platform'
  | 'skills'
  | 'upworkHourlyMinRate'
  | 'upworkHourlyMaxRate'
  | 'upworkFixedMinBudget'
  | 'upworkFixedMaxBudget'
  | 'freelancerIsHourly'
  | 'freelancerIsFixed'
  | 'freelancerMinBudget'
  | 'freelancerMaxBudget'
  | 'freelancerHourlyRateMin'
  | 'freelancerHourlyRateMax'
  | 'freelancerLanguage'
> &
  Partial<ClientFilters> & {
    upworkJobType: Agent['upworkJobType'] | '';
    upworkExperienceLevel: Agent['upworkExperienceLevel'] | '';
    upworkDuration: Agent['upworkDuration'] | '';
  };

/** Pages of 20 jobs the preview asks for. */
export const PREVIEW_PAGES = 3;
const DAY_MS = 86_400_000;

const min = (value: number, bottom = 0) => (Number.isFinite(value) && value > bottom ? value : undefined);
const max = (value: number, top: number) => (Number.isFinite(value) && value > 0 && value < top ? value : undefined);

/** The search request for the preview; null until there is a title to search for. */
export function previewCriteria(fields: FloorFields): Record<string, unknown> | null {
  const title = fields.title.trim();
  if (title.length < 2) return null;
  const criteria: Record<string, unknown> = {
    title,
    platform: fields.platform,
    pageLimit: PREVIEW_PAGES,
    skills: fields.skills.slice(0, 50),
  };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) criteria[key] = value;
  };
  if (fields.platform === 'upwork') {
    const type = fields.upworkJobType || 'any';
    criteria.upworkJobType = type;
    set('upworkExperienceLevel', fields.upworkExperienceLevel || undefined);
    set('upworkDuration', fields.upworkDuration || undefined);
    if (type !== 'fixed') {
      set('upworkMinRate', min(fields.upworkHourlyMinRate));
      set('upworkMaxRate', max(fields.upworkHourlyMaxRate, AGENT_BOUNDS.upworkHourly.max));
    }
    if (type !== 'hourly') {
      set('upworkMinFixedRate', min(fields.upworkFixedMinBudget));
      set('upworkMaxFixedRate', max(fields.upworkFixedMaxBudget, AGENT_BOUNDS.upworkFixed.max));
    }
  } else {
    criteria.freelancerIsHourly = fields.freelancerIsHourly;
    criteria.freelancerIsFixed = fields.freelancerIsFixed;
    if (fields.freelancerIsFixed) {
      set('freelancerMinBudget', min(fields.freelancerMinBudget));
      set('freelancerMaxBudget', max(fields.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max));
    }
    if (fields.freelancerIsHourly) {
      set('freelancerHourlyRateMin', min(fields.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min));
      set('freelancerHourlyRateMax', max(fields.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max));
    }
    if (fields.freelancerLanguage.length > 0) criteria.freelancerLanguage = [...fields.freelancerLanguage];
  }
  return criteria;
}

/** The client filters of the fields, "no filter" where a field is not given (or not a number yet, while typed). */
export function clientFiltersOf(fields: Partial<ClientFilters>): ClientFilters {
  const number = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
  return {
    clientVerifiedOnly: fields.clientVerifiedOnly ?? false,
    clientMinRating: number(fields.clientMinRating),
    clientMinSpentUsd: number(fields.clientMinSpentUsd),
    excludedCountries: (fields.excludedCountries ?? []).map((code) => code.toUpperCase()),
  };
}

/**
 * Of the jobs posted in the last 24 hours, how many an agent with this floor and these client
 * filters would draft, and how many the client filters leave out (as the runner applies them).
 */
export function floorPreview(
  jobs: readonly ScoredJob[],
  floor: number,
  now: number,
  filters: Partial<ClientFilters> = {},
): { passing: number; total: number; clientFiltered: number } {
  const today = jobs.filter((job) => {
    const posted = Date.parse(job.datePosted);
    return Number.isFinite(posted) && now - posted <= DAY_MS;
  });
  const rules = clientFiltersOf(filters);
  const kept = today.filter((job) => clientFilterFailure(job.client, rules) === null);
  const passing = kept.filter((job) => job.matchScore >= floor && !job.matchFactors.some((f) => f.code === 'filtered'));
  return { passing: passing.length, total: today.length, clientFiltered: today.length - kept.length };
}
