import { describe, expect, it } from 'vitest';
import type { JobClient } from '../../schemas/job';
import { analyseJob } from '../analyse';
import { makeJob } from '../job-fixture';
import { assessRisk } from './assess';

const client = (over: Partial<JobClient>): JobClient => ({
  paymentVerified: true,
  rating: null,
  totalSpentUsd: null,
  country: 'US',
  hires: null,
  jobsPosted: null,
  ...over,
});
const signals = (c: JobClient, description = 'Charts for our sales data.') =>
  assessRisk(analyseJob(makeJob({ id: 'j1', title: 'React dashboard', description, client: c }))).map((f) => f.signal);

/** makeJob posts on 2026-03-11T10:00Z: an account made `days` before. */
const madeDaysBefore = (days: number) => new Date(Date.parse('2026-03-11T10:00:00.000Z') - days * 86_400_000).toISOString();

describe('client signals', () => {
  it('payment not verified, no spend and no hires', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: 0, hires: 0, jobsPosted: 1 }))).toEqual(['unverifiedNoSpend']);
  });

  it('on Freelancer.com (no spend given): payment not verified and no completed project', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: null, hires: 0, jobsPosted: 2 }))).toEqual(['unverifiedNoSpend']);
  });

  it('many posts and no hires', () => {
    expect(signals(client({ paymentVerified: true, totalSpentUsd: 0, hires: 0, jobsPosted: 14 }))).toEqual(['manyPostsNoHires']);
  });

  it('a first-time client with verified payment is not risky', () => {
    expect(signals(client({ paymentVerified: true, totalSpentUsd: 0, hires: 0, jobsPosted: 1 }))).toEqual([]);
  });

  it('an unverified client who has hired and spent, or a marketplace that says nothing, is not flagged', () => {
    expect(signals(client({ paymentVerified: false, totalSpentUsd: 5200, hires: 6, jobsPosted: 9 }))).toEqual([]);
    expect(signals(client({ paymentVerified: null, totalSpentUsd: null, hires: null, jobsPosted: null }))).toEqual([]);
    expect(signals(client({ paymentVerified: false, totalSpentUsd: null, hires: null }))).toEqual([]);
  });

  it('few posts without a hire are not many', () => {
    expect(signals(client({ paymentVerified: true, hires: 0, jobsPosted: 9 }))).toEqual([]);
  });

  describe('a new account (Freelancer.com registration_date)', () => {
    const fresh = (over: Partial<JobClient> = {}) =>
      client({ paymentVerified: true, totalSpentUsd: null, hires: 0, jobsPosted: 1, accountCreatedAt: madeDaysBefore(3), ...over });

    it('alone, with verified payment and a plain post, is not a flag: every client was new once', () => {
      expect(signals(fresh())).toEqual([]);
      expect(signals(fresh(), 'Landing page in Webflow from our Figma file; tight deadline, budget is fine.')).toEqual([]);
    });

    it('beside payment not verified', () => {
      expect(signals(fresh({ paymentVerified: false }))).toContain('newAccount');
    });

    it('beside a weak cue of the post, in the interface languages', () => {
      const posts = [
        'Small edit, start today, write me at @wf_jobs_hr.',
        'Urgent: product listing work, paid daily.',
        'Trabajo desde casa, pago diario.',
        'Arbeit von zu hause, sofort starten.',
        'Kerja dari rumah, gaji harian.',
        'Работа на дому, оплата каждый день.',
        'عمل من المنزل، دفع يومي.',
        'घर से काम, रोज़ाना भुगतान।',
        'অনলাইন প্রোডাক্ট লিস্টিং কাজ - বাড়ি থেকে',
        '在家兼职，日结。',
      ];
      for (const post of posts) expect(signals(fresh(), post), post).toContain('newAccount');
    });

    it('an older account, or one that has hired, with the same cues is not new', () => {
      expect(signals(fresh({ accountCreatedAt: madeDaysBefore(400) }), 'Urgent: listing work from home, paid daily.')).toEqual([]);
      expect(signals(fresh({ hires: 4 }), 'Urgent: listing work from home, paid daily.')).toEqual([]);
      expect(signals(fresh({ accountCreatedAt: null }), 'Urgent: listing work from home, paid daily.')).toEqual([]);
      expect(signals(fresh({ accountCreatedAt: madeDaysBefore(-2) }), 'Urgent: listing work from home, paid daily.')).toEqual([]);
    });
  });
});
