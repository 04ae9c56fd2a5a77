import { describe, expect, it } from 'vitest';
import { budgetFeatures, features, flagOfReading, learnedFlag, readLearned, scopeFlag, type Reading } from './learned';
import { readPost } from './post';

describe('the learned reading: its features', () => {
  it('reads words and word pairs once each, with where the post says them', () => {
    const text = 'Pay the kit fee, then pay again';
    const found = features(text.toLowerCase());
    const keys = found.map((f) => f.key);
    expect(keys).toContain('pay');
    expect(keys).toContain('kit fee');
    expect(keys.filter((k) => k === 'pay')).toHaveLength(1);
    const kit = found.find((f) => f.key === 'kit fee')!;
    expect(text.slice(kit.index, kit.index + kit.length)).toBe('kit fee');
  });

  it('leaves out the words that only say how a post is written, alone and in pairs', () => {
    const keys = features('so we are the ones you need').map((f) => f.key);
    expect(keys).not.toContain('so');
    expect(keys).not.toContain('we are');
    expect(keys).toContain('ones');
    expect(keys).toContain('you need');
  });

  it('reads money as one token, digits as one sign, Chinese as pairs of characters', () => {
    const keys = features('the kit is $79 for 30 days 需要先交押金').map((f) => f.key);
    expect(keys).toContain('<money>');
    expect(keys).toContain('is <money>');
    expect(keys).toContain('0 days');
    expect(keys).toContain('押金');
  });
});

/** Scams in words none of the rules or the corpus use, one per family and several languages. */
const SCAMS = [
  'Onboarding for our annotation team: every annotator buys the workstation licence ($45) on our site, credited back with your third payout.',
  'Our clients settle invoices into the account you open for the project; you move the balance to our partner in USDT the same day and keep 5%.',
  'Selection stage: build the full booking module against our repo. We only compensate the engineer we end up hiring; the rest is a learning experience.',
  'Tell me your number and we continue on WhatsApp, this site takes too much commission. Payment by bank transfer directly to you.',
  'We need 150 guests to leave glowing feedback on our hotel listing, spread over two months, each from a separate traveller profile.',
  'Set up 80 fresh Gmail inboxes, each warmed up for two weeks on its own residential IP, and hand over the logins in a sheet.',
  'Grab the premium theme files from the seller site, strip the purchase-code check and install it on our 12 client sites.',
  'Install something on my husband’s laptop so I get his chats and browser history every night without him finding out.',
  'Rewrite the competitor’s white papers so that Copyleaks gives them a clean score and we can put our logo on them.',
  'Prepare salary certificates showing $6,000 a month for three of our staff; the embassy only checks the letterhead.',
  'Sit my CCNA exam remotely under my name; the proctor software will not notice if you use my laptop through remote desktop.',
  'Looking for people willing to lend us their verified freelancer profiles; we handle everything and pay you 20% of what the profile earns.',
];

const HONEST = [
  'Fix the crash on Android 14 when users open the camera screen; Kotlin, Jetpack Compose, crash logs attached.',
  'Write ten blog articles about home solar panels for our installer website, 1,200 words each, with sources.',
  'Bookkeeping for our dental practice in Xero: reconcile the bank feed monthly and prepare the quarterly VAT return.',
  'Edit our 20-minute product webinar into five short clips with captions for LinkedIn.',
  'Design a logo and a one-page brand guide for our new coffee roastery.',
  'Set up Google Workspace accounts for our six new employees and move their calendars from Outlook.',
  'Reply to the reviews our guests leave on Booking.com and Google within 24 hours, in English and Spanish.',
  'A paid test task of two hours at your usual rate, then a three-month contract building our React dashboard.',
  'Translate our company’s own ISO certificates and contracts from German into English.',
  'Build a bank-statement parser that reads PDF statements our customers upload and categorises the transactions.',
];

describe('the learned reading of posts it was not trained on', () => {
  it('reads scams written in new words as likelier than honest posts, and half of them as likely', () => {
    const probability = (text: string) => readLearned(readPost(text)).probability;
    const { threshold } = readLearned(readPost(''));
    const scams = SCAMS.map(probability);
    const honest = HONEST.map(probability);
    expect(scams.filter((p) => p >= threshold).length).toBeGreaterThanOrEqual(SCAMS.length / 2);
    expect(honest.filter((p) => p >= threshold)).toEqual([]);
    // On the model's own scale: the scams read, on average, above its threshold, the honest posts under its lower cut.
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const { review } = readLearned(readPost(''));
    expect(mean(scams)).toBeGreaterThan(threshold);
    expect(mean(honest)).toBeLessThan(review);
  });

  it('leaves a one-line post to the rules: too few words to read by weights', () => {
    expect(learnedFlag(readPost('Integrate Stripe Connect so each seller opens a Stripe account in their own name.'))).toBeNull();
  });

  it('raises nothing on ordinary honest posts of many trades', () => {
    expect(HONEST.filter((text) => learnedFlag(readPost(text)) !== null)).toEqual([]);
  });

  it('a flag it raises says it was read, not named, and quotes the words that weighed most', () => {
    const post = readPost(SCAMS.find((text) => learnedFlag(readPost(text)) !== null)!);
    const flag = learnedFlag(post)!;
    expect(flag.likely).toBe(true);
    expect(flag.quote).toBeTruthy();
    expect(post.text).toContain(flag.quote!.replace(/…$/, ''));
  });
});

describe('the learned reading between its two cuts: held for a look, no red flag', () => {
  const text = 'Reply on our own site to get the brief';
  const reading = (probability: number): Reading => ({
    probability,
    family: 'offPlatform',
    strongest: { key: 'our own site', index: 9, length: 12 },
    threshold: 0.6,
    review: 0.4,
  });

  it('flags at the threshold, holds for a look from the lower cut, and raises nothing under it', () => {
    expect(flagOfReading(reading(0.6), text)).toEqual({
      code: 'offPlatform',
      quote: expect.stringContaining('our own site'),
      likely: true,
    });
    expect(flagOfReading(reading(0.45), text)).toEqual({
      code: 'offPlatform',
      quote: expect.stringContaining('our own site'),
      likely: true,
      unsure: true,
    });
    expect(flagOfReading(reading(0.39), text)).toBeNull();
    // A model without a lower cut (the scope model's) flags at its threshold only.
    expect(flagOfReading({ ...reading(0.45), review: 0.6 }, text)).toBeNull();
  });

  it('has its lower cut under its threshold: more of the new scams are held than flagged, few honest posts', () => {
    const { threshold, review } = readLearned(readPost(''));
    expect(review).toBeLessThan(threshold);
    const scams = SCAMS.map((scam) => readLearned(readPost(scam)).probability);
    expect(scams.filter((p) => p >= review).length).toBeGreaterThan(scams.filter((p) => p >= threshold).length);
    // Out of fold the cut holds about one honest post in six (the trainer prints it); here at most two of ten.
    expect(HONEST.filter((post) => readLearned(readPost(post)).probability >= review).length).toBeLessThanOrEqual(2);
  });
});

describe('the scope reading: work far beyond its money', () => {
  it('reads the budget as its band and the counts as their sizes', () => {
    const lower = 'we need 40 videos and 3 logos:\n- intro\n- outro\n- ads\n- reels\nall by 2026';
    expect(budgetFeatures('fixed', 120, lower)).toEqual(expect.arrayContaining(['$fixed:1', '#20-99', '#1-4', 'list:4-7']));
    expect(budgetFeatures('fixed', 120, lower)).not.toContain('#100+');
    expect(budgetFeatures('hourly', 8, 'ongoing support')).toEqual(['$hourly:1', 'list:0']);
    expect(budgetFeatures('fixed', null, '')).toContain('$fixed:unknown');
  });

  it('reads a count written with a thousands separator as a count, and a bare year as none', () => {
    expect(budgetFeatures('fixed', 200, 'enter 2,000 product listings into our store')).toContain('#100+');
    expect(budgetFeatures('fixed', 200, 'our 2025 catalogue needs a new cover')).not.toContain('#100+');
  });

  it('reads only fixed-price posts with a budget and enough words', () => {
    const long = readPost(`Complete brand package. ${'We need everything designed from scratch for our launch. '.repeat(4)}`);
    expect(scopeFlag(long, 'hourly', 10)).toBeNull();
    expect(scopeFlag(long, 'fixed', null)).toBeNull();
    expect(scopeFlag(readPost('Forty videos for $300.'), 'fixed', 300)).toBeNull();
  });
});

describe('the scope reading of posts it was not trained on', () => {
  const post = readPost(
    'Animated explainers for our course platform\nWe need an animated explainer video for each of our 35 lessons, 3 to 4 minutes each, 2D style with animated diagrams and a voice-over we record. Please confirm you can deliver all of them within five weeks. Startup budget, lots more work later.',
  );
  it('reads the same work as far beyond a token budget and fair at a real one', () => {
    expect(scopeFlag(post, 'fixed', 150)).toMatchObject({ code: 'scopeOverBudget', likely: true, offeredUsd: 150 });
    expect(scopeFlag(post, 'fixed', 40_000)).toBeNull();
  });

  it('quotes the count that makes the work large, not a word of the trade', () => {
    expect(scopeFlag(post, 'fixed', 150)!.quote).toContain('35 lessons');
  });
});
