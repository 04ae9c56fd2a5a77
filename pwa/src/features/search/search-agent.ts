import type { SearchCriteria } from '@shared/schemas/job';
import type { UpworkCheck } from '../marketplaces/search-connect';

export interface AgentRuleInput {
  /** The number of results on screen. */
  resultCount: number;
  profile: { upworkProfileComplete: boolean; freelancerProfileComplete: boolean } | null;
  /** The criteria of the last search made (or restored), if any. */
  lastSearch: SearchCriteria | null;
  upwork: UpworkCheck;
}

/** How the 'Create job agent' button looks: its label key (under `search.agent.`) and whether it is disabled. */
export interface AgentButtonView {
  label: 'create' | 'checking' | 'connectUpwork';
  disabled: boolean;
}

/**
 * The button by the results (part 2, "Search Jobs"): disabled with no results; "checking
 * requirements" and disabled while the Upwork connection is being checked for an Upwork search;
 * "connect Upwork first" when that search has no Upwork account; otherwise "Create job agent".
 */
export function agentButtonView(input: AgentRuleInput): AgentButtonView {
  const upworkSearch = input.lastSearch?.platform === 'upwork';
  if (upworkSearch && input.upwork === 'checking') return { label: 'checking', disabled: true };
  const label = upworkSearch && input.upwork === 'missing' ? 'connectUpwork' : 'create';
  return { label, disabled: input.resultCount === 0 };
}

/** What a click on the button does. */
export type AgentAction =
  | { kind: 'none' }
  | { kind: 'profileRequired'; to: '/settings' }
  | { kind: 'connectUpwork'; to: '/settings' }
  | { kind: 'noParameters' }
  | { kind: 'create'; to: '/dashboard/automations/new'; jobSearchData: JobSearchData };

/** The search parameters handed to the create page in session storage (`jobSearchData`). */
export type JobSearchData = SearchCriteria & { name: string };

export const JOB_SEARCH_DATA_KEY = 'jobSearchData';
export const CREATE_AGENT_PATH = '/dashboard/automations/new';

/** The criteria with the added `name` (the search title) the create page reads. */
export function jobSearchDataFor(criteria: SearchCriteria): JobSearchData {
  return { ...criteria, name: criteria.title.trim().slice(0, 120) };
}

/**
 * The specification's rules, in its order: no completed Upwork or Freelancer profile → "profile
 * required" and Settings; an Upwork search without an Upwork account → Settings; no last search →
 * "no parameters"; otherwise the parameters go to session storage and the create page opens.
 */
export function agentAction(input: AgentRuleInput): AgentAction {
  const view = agentButtonView(input);
  if (view.disabled) return { kind: 'none' };
  if (!input.profile || (!input.profile.upworkProfileComplete && !input.profile.freelancerProfileComplete)) {
    return { kind: 'profileRequired', to: '/settings' };
  }
  if (view.label === 'connectUpwork') return { kind: 'connectUpwork', to: '/settings' };
  if (!input.lastSearch) return { kind: 'noParameters' };
  return { kind: 'create', to: CREATE_AGENT_PATH, jobSearchData: jobSearchDataFor(input.lastSearch) };
}
