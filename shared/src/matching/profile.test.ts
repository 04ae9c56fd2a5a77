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

  it('keeps what follows a contrast after the refusal: that is the work', () => {
    expect(covers('I don’t do logo animation, but I design logos in Figma.', 'figma')).toBe(true);
    expect(covers('I don’t do logo animation; Figma files are what I deliver.', 'figma')).toBe(true);
    expect(covers('I don’t do animation or Figma prototypes.', 'figma')).toBe(false);
  });

  it('takes a turned-down skill out of what the listed ones bring along, and says it is declined', () => {
    const cfo = compileProfile({
      skills: ['Cash Flow Forecasting', 'Xero', 'QuickBooks Online'],
      overview:
        'I work with founders who have good bookkeeping but nobody reading the numbers. I don’t do bookkeeping catch-up or payroll.',
    });
    // Xero brings bookkeeping along as a neighbour; the overview turns it down (the clients' bookkeeping is no claim of hers).
    expect(cfo.cover.has('bookkeeping')).toBe(false);
    expect(cfo.declined.has('bookkeeping')).toBe(true);
    expect(cfo.cover.get('xero')?.strength).toBe(1);
    // Listed, a skill is never declined, whatever the overview says.
    const listed = compileProfile({ skills: ['Bookkeeping', 'Xero'], overview: 'I don’t do bookkeeping catch-up.' });
    expect(listed.declined.size).toBe(0);
    expect(listed.cover.get('bookkeeping')?.strength).toBe(1);
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

describe('work the overview declines, read as the post’s main work', () => {
  const cfo = {
    skills: ['Fractional CFO', 'Cash Flow Forecasting', 'Budgeting & Forecasting', 'Xero', 'QuickBooks Online'],
    overview:
      'I build cash-flow forecasts and board packs for founders who have good bookkeeping. I don’t do bookkeeping catch-up, payroll or tax returns.',
    minHourlyUsd: 60,
  };
  const cleanUp = makeJob({
    id: 'cleanup',
    title: 'Clean up QuickBooks Online for our clinic before tax season',
    description:
      'The last bookkeeper left a mess: uncategorised transactions, duplicate deposits, loan payments booked as expenses. We need a QBO pro to clean up the year so our accountant can file.',
    skills: ['QuickBooks Online', 'Bookkeeping', 'Account Reconciliation'],
    type: 'hourly',
    minBudget: 60,
    maxBudget: 90,
  });
  const forecast = makeJob({
    id: 'forecast',
    title: '13-week cash flow forecast from our QuickBooks data',
    description:
      'We need a 13-week cash flow forecast and a simple budget built from our QuickBooks Online exports, with a monthly review call.',
    skills: ['Cash Flow Forecasting', 'QuickBooks'],
    type: 'hourly',
    minBudget: 60,
    maxBudget: 90,
  });

  it('costs the main penalty even where the listed tools match, and says which work', () => {
    const [first, second] = rankJobs([cleanUp, forecast], cfo);
    expect(first!.id).toBe('forecast');
    expect(second!.matchScore).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
    expect(second!.matchFactors).toContainEqual(expect.objectContaining({ code: 'mainMissing', skill: 'Bookkeeping' }));
    // Without the refusal the same clean-up is hers (her listed Xero and QuickBooks cover it).
    const [alone] = rankJobs([cleanUp], { ...cfo, overview: 'I build cash-flow forecasts and board packs.' });
    expect(alone!.matchScore).toBeGreaterThanOrEqual(DEFAULT_MIN_MATCH_SCORE);
  });
});

describe("a title's words that name a skill only when listed", () => {
  const contractDrafting = (profile: Parameters<typeof compileProfile>[0]) =>
    compileProfile(profile).cover.get('legal-drafting')?.strength ?? 0;

  it('are part of the trade the listed skills name, not a trade of their own', () => {
    const influencer = {
      title: 'Influencer Marketing Manager for DTC Brands | Creator Sourcing, Negotiation, Contracts & Reporting',
      skills: ['Influencer Marketing', 'Influencer Outreach', 'TikTok Marketing', 'Affiliate Marketing'],
    };
    expect(contractDrafting(influencer)).toBeLessThan(0.5);
    const nda = makeJob({
      id: 'nda',
      title: 'Mutual NDA and consultant agreement templates',
      description: 'Two templates for our consultancy, UK law.',
      skills: ['Contracts'],
    });
    const [ranked] = rankJobs([analyseJob(nda)], compileProfile(influencer));
    expect(ranked!.match.score).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
  });

  it('still name the trade beside skills of that trade, or when nothing else is listed', () => {
    expect(contractDrafting({ title: 'Commercial lawyer | NDAs, Contracts & Terms', skills: ['Legal Writing', 'Privacy Policy'] })).toBe(1);
    expect(contractDrafting({ title: 'Contracts and NDAs', skills: [] })).toBe(1);
    // In the role itself, before the services the title lists, it is the trade: a listed-only name ("R") too.
    expect(compileProfile({ title: 'R programmer | Survey statistics', skills: ['Statistics', 'SPSS'] }).cover.get('r')?.strength).toBe(1);
    expect(contractDrafting({ title: 'Contracts lawyer | Startups and agencies', skills: ['Business Consulting'] })).toBe(1);
  });
});

describe('skills-list words that name a skill only when listed, beside a title of another field', () => {
  const contractDrafting = (profile: Parameters<typeof compileProfile>[0]) =>
    compileProfile(profile).cover.get('legal-drafting')?.strength ?? 0;
  const marketer = {
    title: 'Marketo Certified Expert | Marketing Ops for B2B: Scoring, Nurture, Salesforce Sync',
    skills: ['Marketo', 'Marketing Automation', 'Lead Scoring', 'Salesforce CRM', 'GDPR'],
  };

  it('are a neighbour of that trade, not a skill of their own (a marketer’s "GDPR" is no contract drafting)', () => {
    expect(contractDrafting(marketer)).toBeGreaterThan(0);
    expect(contractDrafting(marketer)).toBeLessThan(0.9);
    const nda = makeJob({
      id: 'nda-templates',
      title: 'Mutual NDA and consultant agreement templates',
      description: 'Two templates for our consultancy under UK law, with a short guide to filling them in.',
      skills: ['Contract Drafting'],
    });
    const [ranked] = rankJobs([analyseJob(nda)], compileProfile(marketer));
    expect(ranked!.match.score).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
  });

  it('stay whole skills in their own field, and for the tools of the trade the title names', () => {
    expect(contractDrafting({ title: 'Commercial lawyer | SaaS and startups', skills: ['Contract Drafting', 'GDPR'] })).toBe(1);
    // Named plainly as well ("GDPR Compliance"), it is a skill of its own whatever else is listed.
    expect(contractDrafting({ ...marketer, skills: [...marketer.skills, 'GDPR Compliance'] })).toBe(1);
    // "Dart" names the language only when listed, and it is a Flutter developer's own.
    expect(
      compileProfile({ title: 'Flutter developer for iOS and Android apps', skills: ['Flutter', 'Dart', 'Firebase'] }).cover.get('dart')
        ?.strength,
    ).toBe(1);
  });
});
