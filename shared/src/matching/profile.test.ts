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

describe('what the overview says the freelancer does not do', () => {
  const covers = (overview: string, id: string) => compileProfile({ skills: ['Logo Design'], overview }).cover.has(id);

  it('leaves out the skills of a refusal, or of a sentence that puts them outside the work', () => {
    expect(covers('I design logos and brand kits. I don’t build websites in WordPress or Webflow.', 'wordpress')).toBe(false);
    expect(covers('Websites, social media, merch printing and 3D renders are outside what I do.', '3d-rendering')).toBe(false);
    expect(covers('No WordPress, no Shopify themes.', 'shopify')).toBe(false);
    expect(covers('We won’t run paid Facebook Ads campaigns for you.', 'facebook-ads')).toBe(false);
  });

  it('keeps what the freelancer does, even beside a refusal later in the sentence', () => {
    expect(covers('I build WordPress sites and I never miss a deadline.', 'wordpress')).toBe(true);
    expect(covers('I design in Figma. I don’t do animation.', 'figma')).toBe(true);
    expect(covers('No matter the platform, I build in Webflow.', 'webflow')).toBe(true);
    expect(covers('I don’t just design logos: I build whole sites in Webflow.', 'webflow')).toBe(true);
    expect(covers('I never miss a deadline on a Webflow build.', 'webflow')).toBe(true);
    // Named plainly elsewhere, a skill of a refusal stays.
    expect(covers('I set up Shopify stores. I don’t build Shopify apps from scratch.', 'shopify')).toBe(true);
  });

  it('reads a job of a refused skill as one whose main skill the freelancer lacks', () => {
    const profile = {
      skills: ['Logo Design', 'Brand Identity'],
      overview: 'I design logos and brand identities. I don’t build websites in WordPress.',
    };
    const job = makeJob({
      id: 'wp',
      title: 'WordPress website for our bakery',
      description: 'Build a WordPress site with 5 pages.',
      skills: ['WordPress'],
    });
    const [scored] = rankJobs([job], profile);
    expect(scored!.matchFactors.some((f) => f.code === 'mainMissing')).toBe(true);
  });
});
