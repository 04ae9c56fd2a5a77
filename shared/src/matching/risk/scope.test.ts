import { describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/job';
import { analyseJob } from '../analyse';
import { makeJob } from '../job-fixture';
import { assessRisk } from './assess';
import { parseAmount } from './scope';

/** A job from a verified client (no client signal), fixed at `usd` unless told otherwise. */
const job = (title: string, description: string, usd: number | null, over: Partial<Job> = {}) =>
  analyseJob(makeJob({ id: 'j1', title, description, minBudget: usd, maxBudget: usd, budgetUsd: usd, ...over }));
const flag = (j: ReturnType<typeof job>, code: string) => assessRisk(j).find((f) => f.code === code);

describe('scope against budget', () => {
  it('a full custom theme plus an app for $250 in all', () => {
    const f = flag(
      job('Shopify store', 'Build a full custom Shopify theme from our Figma files plus a loyalty app for points and rewards.', 250),
      'scopeOverBudget',
    );
    expect(f).toMatchObject({ offeredUsd: 250, quote: expect.stringContaining('full custom Shopify theme') });
    expect(f!.expectedUsd).toBeGreaterThanOrEqual(1000);
  });

  it('the same work at a fair price raises nothing', () => {
    expect(
      flag(job('Shopify store', 'Build a full custom Shopify theme plus a loyalty app for points.', 6000), 'scopeOverBudget'),
    ).toBeUndefined();
  });

  it('a clone of a known marketplace for a few hundred dollars, in several languages', () => {
    expect(flag(job('App', 'Need an Uber clone for iOS and Android with driver and rider apps.', 300), 'scopeOverBudget')).toMatchObject({
      expectedUsd: 3000,
      offeredUsd: 300,
    });
    expect(flag(job('App', 'Quiero una aplicación como Airbnb para mi ciudad.', 400), 'scopeOverBudget')).toBeDefined();
    expect(flag(job('Сайт', 'Нужна платформа как Avito, точнее сайт как Amazon для нашего города.', 200), 'scopeOverBudget')).toBeDefined();
  });

  it('years of books for many companies', () => {
    const f = flag(job('Bookkeeping', 'Catch up five years of books for 20 companies in QuickBooks.', 200), 'scopeOverBudget');
    expect(f).toMatchObject({
      expectedUsd: 10000,
      offeredUsd: 200,
      quote: expect.stringContaining('five years of books for 20 companies'),
    });
  });

  it('a complete brand identity and a feature film edit', () => {
    expect(
      flag(job('Branding', 'We need a complete brand identity: logo, palette, type, guidelines.', 50), 'scopeOverBudget'),
    ).toMatchObject({
      expectedUsd: 300,
    });
    expect(flag(job('Editor', 'Edit our 95-minute documentary film, colour and sound included.', 300), 'scopeOverBudget')).toMatchObject({
      expectedUsd: 1500,
    });
  });

  it('mentioning a big thing is not asking for it: a fix on an existing store, hourly work, no budget', () => {
    expect(assessRisk(job('Checkout bug', 'Our complete online store has a checkout bug; fix it.', 100))).toEqual([]);
    expect(
      flag(job('React Native', 'Build a complete mobile app for iOS and Android.', 40, { type: 'hourly' }), 'scopeOverBudget'),
    ).toBeUndefined();
    expect(flag(job('Uber clone', 'Need an Uber clone.', null), 'scopeOverBudget')).toBeUndefined();
    expect(assessRisk(job('Shopify theme customisation', 'Customise our Shopify theme sections and speed.', 300))).toEqual([]);
  });
});

describe('scope against budget in trades beyond the first tables', () => {
  it('a whole game of a kind that takes a studio, for a few hundred dollars', () => {
    expect(
      flag(
        job('Game', 'Need a complete open world action RPG with five characters and co-op, for Android and PC.', 900),
        'scopeOverBudget',
      ),
    ).toMatchObject({ offeredUsd: 900, quote: expect.stringContaining('complete open world') });
    expect(flag(job('MMO', 'Build an MMORPG: dedicated servers, guilds, crafting and PvP.', 1500), 'scopeOverBudget')).toBeDefined();
    expect(flag(job('Juego', 'Quiero un juego como Fortnite para móviles.', 600), 'scopeOverBudget')).toBeDefined();
  });

  it('an animated series for the price of a clip', () => {
    expect(
      flag(job('Animation', 'We want a 3D animated kids series: 12 episodes of 7 minutes, six characters.', 500), 'scopeOverBudget'),
    ).toMatchObject({ offeredUsd: 500 });
  });

  it('the same words about existing work, or at a fair price, raise nothing', () => {
    expect(
      flag(job('Streaming', 'Optimise texture streaming in our open world game on consoles.', 2000), 'scopeOverBudget'),
    ).toBeUndefined();
    expect(flag(job('Animation', 'Edit episode 3 of our animated series: cut to 7 minutes.', 300), 'scopeOverBudget')).toBeUndefined();
    expect(flag(job('MMO', 'Build an MMORPG prototype with our studio over a year.', 60000), 'scopeOverBudget')).toBeUndefined();
  });
});

describe('price per item in trades beyond the first tables', () => {
  it('contracts, templates, game levels, test cases and 3D models far below their floor', () => {
    expect(
      flag(job('Review', 'Review 200 commercial contracts and summarise each; 5 USD per contract.', 1000), 'pricePerItemLow'),
    ).toMatchObject({
      items: 200,
      perItemUsd: 5,
    });
    expect(flag(job('Legal', 'Draft 15 contract templates for our company.', 150), 'pricePerItemLow')).toMatchObject({ items: 15 });
    expect(flag(job('Unity levels', 'Build 60 levels in our Unity puzzle game, 500 INR per level.', 360), 'pricePerItemLow')).toMatchObject(
      {
        items: 60,
      },
    );
    expect(flag(job('QA', 'Write 400 test cases for our ERP, 20 rupees per test case.', 100), 'pricePerItemLow')).toBeDefined();
    expect(flag(job('3D', 'Need 200 simple 3D product models, 2 dollars per model.', 400), 'pricePerItemLow')).toBeDefined();
  });

  it('fair prices and levels that are not game levels raise nothing', () => {
    expect(flag(job('Unity levels', 'Build 10 levels in our Unity puzzle game, $150 per level.', 1500), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Lawyer', 'Draft 6 contract templates for our agency.', 1800), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Copy', 'Write copy for 20 levels of our membership plan page.', 100), 'pricePerItemLow')).toBeUndefined();
  });
});

describe('a rate of one item anywhere in the post', () => {
  it('animated stories, API endpoints, lip-sync scenes and coded charts far below their floor', () => {
    expect(
      flag(
        job(
          'IG stories',
          'Animated Instagram stories for our condos: 25-30 stories per month. Rate is ₱250 per story, paid twice a month.',
          null,
          {
            type: 'hourly',
          },
        ),
        'pricePerItemLow',
      ),
    ).toMatchObject({ quote: expect.stringContaining('₱250 per story') });
    expect(
      flag(
        job('Go API', 'Around 45 endpoints to build with Swagger docs. Paying ₹800 per endpoint including tests.', 500),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 45 });
    expect(
      flag(
        job('Lip sync', 'Rigged characters in Adobe Animate; lip sync for about 40 scenes a month. Rate PKR 1500 per scene.', 200),
        'pricePerItemLow',
      ),
    ).toBeDefined();
    expect(
      flag(
        job('Coding', 'Certified coders for E/M and ICD-10 coding, about 3,000 charts a month. Rate: ₱15 per chart.', 100),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 3000 });
  });

  it('the same items at fair rates, and the words in other senses, raise nothing', () => {
    expect(flag(job('IG stories', 'Animate 30 Instagram stories a month. We pay $25 per story.', 750), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Go API', 'Build 12 REST endpoints in Go with tests. $150 per endpoint.', 1800), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Lip sync', 'Lip sync for 40 animated scenes a month, $45 per scene.', 1800), 'pricePerItemLow')).toBeUndefined();
    expect(
      flag(job('Coding', 'Code 3,000 charts a month for our clinic (ICD-10, E/M). $2 per chart.', 6000), 'pricePerItemLow'),
    ).toBeUndefined();
    // Stories that are not animated, and charts that are not coded, are not these items.
    expect(flag(job('Blog', 'Write 20 customer stories for our blog. Rate is $5 per story.', 100), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Dashboard', 'Build 12 charts in Power BI. $1 per chart.', 12), 'pricePerItemLow')).toBeUndefined();
  });
});

describe('price per item', () => {
  it('a stated unit price: 100 SEO articles at $1 each', () => {
    expect(flag(job('SEO articles', 'Need 100 SEO articles at $1 each, 800 words.', 100), 'pricePerItemLow')).toMatchObject({
      items: 100,
      perItemUsd: 1,
      quote: expect.stringContaining('100 SEO articles at $1 each'),
    });
  });

  it('a stated total: 50 logos for $100', () => {
    expect(flag(job('Logos', 'We want 50 logos for $100 total for our marketplace sellers.', 1000), 'pricePerItemLow')).toMatchObject({
      items: 50,
      perItemUsd: 2,
    });
  });

  it('the budget divided by the count: 1000 product descriptions on $50', () => {
    expect(flag(job('Copywriting', 'Write 1,000 product descriptions for our catalogue.', 50), 'pricePerItemLow')).toMatchObject({
      items: 1000,
      perItemUsd: 0.05,
    });
  });

  it('in other languages', () => {
    expect(flag(job('Artículos', 'Necesito 100 artículos SEO a $1 cada uno.', 100), 'pricePerItemLow')).toMatchObject({
      items: 100,
      perItemUsd: 1,
    });
    expect(flag(job('Статьи', 'Нужно 200 статей по 1$ за статью.', 200), 'pricePerItemLow')).toMatchObject({ items: 200 });
    expect(flag(job('文章', '需要100篇文章，每篇1美元。', 100), 'pricePerItemLow')).toMatchObject({ items: 100, perItemUsd: 1 });
  });

  it('hourly jobs only by a price the post states', () => {
    expect(flag(job('Writer', 'Write 100 blog posts over the year.', 20, { type: 'hourly' }), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Writer', 'Write 100 blog posts, $2 per article.', 20, { type: 'hourly' }), 'pricePerItemLow')).toMatchObject({
      perItemUsd: 2,
    });
  });

  it('fair prices, lengths and inputs are not items at a low price', () => {
    expect(flag(job('Videos', 'Edit 30 YouTube videos (12-18 min), captions and b-roll.', 1125), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Articles', 'Write 4 articles of 1000 words.', 20), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Articles', 'Write 1000 word articles about travel.', 60), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Voice over', 'Voice-over for a 90-second onboarding video.', 150), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Research', 'Visit 500 company websites and copy emails into a sheet.', 60), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('VA', 'Upload 50 videos to our channel with titles.', 40), 'pricePerItemLow')).toBeUndefined();
    // The top of a price range is no count: 6 videos for $300-600.
    expect(flag(job('UGC', 'Six short vertical videos of the product. $300-600 for 6 videos.', 600), 'pricePerItemLow')).toBeUndefined();
    // In any currency the post may price in: pesos, rupees of Pakistan, naira.
    expect(flag(job('UGC', 'Six short videos of our serum. Budget ₱15000-30000 for 6 videos.', 540), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('UGC', 'Six short videos of our serum. Budget PKR 40000-80000 for 6 videos.', 290), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('UGC', 'Six short videos of our serum. Budget ₦200000-400000 for 6 videos.', 260), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('UGC', 'Budget $300 - 600 for 6 videos.', 600), 'pricePerItemLow')).toBeUndefined();
  });

  it('the budget over one kind of item when the post asks for several', () => {
    expect(
      flag(
        job('Full funnel', 'GA4 setup, 20 Google and Meta campaigns, 3 landing pages and 3 months of management. $200 total.', 200),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 20, perItemUsd: 10 });
    expect(
      flag(job('Narrator', 'Three novels, around 30 finished hours in total, mastered to ACX specs.', 300), 'pricePerItemLow'),
    ).toMatchObject({
      items: 30,
    });
  });

  it('patent drawing sheets and 3D render views at a fraction of a day’s work', () => {
    expect(
      flag(
        job('Patent drawings', 'Patent filing agency, bulk work. Payment ₹250 per sheet. 100+ sheets per month, USPTO rules.', 150),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 100, perItemUsd: 3 });
    const gambar = flag(
      job('Gambar paten', 'Gambar paten desain industri: total 35 gambar, kami bayar Rp 50.000 per gambar.', 110),
      'pricePerItemLow',
    );
    expect(gambar).toMatchObject({ items: 35 });
    expect((gambar as { perItemUsd: number }).perItemUsd).toBeLessThan(4);
    expect(
      flag(
        job('Exterior renders', 'Exterior 3D views for 10 houses, realistic. We pay ₹1,500 per view, total 10 views.', 180),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 10, perItemUsd: 18 });
    // A fair price, written with a thousands separator, is no price per item ($1,500 is not $1).
    expect(flag(job('Renders', 'Corona renders: 12 interior views for $1,500 in total.', 1500), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Renders', 'Exterior renders: 10 views for ₹1,50,000 in total.', 1800), 'pricePerItemLow')).toBeUndefined();
    expect(flag(job('Patent drawings', 'USPTO utility drawings: 8 figures on 5 sheets, $600.', 600), 'pricePerItemLow')).toBeUndefined();
    // Sheets of a drawing set that is not a patent's are not these items.
    expect(flag(job('Shop drawings', 'Millwork shop drawings, 40 sheets, $300 in all.', 300), 'pricePerItemLow')).toBeUndefined();
  });

  it('reads amounts with thousands separators', () => {
    expect(parseAmount('1,500')).toBe(1500);
    expect(parseAmount('50.000')).toBe(50000);
    expect(parseAmount('1,500.50')).toBe(1500.5);
    expect(parseAmount('2.50')).toBe(2.5);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('250')).toBe(250);
    expect(parseAmount('0.012')).toBe(0.012);
    expect(parseAmount('1,50,000')).toBe(150000);
    expect(parseAmount('1.500,50')).toBe(1500.5);
  });

  it('translated pages count only in a translation post', () => {
    expect(flag(job('Translation', 'Need 50 pages translated English to Spanish.', 15), 'pricePerItemLow')).toMatchObject({ items: 50 });
    expect(flag(job('Website', 'Build a site with 10 pages in Elementor.', 15), 'pricePerItemLow')).toBeUndefined();
  });

  it('job applications read for a recruiter are not apps to build', () => {
    expect(
      flag(job('Resume screening', 'Screen 200 applications against our criteria and rank the top 20.', 275), 'pricePerItemLow'),
    ).toBeUndefined();
    expect(flag(job('Apps', 'Build 10 mobile applications for our franchisees.', 300), 'pricePerItemLow')).toBeDefined();
  });

  it('grant proposals and hires, each far below the trade floor, in several languages', () => {
    expect(flag(job('Grants', 'Need 10 full foundation grant applications written this month.', 150), 'pricePerItemLow')).toMatchObject({
      items: 10,
    });
    expect(flag(job('Subvenciones', 'Redactar 8 solicitudes de subvención completas.', 120), 'pricePerItemLow')).toBeDefined();
    expect(flag(job('Hotel', 'Recruit 50 staff for a new hotel within 4 weeks, full process.', 250), 'pricePerItemLow')).toBeDefined();
    expect(flag(job('Recruiting', 'Fill 6 roles: write job ads, screen CVs, phone screens.', 2000), 'pricePerItemLow')).toBeUndefined();
  });

  it('a whole CRM rolled out, or a whole building drawn, for a few hundred dollars', () => {
    expect(
      flag(
        job('Salesforce', 'Implement Sales Cloud, Service Cloud and CPQ from scratch for 200 users in 3 countries.', 600),
        'scopeOverBudget',
      ),
    ).toBeDefined();
    expect(
      flag(job('CRM', 'Full HubSpot implementation: pipelines, automations, migration and training.', 300), 'scopeOverBudget'),
    ).toBeDefined();
    expect(flag(job('CRM', 'Implementación completa de Salesforce para nuestra empresa.', 400), 'scopeOverBudget')).toBeDefined();
    expect(
      flag(
        job('BIM', 'Architectural, structural and MEP Revit models of a 20-storey mixed-use tower with full construction documents.', 900),
        'scopeOverBudget',
      ),
    ).toBeDefined();
    expect(flag(job('Salesforce', 'Full Salesforce implementation for our 12-person team.', 8000), 'scopeOverBudget')).toBeUndefined();
    expect(flag(job('Revit', 'Update the Revit model of a 3-storey office with our redlines.', 900), 'scopeOverBudget')).toBeUndefined();
  });
});

describe('scope per category for the five-trade slice (documentation, transcription, listings, templates, security)', () => {
  it('documentation pages, audio hours, product listings and site templates far below their floor', () => {
    expect(
      flag(
        job('Docs', 'User manual, admin guide and API reference for our ERP, about 1,500 pages. Budget $600 total.', 600),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 1500 });
    expect(
      flag(
        job('Transcripts', 'Our course library: 200 hours. Transcribe and deliver subtitles. $500 for everything.', 500),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 200 });
    expect(
      flag(job('Upload 5000 products $20', 'Upload 5000 products to our store with descriptions and images.', 20), 'pricePerItemLow'),
    ).toMatchObject({
      items: 5000,
    });
    expect(flag(job('Store', 'Build and fully stock our store: 3,000 products for $150.', 150), 'pricePerItemLow')).toBeDefined();
    expect(
      flag(job('Webflow', 'A Webflow site selling 40 unique template designs built from scratch. Total $400.', 400), 'pricePerItemLow'),
    ).toBeDefined();
    expect(flag(job('Субтитры', 'Нужно транскрибировать 100 часов интервью за 3000 рублей.', 35), 'pricePerItemLow')).toBeDefined();
  });

  it('a full penetration test or a whole ISO 27001 programme for a few hundred dollars', () => {
    expect(
      flag(job('Full website pentest $40', 'Pentest my website fully, find all vulnerabilities and give report.', 40), 'scopeOverBudget'),
    ).toBeDefined();
    expect(
      flag(
        job('ISO', 'Get us ready for ISO 27001 certification: 40 policies, risk register, full pentest of 3 apps. Budget $300.', 300),
        'scopeOverBudget',
      ),
    ).toBeDefined();
  });

  it('the same work at a fair price raises nothing', () => {
    expect(assessRisk(job('Docs', 'User manual for our centrifuge, about 120 pages, in Word.', 3000))).toEqual([]);
    expect(assessRisk(job('Transcripts', 'Transcribe 20 hours of medical interviews, clean verbatim.', 900))).toEqual([]);
    expect(assessRisk(job('Shopify upload', 'Upload 400 products from a supplier CSV to Shopify, variants and images.', 600))).toEqual([]);
    expect(
      assessRisk(job('Pentest', 'Authorised penetration test of our SaaS app and API, OWASP Top 10, report and retest.', 6500)),
    ).toEqual([]);
    expect(assessRisk(job('Canva', 'Design 40 Canva templates for our Instagram posts.', 400))).toEqual([]);
    // Products a search indexes are its input, not listings to write.
    expect(assessRisk(job('Search', 'Elasticsearch index of 200k products in our catalogue, typo tolerance, synonyms.', 4000))).toEqual([]);
  });
});

describe('price per item by the items’ size and kind', () => {
  it('long articles, animated videos and high-end retouching against their own floors', () => {
    // 60 articles of 2,000 words for $350: under $6 an article, under a content mill's $4 a thousand words.
    expect(
      flag(
        job('Affiliate site', 'Write 60 articles (2,000-3,000 words each) for our baby-products site. 350 USD for everything.', 350),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 60 });
    // 40 animated explainers of 3-4 minutes for $600: $15 a video, where animation costs ~$20 a minute.
    expect(
      flag(
        job('Explainers', 'We need 40 animated explainer videos, 3-4 minutes each, whiteboard style. $600 for all 40.', 600),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 40 });
    // 850 jewellery images with a full high-end retouch for $200.
    expect(
      flag(
        job(
          'Jewelry catalogue',
          'Retouch 850 images of rings and earrings: high-end retouch, stones cleaned, metal rebuilt. $200 fixed.',
          200,
        ),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 850 });
    // 60 plant operator screens bound to PLC tags at $8 a screen, where a UI screen's floor is $5.
    expect(
      flag(
        job('WinCC screens', 'Build 60 HMI screens in WinCC for a tank farm, alarms linked to PLC tags. I pay $8 per screen.', 480),
        'pricePerItemLow',
      ),
    ).toMatchObject({ items: 60, perItemUsd: 8 });
    // 45 object detection models at $12 a model.
    expect(
      flag(job('YOLO models', 'Train 45 custom object detection models (YOLO), $12 per model.', 540), 'pricePerItemLow'),
    ).toMatchObject({ items: 45 });
  });

  it('the same counts at the trade’s price, short clips with animated captions and basic cut-outs raise nothing', () => {
    expect(
      flag(job('Blog', 'Write 20 articles of 1,000 words each for our blog, $50 per article.', 1000), 'pricePerItemLow'),
    ).toBeUndefined();
    expect(
      flag(job('TikToks', 'I have 10 talking-head TikToks (45-60 s). Need animated captions and b-roll.', 250), 'pricePerItemLow'),
    ).toBeUndefined();
    expect(
      flag(job('Cut-outs', 'Remove the background from 400 product photos, white background, $120.', 120), 'pricePerItemLow'),
    ).toBeUndefined();
    expect(
      flag(job('App UI', 'Design 30 app screens in Figma from our wireframes, $8 per screen.', 240), 'pricePerItemLow'),
    ).toBeUndefined();
    expect(
      flag(job('SCADA', 'Build 25 SCADA screens in Ignition with alarms and trends, $60 per screen.', 1500), 'pricePerItemLow'),
    ).toBeUndefined();
  });
});

describe('a budget that is not the pay', () => {
  const store = 'Build a full custom Shopify theme from our Figma files plus a loyalty app for points and rewards.';
  const codes = (description: string, usd = 250) => assessRisk(job('Shopify store', description, usd)).map((f) => f.code);

  it('no scope flag when the post says its budget is open, in several languages', () => {
    expect(codes(store)).toContain('scopeOverBudget');
    for (const open of [
      'Budget is negotiable for the right person.',
      'We are open to offers.',
      'El presupuesto es negociable.',
      'Orçamento negociável para a pessoa certa.',
      'Le budget est négociable.',
      'Бюджет обсуждается.',
      'Budget bisa nego.',
      '预算可以商量。',
      'الميزانية قابلة للتفاوض.',
      'बजट पर बातचीत हो सकती है।',
      'বাজেট আলোচনা সাপেক্ষে।',
    ]) {
      expect(codes(`${store} ${open}`), open).not.toContain('scopeOverBudget');
    }
  });

  it('the scope reading too: a whole marketplace for $300, open to offers', () => {
    const work =
      'Build our whole online marketplace: buyer and seller accounts, listings, search, checkout with Stripe, reviews, an admin panel and iOS and Android apps. Everything must be finished in three weeks.';
    const flagged = (d: string) => assessRisk(job('Marketplace', d, 300)).some((f) => f.code === 'scopeOverBudget');
    expect(flagged(work)).toBe(true);
    expect(flagged(`${work} Budget is negotiable for the right person.`)).toBe(false);
    expect(flagged(`${work} Presupuesto negociable.`)).toBe(false);
  });

  it('nor when the budget is ad spend and the fee is apart', () => {
    expect(codes(`${store} Our monthly budget for ads is fixed; your fee is separate.`)).not.toContain('scopeOverBudget');
  });

  it('a budget that is not negotiable, or a rate the post states, still counts', () => {
    expect(codes(`${store} Budget is not negotiable.`)).toContain('scopeOverBudget');
    expect(codes(`${store} El presupuesto no es negociable.`)).toContain('scopeOverBudget');
    // The budget over the count is no rate when the budget is open; a price the post names for each item still is.
    expect(codes('Write 1,000 product descriptions for our catalogue. Budget negotiable.', 50)).not.toContain('pricePerItemLow');
    expect(codes('Need 100 SEO articles at $1 each, 800 words. Budget negotiable.', 100)).toContain('pricePerItemLow');
  });
});

describe('counts that are no items to make', () => {
  it('products imported in bulk from a spreadsheet, and a parenthesis listing what the client has, raise nothing', () => {
    expect(
      flag(
        job(
          'Import 3,000 products with variants into Odoo 17',
          'Import our product catalogue (~3,000 SKUs, sizes and colours as variants, supplier prices) from Excel into Odoo 17.',
          500,
        ),
        'pricePerItemLow',
      ),
    ).toBeUndefined();
    expect(
      flag(
        job(
          'Upgrade Django 2.2 to 5.x',
          'We have a Django 2.2 / Python 3.7 app (about 60 models, 30 apps, DRF 3.9) that powers our portal. Upgrade it step by step.',
          2500,
        ),
        'pricePerItemLow',
      ),
    ).toBeUndefined();
  });

  it('a count marked as approximate, or of the clients a business already has, is no order either', () => {
    expect(
      flag(
        job('API testing with Postman', 'We have ~80 endpoints documented in OpenAPI. Write a Postman collection and run it in CI.', 900),
        'pricePerItemLow',
      ),
    ).toBeUndefined();
    expect(
      flag(
        job(
          'Expo developer for our MVP',
          'We’re an online coaching business (~1,400 paying clients) stuck on a white-label app. Build our own.',
          9000,
        ),
        'pricePerItemLow',
      ),
    ).toBeUndefined();
  });

  it('listings made one by one, and apps to build, still count', () => {
    expect(
      flag(
        job('Upload 5000 products $20', 'Upload 5000 products to our store from supplier site, with descriptions and images.', 20),
        'pricePerItemLow',
      ),
    ).toBeDefined();
    expect(flag(job('Apps', 'Build 30 apps for our franchisees (iOS and Android), one per city.', 2500), 'pricePerItemLow')).toBeDefined();
  });
});
