import { describe, expect, it } from 'vitest';
import { analyseJob } from './analyse';
import { makeJob } from './job-fixture';
import { compileProfile, sourceSkills } from './profile';
import { DEFAULT_MIN_MATCH_SCORE } from '../schemas/agent';
import { rankJobs } from './rank';
import { tokenize } from './text';
import { findSkills } from './vocabulary';

const sources = (text: string, listed = true) => {
  const tokens = tokenize(text);
  return [...sourceSkills(tokens, findSkills(tokens, { listed }))].sort();
};

describe('skills the profile names only as what work moves away from', () => {
  it('reads the system a migration leaves, not the one it goes to', () => {
    expect(sources('Salesforce to HubSpot migration')).toEqual(['salesforce']);
    expect(sources('Java to Kotlin migration')).toEqual(['java']);
    expect(sources('moving shops from Shopify to WooCommerce')).toEqual(['shopify']);
    expect(sources('I have migrated teams from Salesforce, Pipedrive and Zoho', false)).toEqual(['pipedrive', 'salesforce', 'zoho-crm']);
    expect(sources('Salesforce/Pipedrive migrations')).toEqual(['pipedrive', 'salesforce']);
  });

  it('keeps a skill that is the work, or is also named plainly', () => {
    expect(sources('WordPress migrations')).toEqual([]);
    expect(sources('connected HubSpot to Shopify')).toEqual([]);
    expect(sources('GA4 conversion tracking')).toEqual([]);
    const both = compileProfile({ skills: ['Salesforce', 'Salesforce to HubSpot migration'] });
    expect(both.cover.get('salesforce')!.strength).toBe(1);
  });

  it("ranks a HubSpot consultant's HubSpot work above another CRM's admin work they only migrate from", () => {
    const consultant = compileProfile({
      skills: ['HubSpot CRM', 'HubSpot workflows', 'Salesforce to HubSpot migration', 'Pipedrive'],
      title: 'HubSpot CRM consultant — setup, workflows, Salesforce/Pipedrive migrations',
      minHourlyUsd: 40,
    });
    expect(consultant.cover.get('salesforce')!.strength).toBeLessThan(0.5);
    expect(consultant.cover.get('pipedrive')!.strength).toBe(1);
    const jobs = [
      makeJob({
        id: 'sf-admin',
        title: 'Salesforce admin: flows, reports and user setup',
        description: 'Our Salesforce org needs an administrator to build record-triggered flows, reports and permission sets.',
        skills: ['Salesforce', 'Salesforce Flow'],
        type: 'hourly',
        minBudget: 50,
        maxBudget: 70,
      }),
      makeJob({
        id: 'migration',
        title: 'Move us from Salesforce to HubSpot',
        description: 'Migrate contacts, companies, deals and notes from Salesforce into HubSpot and rebuild our pipelines.',
        skills: ['HubSpot', 'Salesforce', 'CRM'],
        type: 'hourly',
        minBudget: 50,
        maxBudget: 70,
      }),
    ].map(analyseJob);
    const ranked = rankJobs(jobs, consultant);
    expect(ranked.map((j) => j.id)).toEqual(['migration', 'sf-admin']);
    expect(ranked[1]!.matchScore).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
  });
});
