import { describe, expect, it } from 'vitest';
import { tokenize } from './text';
import { allSkills, coverage, findSkills, phraseConflicts, resolveSkill, skillById, SKILL_GROUPS } from './vocabulary';

const idsIn = (text: string, options = {}) => findSkills(tokenize(text), options).map((h) => h.skill);
const idOf = (text: string) => resolveSkill(text).ids;

describe('the skill vocabulary', () => {
  it('gives each spelling of a skill, on either marketplace, one canonical id', () => {
    for (const spelling of ['React', 'React.js', 'ReactJS', 'react js', 'REACT']) expect(idOf(spelling)).toEqual(['react']);
    for (const spelling of ['Node', 'Node.js', 'NodeJS', 'node js']) expect(idOf(spelling)).toEqual(['nodejs']);
    for (const spelling of ['Next.js', 'NextJS', 'nextjs']) expect(idOf(spelling)).toEqual(['nextjs']);
    for (const spelling of ['Vue', 'Vue.js', 'VueJS']) expect(idOf(spelling)).toEqual(['vue']);
    for (const spelling of ['TypeScript', 'TS']) expect(idOf(spelling)).toEqual(['typescript']);
    for (const spelling of ['PostgreSQL', 'Postgres']) expect(idOf(spelling)).toEqual(['postgresql']);
    expect(idOf('C#')).toEqual(['csharp']);
    expect(idOf('.NET Core')).toEqual(['dotnet']);
    expect(idOf('Machine Learning (ML)')).toEqual(['machine-learning']);
    expect(idOf('UI / User Interface')).toEqual(['ui-design']);
  });

  it('keeps distinct skills distinct, in listed skills and in running text', () => {
    expect(idOf('React Native')).toEqual(['react-native']);
    expect(idsIn('We need a React Native developer for our app')).toEqual(['react-native']);
    expect(idsIn('Java and JavaScript')).toEqual(['java', 'javascript']);
    expect(idsIn('WordPress site, and a Word document')).toEqual(['wordpress', 'microsoft-office']);
    expect(idOf('C')).toEqual(['c']);
    expect(idOf('C++')).toEqual(['cpp']);
    // A garden designer is no architect: related, not the same skill.
    expect(idOf('Landscape Design')).toEqual(['landscape-design']);
    expect(idsIn('A planting plan for our backyard')).toEqual(['landscape-design']);
    expect(coverage(['landscape-design']).get('architecture')?.strength ?? 0).toBeLessThan(1);
    // Patent drawings are drafting to an office's rules, not the law the word "patent" names elsewhere.
    expect(idOf('Patent Drawings')).toEqual(['patent-drawings']);
    expect(idOf('Patents')).toEqual(['patent']);
    // A CAD suite is a tool of more trades than mechanical design: knowing it is a weak match for that work.
    expect(coverage(['solidworks']).get('cad')?.strength).toBeGreaterThan(0.8);
    expect(coverage(['solidworks']).get('mechanical-engineering')?.strength ?? 0).toBeLessThan(0.5);
    // Dynamics 365 is three products: a Business Central developer covers neither the CRM nor the enterprise ERP.
    expect(idOf('Microsoft Dynamics 365 Business Central')).toEqual(['business-central']);
    expect(idOf('Dynamics 365 Sales')).toEqual(['dynamics-crm']);
    expect(idOf('X++')).toEqual(['dynamics-fo']);
    expect(coverage(['business-central']).get('dynamics-crm')?.strength ?? 0).toBe(0);
    expect(coverage(['dynamics-crm']).get('business-central')?.strength ?? 0).toBe(0);
    expect(coverage(['dynamics-crm']).get('crm')?.strength).toBeGreaterThan(0.8);
    // A content calendar is kept by writers, channel managers and social media managers alike: no trade of its own.
    expect(idOf('Content Calendar')).not.toContain('social-media-management');
    // A host's "Airbnb Hosting" is guests and listings, not a web host.
    expect(idOf('Airbnb Hosting')).toEqual(['short-term-rentals']);
    expect(idOf('Hospitable')).toEqual(['short-term-rentals']);
    expect(idsIn('We set up Hospitable saved replies for our cabins')).toEqual(['short-term-rentals']);
    expect(idsIn('Replies in a warm, hospitable tone for our hotel guests')).not.toContain('short-term-rentals');
    expect(idOf('YouTube Analytics')).toEqual(['youtube-marketing']);
    // A listing's pictures are a designer's work; "Amazon listing" alone is its copy.
    expect(idOf('Amazon Listing Images')).toEqual(['listing-images']);
    expect(idOf('Amazon Listing')).toEqual(['product-descriptions']);
    expect(idsIn('Seven Amazon listing images and infographics for our baking mats')).toContain('listing-images');
    expect(coverage(['listing-images']).get('product-descriptions')?.strength ?? 0).toBeLessThan(0.5);
    // The tax on crypto gains is tax work; "crypto" alone stays the blockchain field.
    expect(idOf('Cryptocurrency Tax')).toEqual(['tax']);
    expect(idsIn('Crypto tax reconciliation for 2025 in Koinly')).toContain('tax');
    expect(idOf('Crypto')).toEqual(['blockchain']);
    // TikTok's Spark Ads are an ad format, not Apache Spark.
    expect(idsIn('An edited cut ready for Meta, TikTok Spark Ads or Reels')).toEqual(['tiktok-ads']);
    expect(idsIn('Port our batch jobs to Spark on Databricks')).toEqual(['spark', 'databricks']);
    // Family history is a research trade; reading old hands is related to transcription, not the same work.
    expect(idOf('Family History Research')).toEqual(['genealogy']);
    expect(idOf('Old Script Transcription')).toEqual(['paleography']);
    expect(idsIn('Transcribe letters in Kurrent and Sütterlin')).toEqual(['transcription', 'paleography', 'paleography']);
    expect(coverage(['paleography']).get('transcription')?.strength ?? 0).toBeLessThan(0.5);
    // A seller's account health is Amazon's seller metrics, not healthcare; garment construction is no building trade.
    expect(idOf('Account Health')).toEqual(['amazon-seller']);
    expect(idOf('Garment Construction')).toEqual(['fashion-design']);
    // A website's architecture and internal links are technical SEO; a building's architecture is not.
    expect(idsIn('Internal linking and site architecture for our recipe blog')).toEqual(['technical-seo', 'technical-seo']);
    expect(idsIn('Architectural drawings for a two-storey house extension')).toEqual(['architecture']);
    // Blogger outreach is a link builder's pitching to bloggers, not blog writing; a blogger still writes.
    expect(idOf('Blogger Outreach')).toEqual(['link-building']);
    expect(idsIn('Blogger outreach for our SaaS, and a blogger for our own posts')).toEqual([
      'link-building',
      'saas-industry',
      'blog-writing',
    ]);
    // Tailwind is a CSS framework, and also the scheduler a Pinterest marketer lists as "Tailwind App".
    expect(idOf('Tailwind App')).toEqual(['social-media-management']);
    expect(idOf('Tailwind')).toEqual(['tailwind']);
    expect(idsIn('Landing page in React with Tailwind')).toEqual(['react', 'tailwind']);
    expect(idsIn('Schedule our pins in Tailwind every week')).not.toContain('tailwind');
    // A composer, a producer and a sound designer are three audio trades; "Video Game Music" is no game development.
    expect(idOf('Video Game Music')).toEqual(['music-composition']);
    expect(idOf('Sound Design')).toEqual(['sound-design']);
    expect(idsIn('Weapon and foley SFX for our shooter, implemented in Wwise')).toContain('sound-design');
    expect(coverage(['music-composition']).get('music-production')?.strength ?? 0).toBeLessThan(0.5);
    expect(coverage(['music-composition']).has('game-development')).toBe(false);
    expect(coverage(['sound-design']).get('music-production')?.strength ?? 0).toBeLessThan(0.5);
    // Running a learning platform is not writing its courses; the platform and the package format belong to both trades.
    expect(idOf('LMS Administration')).toEqual(['lms-administration']);
    expect(idOf('Canvas LMS')).toEqual(['lms-platform']);
    expect(idOf('SCORM')).toEqual(['scorm']);
    for (const admin of [['lms-administration'], ['moodle'], ['scorm'], ['lms-platform']])
      expect(coverage(admin).get('course-creation')?.strength ?? 0, admin[0]).toBeLessThan(0.5);
    expect(coverage(['articulate']).get('course-creation')?.strength).toBeGreaterThan(0.8);
    // A CAD suite's simulation product is analysis, not the suite's modelling.
    expect(idOf('SolidWorks Simulation')).toEqual(['simulation']);
    expect(idOf('SolidWorks')).toEqual(['solidworks']);
    // A store's listing work and its consoles are no app development.
    expect(idOf('Google Play Store Optimization')).toEqual(['aso']);
    expect(idOf('Store Listing A/B Testing')).toEqual(['aso']);
    expect(idOf('App Store Connect')).toEqual(['app-store-publishing']);
    expect(idOf('Google Play Store')).toEqual(['android']);
    // Marks and inventions are two trades of intellectual property, neither the field of law at large.
    expect(idOf('Trademark Registration')).toEqual(['trademark']);
    expect(idOf('Provisional Patent Application')).toEqual(['patent']);
    expect(idOf('Intellectual Property')).toEqual(['legal']);
    expect(coverage(['trademark']).get('patent')?.strength ?? 0).toBeLessThan(0.5);
  });

  it('matches everyday words only where they name the skill', () => {
    expect(idsIn('We need a Go developer. Go through the docs first.')).toEqual(['go']);
    expect(idsIn('Candidates must excel at communication.')).toEqual([]);
    expect(idsIn('Build an Excel dashboard')).toEqual(['excel']);
    // Labelling data for AI is a trade of its own, and its tools say it.
    expect(idsIn('Draw bounding boxes around vehicles in 5,000 dashcam frames')).toEqual(['data-annotation']);
    expect(idsIn('Image annotation in CVAT for our model')).toEqual(['data-annotation', 'cvat']);
    // "less template-y" is no stylesheet language; "in Less" is.
    expect(idsIn('make my portfolio less template-y and less busy')).toEqual([]);
    expect(idsIn('Our stylesheets are in Less and need a cleanup.')).toEqual(['less']);
    // Title Case says nothing: "Express" here is not Express.js.
    expect(idsIn('Build An Express Checkout Page', { cased: false })).toEqual([]);
    // A translation needs a language: "translate designs into code" is not one.
    expect(idsIn('Translate Figma designs into React components')).toEqual(['figma', 'react']);
    expect(idsIn('Translate our website from English to Spanish')).toEqual(['translation', 'lang-english', 'lang-spanish']);
  });

  it('relates skills with less weight than the skill itself', () => {
    const fromNext = coverage(['nextjs']);
    expect(fromNext.get('nextjs')?.strength).toBe(1);
    expect(fromNext.get('react')?.strength).toBeCloseTo(0.9);
    const fromTypeScript = coverage(['typescript']);
    expect(fromTypeScript.get('javascript')?.strength).toBeCloseTo(0.9);
    const fromReact = coverage(['react']);
    expect(fromReact.get('nextjs')!.strength).toBeLessThan(1);
    expect(fromReact.get('react-native')!.strength).toBeLessThan(fromReact.get('nextjs')!.strength);
    expect(fromReact.get('vue')).toBeUndefined();
    expect(fromReact.get('angular')).toBeUndefined();
  });

  it('maps free text onto the vocabulary and keeps unknown skills as literal words', () => {
    expect(resolveSkill('Python (pandas)').ids).toEqual(['python', 'pandas']);
    expect(resolveSkill('English to Spanish Translation').ids).toEqual(['lang-english', 'lang-spanish', 'translation']);
    expect(resolveSkill('go').ids).toEqual(['go']);
    expect(resolveSkill('Basket weaving')).toMatchObject({ ids: [], literal: ['basket', 'weaving'] });
  });

  it('is consistent data: several hundred skills, every reference resolves, no spelling claimed twice', () => {
    const entries = SKILL_GROUPS.flatMap((g) => g.skills);
    expect(entries.length).toBeGreaterThanOrEqual(400);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const entry of entries) {
      for (const ref of [...(entry.implies ?? []), ...(entry.near ?? []), ...(entry.related ?? [])]) {
        expect(skillById(ref), `${entry.id} → ${ref}`).toBeDefined();
      }
    }
    expect(phraseConflicts()).toEqual([]);
    expect([...allSkills()].length).toBe(entries.length);
  });

  it('keeps distinct products apart, related where they are', () => {
    const pairs: Array<[string, string]> = [
      ['Airtable', 'Notion'],
      ['Snowflake', 'BigQuery'],
      ['Redshift', 'BigQuery'],
      ['DaVinci Resolve', 'Premiere Pro'],
      ['Final Cut Pro', 'Premiere Pro'],
      ['Xero', 'QuickBooks'],
      ['FreshBooks', 'QuickBooks'],
      ['Jenkins', 'GitHub Actions'],
      ['Pulumi', 'Terraform'],
      ['Kafka', 'RabbitMQ'],
      ['Hibernate', 'SQLAlchemy'],
      ['Stripe', 'PayPal'],
      ['Klaviyo', 'Mailchimp'],
      ['Asana', 'Jira'],
      ['Zendesk', 'Freshdesk'],
      ['Odoo', 'NetSuite'],
      ['Fusion 360', 'SolidWorks'],
      ['Vite', 'Webpack'],
      ['OCaml', 'Haskell'],
      ['Sketch App', 'Adobe XD'],
      ['CorelDRAW', 'Illustrator'],
      ['Cypress', 'Selenium'],
      ['Looker', 'Looker Studio'],
      ['HubSpot', 'Marketo'],
      ['Zapier', 'Make.com'],
    ];
    for (const [a, b] of pairs) {
      expect(idOf(a), a).toHaveLength(1);
      expect(idOf(a), `${a} is not ${b}`).not.toEqual(idOf(b));
    }
    // Cisco's IOS runs routers, not iPhones; a network engineer's documentation is networking, not a writer's.
    expect(idOf('Cisco IOS/IOS-XE')).toEqual(['networking']);
    expect(idsIn('Harden the Cisco IOS-XE config on our two edge routers')).toEqual(['networking']);
    expect(idOf('iOS')).toEqual(['ios']);
    expect(idOf('Network Documentation')).toEqual(['networking']);
    expect(idOf('API Documentation')).toEqual(['technical-writing']);
    // "P&C" (property and casualty) and "R&D" hold no C or R language; the statistician's bootstrap is no CSS framework.
    expect(idOf('P&C Pricing')).toEqual(['actuarial']);
    expect(idsIn('Claim our R&D tax credit for 2025', { listed: true })).not.toContain('r');
    expect(idOf('C')).toEqual(['c']);
    expect(idsIn('Reserve ranges with Mack and bootstrap ODP')).not.toContain('bootstrap');
    expect(idsIn('Landing page in Bootstrap 5')).toContain('bootstrap');
    // Developing and testing recipes is a trade of its own, not the food industry as a topic.
    expect(idOf('Recipe Development')).toEqual(['recipe-development']);
    expect(idsIn('Develop and test 12 gluten-free baking recipes for our blog')).toContain('recipe-development');
    // Words of those trades that other posts use for other things: a gin's juniper, a shop's baking supplies.
    expect(idsIn('Label copy for our juniper-forward London dry gin')).not.toContain('networking');
    expect(idsIn('Product descriptions for our baking supplies store')).not.toContain('recipe-development');
    expect(idOf('Baking')).toEqual(['recipe-development']);
    expect(idsIn('Config review for our Juniper SRX pair')).toEqual(['networking']);
    // Volkswagen's Caddy van, a car's instrument cluster (its HMI) and a venue to source are no web
    // server, no PLC and no recruiting; each still is as a listed skill or in its own words.
    expect(idsIn('Fahrzeugbeschriftung für VW Crafter und Caddy')).toEqual(['vehicle-wrap-design']);
    expect(idsIn('Reverse proxy with Caddy Server in front of our API')).toContain('web-servers');
    expect(idOf('Caddy')).toEqual(['web-servers']);
    expect(idsIn('Telltale icons for the HMI of our electric van')).not.toContain('plc');
    expect(idsIn('HMI programming and ladder logic for a bottling line')).toContain('plc');
    expect(idsIn('Venue sourcing for a 150-person offsite in Lisbon')).toEqual(['event-planning']);
    expect(idsIn('Sourcing senior backend engineers for our startup')).not.toContain('recruiting');
    expect(idsIn('Candidate sourcing for senior backend engineers')).toContain('recruiting');
    // A bot's platform is its own skill: Telegram's libraries, WhatsApp's Cloud API (no cloud hosting).
    expect(idOf('WhatsApp Cloud API')).toEqual(['whatsapp-api']);
    expect(idsIn('Upgrade our aiogram bot and add Telegram Stars payments')).toContain('telegram-bots');
    expect(coverage(['telegram-bots']).get('bots')!.strength).toBeGreaterThanOrEqual(0.9);
    expect(idsIn('Telegraf agent shipping metrics to InfluxDB')).not.toContain('telegram-bots');
    // A shader is a trade of its own, near Three.js; GLSL no longer reads as nothing.
    expect(idOf('GLSL')).toEqual(['shaders']);
    expect(coverage(['threejs']).get('shaders')!.strength).toBeGreaterThan(0.5);
    expect(idsIn('3D product viewer for our furniture store')).toContain('threejs');
    expect(idOf('visionOS')).toEqual(['ar-vr']);
    expect(idsIn('Mixed reality training for Quest 3 with passthrough')).toContain('ar-vr');
    // "Video essays" is a video editor's work, not an academic essay.
    expect(idsIn('Edit my video essays for YouTube')).toEqual(['video-editing']);
    expect(idsIn('Write a 2,000-word essay on climate policy')).toEqual(['academic-writing']);
    // A Xero bookkeeper covers a QuickBooks job in part, and bookkeeping itself; a Snowflake engineer, BigQuery.
    const fromXero = coverage(['xero']);
    expect(fromXero.get('quickbooks')!.strength).toBeGreaterThan(0.5);
    expect(fromXero.get('quickbooks')!.strength).toBeLessThan(1);
    expect(fromXero.get('bookkeeping')!.strength).toBeGreaterThanOrEqual(0.9);
    expect(coverage(['snowflake']).get('bigquery')!.strength).toBeGreaterThan(0.5);
    expect(coverage(['davinci-resolve']).get('premiere')!.strength).toBeGreaterThan(0.5);
    expect(coverage(['notion']).get('airtable')!.strength).toBeGreaterThan(0);
    expect(coverage(['react']).get('angular-material')).toBeUndefined();
  });

  it('says what a skill usually is when it is not the work', () => {
    expect(skillById('figma')?.kind).toBe('input');
    expect(skillById('premiere')?.kind).toBe('tool');
    expect(skillById('xero')?.kind).toBe('tool');
    expect(skillById('ios')?.kind).toBe('platform');
    expect(skillById('ble')?.kind).toBe('device');
    expect(skillById('real-estate')?.kind).toBe('topic');
    expect(idOf('Finance')).toEqual(['finance-industry']);
    expect(skillById('finance-industry')?.kind).toBe('topic');
    expect(skillById('react')?.kind).toBeNull();
  });
});
