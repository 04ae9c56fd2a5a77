import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@shared/schemas/job';
import { agentAction, agentButtonView, type AgentRuleInput } from './search-agent';

const upworkSearch: SearchCriteria = { title: 'React developer', platform: 'upwork', pageLimit: 1, upworkJobType: 'hourly' };
const freelancerSearch: SearchCriteria = { title: 'Scraper', platform: 'freelancer', pageLimit: 2, freelancerIsFixed: true };
const complete = { upworkProfileComplete: true, freelancerProfileComplete: false };
const input = (over: Partial<AgentRuleInput>): AgentRuleInput => ({
  resultCount: 3,
  profile: complete,
  lastSearch: freelancerSearch,
  upwork: 'missing',
  ...over,
});

describe('the Create job agent button', () => {
  it('is disabled with no results', () => {
    expect(agentButtonView(input({ resultCount: 0 }))).toEqual({ label: 'create', disabled: true });
    expect(agentAction(input({ resultCount: 0 }))).toEqual({ kind: 'none' });
  });
  it('reads "checking requirements" and is disabled while the Upwork connection is checked for an Upwork search', () => {
    expect(agentButtonView(input({ lastSearch: upworkSearch, upwork: 'checking' }))).toEqual({ label: 'checking', disabled: true });
    // A Freelancer search does not wait for the Upwork check.
    expect(agentButtonView(input({ upwork: 'checking' }))).toEqual({ label: 'create', disabled: false });
  });
  it('reads "connect Upwork first" for an Upwork search without an Upwork account, and leads to Settings', () => {
    const view = input({ lastSearch: upworkSearch, upwork: 'missing' });
    expect(agentButtonView(view)).toEqual({ label: 'connectUpwork', disabled: false });
    expect(agentAction(view)).toEqual({ kind: 'connectUpwork', to: '/settings' });
  });
  it('asks for a completed profile first (before anything else), and goes to Settings', () => {
    const none = { upworkProfileComplete: false, freelancerProfileComplete: false };
    expect(agentAction(input({ profile: none }))).toEqual({ kind: 'profileRequired', to: '/settings' });
    expect(agentAction(input({ profile: none, lastSearch: upworkSearch, upwork: 'missing' }))).toEqual({
      kind: 'profileRequired',
      to: '/settings',
    });
    expect(agentAction(input({ profile: null }))).toEqual({ kind: 'profileRequired', to: '/settings' });
    expect(agentAction(input({ profile: { upworkProfileComplete: false, freelancerProfileComplete: true } })).kind).toBe('create');
  });
  it('says "no parameters" without a last search', () => {
    expect(agentAction(input({ lastSearch: null }))).toEqual({ kind: 'noParameters' });
  });
  it('otherwise hands the criteria with a name to the create page', () => {
    expect(agentAction(input({}))).toEqual({
      kind: 'create',
      to: '/dashboard/automations/new',
      jobSearchData: { ...freelancerSearch, name: 'Scraper' },
    });
    expect(agentAction(input({ lastSearch: upworkSearch, upwork: 'connected' }))).toMatchObject({
      kind: 'create',
      jobSearchData: { ...upworkSearch, name: 'React developer' },
    });
    // An unknown status (offline) does not block: the server checks again when the agent runs.
    expect(agentAction(input({ lastSearch: upworkSearch, upwork: 'unknown' })).kind).toBe('create');
  });
});
