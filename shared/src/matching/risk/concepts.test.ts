import { describe, expect, it } from 'vitest';
import { conceptFlags } from './concepts';
import { readPost } from './post';

/** The flag codes the concept rules raise on a post. */
const codes = (text: string) => conceptFlags(readPost(text)).map((flag) => flag.code);

describe('concept rules: ideas that meet in one sentence, whatever the words', () => {
  it.each([
    ['checkEvasion', 'Rewrite 30 blog posts made with ChatGPT so that GPTZero and Originality.ai score them as human.'],
    ['checkEvasion', 'Spin these competitor articles so Copyscape shows 0% match, keep the meaning.'],
    ['checkEvasion', 'Need an editor to re-cut copyrighted football highlights with mirroring so YouTube does not catch them.'],
    ['checkEvasion', 'Paraphrase research papers from other authors until the plagiarism checker gives a 0% similarity score.'],
    ['fakeEngagement', 'Write and post Trustpilot reviews for our store, each from a new profile with a different name.'],
    ['fakeEngagement', 'Upvote our Product Hunt launch with 300 accounts on launch day.'],
    ['fakeEngagement', 'We need testers to download our app and rate it five stars on the Play Store, then leave a comment.'],
    ['fakeEngagement', 'Paying $3 per review for Google Maps reviews of our three restaurants.'],
    ['fakeEngagement', 'Get us 10k TikTok followers that look organic within two weeks, we will buy the likes too.'],
    ['piracy', 'Send me a working copy of Adobe Premiere with the activation bypassed.'],
    ['piracy', 'Need the premium version of this WordPress plugin with the license key check disabled so it works on 50 sites.'],
    ['piracy', 'Download and re-host full episodes of Netflix series on our streaming site.'],
    ['piracy', 'Clone the paid Udemy course videos and put them on our Telegram channel.'],
    ['piracy', 'Rip the audiobooks from Audible and convert them to mp3 without DRM.'],
    ['piracy', 'Remove the watermarks from these Shutterstock images for our blog.'],
    ['falsifiedRecords', 'Create three payslips with a higher salary for my mortgage application.'],
    ['falsifiedRecords', 'Make a utility bill in my name with a UK address for account verification.'],
    ['falsifiedRecords', 'Adjust the profit and loss statement so the company looks profitable to the investors.'],
    ['falsifiedRecords', 'Need a realistic degree certificate from an American university, with seal.'],
    ['falsifiedRecords', 'Change the dates and the amounts on my bank statements, I will send the PDFs.'],
    ['bulkAccounts', 'Create 100 Tinder profiles with different photos and phone numbers.'],
    ['bulkAccounts', 'Register 300 email addresses with SMS verification for our outreach tool.'],
    ['bulkAccounts', 'Set up hundreds of Twitter accounts on unique IPs, aged if possible.'],
    ['forbiddenByTerms', 'Take my Upwork skills test for me and pass it with a high score.'],
    ['forbiddenByTerms', 'Log in to my freelancer account and do the work under my name.'],
    ['forbiddenByTerms', 'I need someone to rent me their verified Upwork account.'],
    ['forbiddenByTerms', 'Bid on projects from my account and I pay you a share.'],
    ['upfrontFee', 'Earn $500 a week typing. A $49 starter package is needed before you get tasks.'],
    ['upfrontFee', 'Applicants pay a refundable $25 registration deposit first, then the tasks are unlocked.'],
    ['paymentHandling', 'Need a local representative to accept bank transfers from our customers and send the money by Western Union.'],
    ['paymentHandling', 'You will receive payments from our buyers and pass them on in Bitcoin, keeping 8%.'],
    ['unpaidWork', 'Write three sample articles of 1,000 words each for free so we can judge your style.'],
    ['unpaidWork', 'Design a complete homepage as a test task; we will pick the best one and hire that designer.'],
    ['surveillance', 'Put a hidden app on my husband phone so I can read his WhatsApp messages without him knowing.'],
    ['surveillance', 'I want to secretly track my employee location and read their emails.'],
  ])('%s: %s', (code, text) => {
    expect(codes(text)).toContain(code);
  });

  it.each([
    'Articles must pass Copyscape and be 100% original; we check every piece with Grammarly.',
    'Avoid copyright strikes by using only licensed or royalty-free music in our YouTube videos.',
    'Edit our podcast episodes for YouTube; avoid long intros and keep the pacing tight.',
    'Humanize our AI drafts so they read naturally in our brand voice.',
    'We have 500 five-star reviews on Google and want a website that shows them.',
    'Set up a review request email that asks our real customers to leave a Google review.',
    'Build a dashboard that analyses reviews and ratings from Amazon for sentiment.',
    'Reply to reviews on Trustpilot and Google on our behalf, politely and within a day.',
    'We run paid ads to get more views on our YouTube channel; manage the campaigns.',
    'Grow our Instagram organically: content calendar, hashtags and community management.',
    'Set up 20 email accounts for our staff on Google Workspace and migrate their mail.',
    'Import 5,000 customer accounts into our CRM and verify their email addresses.',
    'Create 30 test accounts for QA in our sandbox environment.',
    'Prepare financial statements for our bank loan application from our books in Xero.',
    'Create a realistic financial model for investors: revenue, costs, cash flow, three scenarios.',
    'Design a certificate template with a seal for the graduates of our course.',
    'Translate my diploma and transcript into English for a university admission, certified translation.',
    'Optimise my Upwork profile: title, overview and portfolio.',
    'We sell a membership site; users pay a $49 membership fee before they access the course.',
    'Integrate Stripe to accept payments from our customers and send receipts by email.',
    'Migrate our licensed WordPress plugins to the new server and renew the licence keys.',
    'Remove the watermark from our own product photos; we shot them ourselves.',
    'Download our Udemy course videos (we are the instructor) and upload them to our own site.',
    'Build a parental control feature for our app, with consent screens for teens.',
    'Fleet tracking for our company-owned vans with drivers informed, GPS on a map.',
    'We offer a free trial of our software; write onboarding emails for trial users.',
    'Our volunteers need a sign-up page and a donation page for the charity.',
    'Design a free landing page template for our open-source project; paid at your hourly rate.',
    'Paid test task: a two-hour sample, billed at your rate, before the full project.',
    'We never buy followers or reviews: grow our account with real content.',
    'Create 50 landing pages in Webflow for our SEO campaign.',
    'Edit the dates on our event page and the names of the speakers.',
  ])('no flag: %s', (text) => {
    expect(codes(text)).toEqual([]);
  });
});
