import { describe, expect, it } from 'vitest';
import { analyseJob } from './analyse';
import { makeJob } from './job-fixture';
import { compileProfile, type MatchProfile } from './profile';
import { scoreAnalysedJob } from './score';
import { DEFAULT_MIN_MATCH_SCORE } from '../schemas/agent';

/** One post of a trade, the freelancer who does its work, and the main skill it asks for. */
interface Case {
  what: string;
  title: string;
  description: string;
  /** The marketplace's listed skills, in its order (the input or topic often first). */
  tags: string[];
  main: string | ((id: string | undefined) => boolean);
  worker: MatchProfile;
}

const shopifyDeveloper: MatchProfile = { skills: ['Shopify', 'Shopify Liquid', 'JavaScript', 'CSS'], title: 'Shopify theme developer' };
const androidDeveloper: MatchProfile = { skills: ['Kotlin', 'Android', 'Jetpack Compose'], title: 'Android developer (Kotlin)' };
const dataEngineer: MatchProfile = { skills: ['Python', 'ETL', 'Snowflake', 'Airflow', 'dbt', 'SQL'], title: 'Data engineer' };
const writer: MatchProfile = { skills: ['Content Writing', 'Blog Writing', 'Article Writing', 'SEO Writing'], title: 'SEO content writer' };
const designer: MatchProfile = { skills: ['Figma', 'UI Design', 'UX Design', 'Wireframing'], title: 'UI/UX designer' };
const unityDeveloper: MatchProfile = { skills: ['Unity', 'C#', 'Game Development'], title: 'Unity game developer' };
const pentester: MatchProfile = {
  skills: ['Penetration Testing', 'Web Application Security', 'Vulnerability Assessment', 'Burp Suite'],
  title: 'Penetration tester',
};
const recruiter: MatchProfile = {
  skills: ['Recruiting', 'Technical Recruiting', 'Sourcing', 'Interviewing'],
  title: 'Technical recruiter',
};

const cases: Case[] = [
  {
    what: 'an input (designs to build from)',
    title: 'Build a Shopify theme from our Figma designs',
    description: 'We have Figma designs for every page. Build a custom Shopify theme in Liquid.',
    tags: ['Figma', 'Shopify', 'Liquid', 'HTML', 'CSS'],
    main: 'shopify',
    worker: shopifyDeveloper,
  },
  {
    what: 'a source (the app a migration starts from)',
    title: 'Migrate our Java app to Kotlin',
    description: 'Our Android app is written in Java. Rewrite it in Kotlin with Jetpack Compose.',
    tags: ['Java', 'Kotlin', 'Android'],
    main: 'kotlin',
    worker: androidDeveloper,
  },
  {
    what: 'a data source',
    title: 'Data pipeline from Salesforce into BigQuery',
    description: 'Pull Salesforce objects daily and load them into BigQuery on a schedule.',
    tags: ['Salesforce', 'BigQuery', 'Python', 'ETL'],
    main: (id) => id === 'data-engineering' || id === 'bigquery',
    worker: dataEngineer,
  },
  {
    what: 'a destination',
    title: 'Reverse ETL to HubSpot',
    description: 'Sync customer traits from our warehouse to HubSpot every hour.',
    tags: ['HubSpot', 'SQL', 'Data Engineering'],
    main: 'data-engineering',
    worker: dataEngineer,
  },
  {
    what: "the client's industry",
    title: 'Blog posts for a real-estate firm',
    description: 'Four 1,200-word blog posts a month for our real estate agency.',
    tags: ['Real Estate', 'Content Writing', 'Blog Writing'],
    main: 'blog-writing',
    worker: writer,
  },
  {
    what: 'an industry named first, in the title',
    title: 'Real Estate Content Writer',
    description: 'Write listings and neighbourhood guides.',
    tags: ['Real Estate', 'Content Writing'],
    main: 'content-writing',
    worker: writer,
  },
  {
    what: 'the topic',
    title: 'Finance articles for our fintech blog',
    description: 'Articles about personal finance, 1,500 words each.',
    tags: ['Finance', 'Article Writing'],
    main: 'article-writing',
    worker: writer,
  },
  {
    what: 'a legal topic',
    title: 'Legal blog posts for a law firm',
    description: 'SEO blog posts about immigration law.',
    tags: ['Legal', 'Blog Writing', 'SEO Writing'],
    main: 'blog-writing',
    worker: writer,
  },
  {
    what: 'the device the design is for',
    title: 'Design screens for an iOS meditation app',
    description: '12 screens in Figma: onboarding, player, profile.',
    tags: ['iOS', 'Mobile App Design', 'Figma', 'UI Design'],
    main: (id) => id === 'mobile-design' || id === 'ui-design',
    worker: designer,
  },
  {
    what: 'the device an app talks to',
    title: 'Android app for a heart-rate strap',
    description: 'Read the strap over Bluetooth Low Energy and chart the data.',
    tags: ['Bluetooth Low Energy', 'Android', 'Kotlin'],
    main: 'android',
    worker: androidDeveloper,
  },
  {
    what: 'the device named first, the platform after "for"',
    title: 'Heart-rate strap companion app (BLE) for Android',
    description: 'Kotlin app reading a BLE chest strap.',
    tags: ['Wearables', 'Bluetooth', 'Android'],
    main: 'android',
    worker: androidDeveloper,
  },
  {
    what: 'the role a recruiter is asked to fill',
    title: 'Recruit React developers for our agency',
    description: 'Find and pre-screen 5 React and TypeScript developers in Eastern Europe; our tech lead runs the interviews.',
    tags: ['React', 'TypeScript', 'Technical Recruiting'],
    main: 'recruiting',
    worker: recruiter,
  },
  {
    what: 'the engineers a recruiter sources',
    title: 'Technical recruiter to source senior Go engineers',
    description: 'Source Go engineers on LinkedIn and GitHub and run the first screening calls.',
    tags: ['Go', 'Kubernetes', 'Recruiting'],
    main: 'recruiting',
    worker: recruiter,
  },
  {
    what: 'the medium a game engine makes (VR)',
    title: 'VR forklift training simulation in Unity',
    description: 'Build a VR training simulation with hand tracking for the Meta Quest 3.',
    tags: ['Virtual Reality', 'Oculus', 'Unity'],
    main: 'unity',
    worker: unityDeveloper,
  },
  {
    what: 'the platform a security test is done on',
    title: 'Penetration test of our AWS-hosted web application',
    description: 'Test our customer portal hosted on AWS (EC2, S3, RDS) and write up the findings with fixes.',
    tags: ['Amazon Web Services', 'Penetration Testing', 'Cybersecurity'],
    main: (id) => id === 'penetration-testing' || id === 'cybersecurity',
    worker: pentester,
  },
  {
    what: 'the cloud a security review is done on',
    title: 'AWS security configuration review',
    description: 'Review the IAM roles, security groups and S3 bucket policies of our AWS account and list what to fix.',
    tags: ['AWS Security', 'Cloud Security', 'Security Audit'],
    main: (id) => id === 'penetration-testing' || id === 'cybersecurity',
    worker: pentester,
  },
];

describe('the main skill is the work', () => {
  for (const c of cases) {
    it(`is not ${c.what}: "${c.title}"`, () => {
      const job = analyseJob(makeJob({ id: c.what, title: c.title, description: c.description, skills: c.tags }));
      if (typeof c.main === 'string') expect(job.main?.id).toBe(c.main);
      else expect(c.main(job.main?.id), `main ${job.main?.id}`).toBe(true);
      const result = scoreAnalysedJob(job, compileProfile(c.worker));
      expect(result.factors.map((f) => f.code)).not.toContain('mainMissing');
      expect(result.score).toBeGreaterThanOrEqual(DEFAULT_MIN_MATCH_SCORE);
    });
  }

  it('still penalises the freelancer who does not do the work', () => {
    const theme = analyseJob(makeJob({ id: 'theme', ...pick(cases[0]!) }));
    // A designer's Figma is the input here, not the work: the job is a Shopify developer's.
    const result = scoreAnalysedJob(theme, compileProfile(designer));
    expect(result.factors).toContainEqual(expect.objectContaining({ code: 'mainMissing', skill: 'Shopify' }));
    expect(result.score).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
    const screens = analyseJob(makeJob({ id: 'screens', ...pick(cases[8]!) }));
    expect(scoreAnalysedJob(screens, compileProfile({ skills: ['Swift', 'iOS'] })).score).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
    const posts = analyseJob(makeJob({ id: 'posts', ...pick(cases[4]!) }));
    expect(scoreAnalysedJob(posts, compileProfile({ skills: ['Real Estate', 'Virtual Assistant'] })).score).toBeLessThan(
      DEFAULT_MIN_MATCH_SCORE,
    );
  });

  it('a developer is not the worker of a post that recruits developers, and still is of one that hires one', () => {
    const react: MatchProfile = { skills: ['React', 'TypeScript', 'Next.js'], title: 'React developer' };
    const recruit = analyseJob(makeJob({ id: 'recruit', ...pick(cases.find((c) => c.title.startsWith('Recruit React'))!) }));
    expect(scoreAnalysedJob(recruit, compileProfile(react)).score).toBeLessThan(DEFAULT_MIN_MATCH_SCORE);
    const hire = analyseJob(
      makeJob({
        id: 'hire',
        title: 'Hire a React developer for our agency',
        description: 'Build pages in React and TypeScript.',
        skills: ['React', 'TypeScript'],
      }),
    );
    expect(hire.main?.id).toBe('react');
    expect(scoreAnalysedJob(hire, compileProfile(react)).score).toBeGreaterThanOrEqual(DEFAULT_MIN_MATCH_SCORE);
  });

  it('reads the worker from the words around a mention', () => {
    const read = (title: string, tags: string[] = [], description = '') =>
      analyseJob(makeJob({ id: title, title, description, skills: tags }));
    expect(read('Figma designer for a SaaS dashboard', ['Figma', 'UI Design']).main?.id).toBe('figma');
    expect(read('Convert Figma designs into a Shopify store', ['Figma', 'Shopify']).main?.id).toBe('shopify');
    expect(read('Squarespace to Shopify migration', ['Squarespace', 'Shopify']).main?.id).toBe('shopify');
    // Added to a product is no change into it: the viewer is the work, WooCommerce where it goes.
    expect(read('Add a 3D viewer to WooCommerce product pages', ['WooCommerce', 'Three.js']).main?.id).toBe('threejs');
    expect(read('Website for my bakery (I already have WordPress hosting)', ['Website Design']).main?.id).toBe('web-design');
    // What another trade's verb works on is not the work: a video editor built in React, email templates designed in Figma.
    expect(read('Build a browser-based video editor in React', ['React', 'TypeScript', 'Video Editing']).main?.id).toBe('react');
    expect(read('Design 4 email templates in Figma', ['Figma', 'Email Template', 'Graphic Design']).main?.id).not.toBe('html-email');
    expect(read('Write a Python script to rename files', ['Python']).main?.id).toBe('python');
    // A topic before a worker noun is the worker's topic.
    expect(read('Real estate assistant for our brokerage', ['Real Estate', 'Virtual Assistant']).main?.id).toBe('virtual-assistant');
    expect(read('Blockchain developer for a DeFi dashboard', ['Blockchain', 'React']).main?.id).toBe('blockchain');
    // A tool yields to the work done with it.
    expect(read('Monthly management accounts pack in Excel from Xero', ['Excel', 'Xero', 'Financial Reporting']).main?.id).toBe(
      'accounting',
    );
    expect(read('Cut our weekly vlog in DaVinci Resolve', ['DaVinci Resolve', 'Video Editing']).main?.id).toBe('video-editing');
    const roles = Object.fromEntries(read('Data pipeline from Salesforce into BigQuery').skills.map((s) => [s.id, s.role]));
    expect(roles).toMatchObject({ salesforce: 'input' });
    // An existing product is the codebase the work is done in, not a thing handed over: fixing a React Native app is React Native work.
    const roleOf = (title: string, id: string) => read(title).skills.find((s) => s.id === id)?.role;
    expect(roleOf('Fix crashes in an existing React Native app', 'react-native')).toBe('neutral');
    expect(roleOf('Build a settings screen in our existing React Native app', 'react-native')).toBe('neutral');
    expect(roleOf('Our existing React Native app needs push notifications', 'react-native')).toBe('neutral');
    expect(roleOf('Build a new dashboard using our existing Figma designs', 'figma')).toBe('input');
    expect(roleOf('Migrate our existing Java app to Kotlin', 'java')).toBe('input');
    // A product on its way out is what the work leaves, whatever comes after.
    expect(roleOf('Magento 1.9 store end of life - move 14k SKUs, customers and orders', 'magento')).toBe('input');
    expect(roleOf('Our Magento 2 store is slow at checkout', 'magento')).toBe('neutral');
    // Software built for a tool of another trade is a developer's work: the tool is what it is for.
    const software = (id: string | undefined) =>
      ['javascript', 'react', 'typescript', 'nodejs', 'csharp', 'dotnet', 'api-integration', 'python'].includes(id ?? '');
    const plugin = read('Photoshop UXP plugin for one-click skin retouching', ['Adobe Photoshop', 'JavaScript', 'React']);
    expect(plugin.skills.find((s) => s.id === 'photoshop')?.role).toBe('context');
    expect(plugin.mainOptions.filter((o) => software(o.skill.id)).reduce((sum, o) => sum + o.share, 0)).toBeGreaterThanOrEqual(0.5);
    expect(
      read('QuickBooks Online API integration for our invoicing SaaS (Node.js)', ['QuickBooks', 'API Integration', 'Node.js']).main?.id,
    ).toSatisfy(software);
    expect(read('AutoCAD plugin developer (C#/.NET)', ['AutoCAD', 'C#', '.NET']).main?.id).toSatisfy(software);
    expect(roleOf('Google Ads API integration for our reporting SaaS', 'google-ads')).toBe('context');
    // The code a developer writes for the tool: "PowerPoint VBA developer", a "Google Slides add-on".
    expect(
      read('PowerPoint VBA developer: auto-generate 60 weekly report decks from Excel', ['Microsoft PowerPoint', 'VBA']).main?.id,
    ).toBe('vba');
    expect(roleOf('Google Slides add-on for our sales team', 'presentation-design')).toBe('context');
    // Recruiting developers is a recruiter's work.
    expect(read('Recruit React developers for our agency', ['Recruiting', 'React']).main?.id).toBe('recruiting');
    // A developer's own platform, or the tool used for the trade's own work, stays the work.
    expect(read('WordPress plugin developer for a booking form', ['WordPress', 'PHP']).main?.id).toMatch(/^wordpress/);
    expect(read('Reconcile 12 months in QuickBooks Online', ['QuickBooks', 'Bookkeeping']).main?.id).not.toSatisfy(software);
    expect(read('Retouch 50 product photos in Photoshop', ['Adobe Photoshop', 'Photo Editing']).main?.id).not.toSatisfy(software);
    // Another layer's work for a product is not work in the product's codebase: a Go backend for a Flutter app.
    expect(roleOf('REST API in Go + PostgreSQL for our Flutter fitness app', 'flutter')).toBe('context');
    expect(roleOf('Backend for our Flutter fitness app', 'flutter')).toBe('context');
    expect(read('REST API and PostgreSQL backend for our Flutter app', ['PostgreSQL', 'REST API', 'Flutter']).main?.id).not.toBe('flutter');
    // Work of the product's own layer stays in its codebase.
    expect(roleOf('Accessibility fixes for our React app', 'react')).toBe('neutral');
    // A cased language names itself before a worker noun, even first in a Title Case title.
    expect(read('Go Developer for our Flutter Fitness App').main?.id).toBe('go');
    expect(read('Go developer needed for a logistics API').main?.id).toBe('go');
    expect(read('Go live with our Shopify store this week').skills.map((s) => s.id)).not.toContain('go');
    // The person a deliverable is for is the client, not the worker wanted: a resume for a structural engineer.
    const resume = read('Resume + LinkedIn rewrite for a structural engineer (PE) moving into bridge design', ['Resume Writing']);
    expect(resume.main?.id).toBe('resume-writing');
    expect(resume.skills.find((s) => s.id === 'civil-engineering')?.role).not.toBe('work');
    expect(read('Logo for a Flutter developer community', ['Logo Design']).main?.id).toBe('logo-design');
    // A post that offers the work to the worker still names the worker.
    expect(read('Long-term project for an experienced Flutter developer').main?.id).toBe('flutter');
    expect(read('Looking for a Go developer').main?.id).toBe('go');
    // One name, two senses: the aeroelastic flutter of a wing is not the Flutter framework.
    expect(read('Aeroelastic flutter analysis of a UAV wing (MSC Nastran SOL 145)').skills.map((s) => s.id)).not.toContain('flutter');
    expect(read('Flutter developer for a drone telemetry app').main?.id).toBe('flutter');
    // A structural analysis program is not 3D design: "RISA-3D design" is structural engineering.
    const mezzanine = read('Warehouse steel mezzanine 40x60 — RISA-3D design, base plates on existing slab', ['Structural Engineering']);
    expect(mezzanine.skills.map((s) => s.id)).not.toContain('3d-modeling');
    expect(mezzanine.main?.id).toBe('civil-engineering');
    expect(read('Steel connection design for a braced frame', ['Connection Design']).main?.id).toBe('civil-engineering');
    // A machine's engine is not software: an engine bracket drawn in SolidWorks is CAD work.
    expect(roleOf('SolidWorks engine mount bracket for a go-kart', 'solidworks')).not.toBe('context');
    expect(read('SolidWorks engine mount bracket for a go-kart', ['SolidWorks', '3D Modelling']).main?.id).not.toSatisfy(software);
    const fixing = read(
      'Fix crashes in an existing React Native app',
      ['Kotlin', 'React Native', 'Android'],
      'The backend will run on Kotlin.',
    );
    expect(fixing.main?.id).toBe('react-native');
  });

  it('reads a mark or a patent named in passing as no requirement, and as the work where the post asks for it', () => {
    const logo = analyseJob(
      makeJob({
        id: 'logo',
        title: 'Logo for our bakery',
        description: 'A clean wordmark we can trademark later; our oven is patent pending.',
        skills: ['Logo Design'],
      }),
    );
    expect(logo.skills.map((s) => s.id)).not.toContain('trademark');
    expect(logo.skills.map((s) => s.id)).not.toContain('patent');
    const filing = analyseJob(makeJob({ id: 'filing', title: 'Trademark search and USPTO filing for our bakery name', skills: [] }));
    expect(filing.main?.id).toBe('trademark');
  });

  it('reads a quality the result must have, and a client named with its business, as not the work', () => {
    const frontend: MatchProfile = { title: 'Front-end developer', skills: ['Next.js', 'React', 'TypeScript', 'Tailwind CSS'] };
    const site = analyseJob(
      makeJob({
        id: 'seo-friendly',
        title: 'SEO-friendly Next.js marketing website (8 pages)',
        description: 'Our designer has the pages ready. Build them in Next.js so they load fast and must stay SEO optimised.',
        skills: ['SEO', 'Next.js', 'React'],
      }),
    );
    expect(site.main?.id).toBe('nextjs');
    expect(scoreAnalysedJob(site, compileProfile(frontend)).factors.map((f) => f.code)).not.toContain('mainMissing');
    // The same words before a noun are the work: "SEO optimization" asks for SEO.
    const audit = analyseJob(makeJob({ id: 'seo-work', title: 'SEO optimization of our Next.js blog', skills: ['SEO', 'Next.js'] }));
    expect(audit.main?.id).toBe('seo');

    const retoucher: MatchProfile = {
      title: 'Portrait photo retoucher (Photoshop, Lightroom)',
      skills: ['Adobe Photoshop', 'Lightroom', 'photo retouching', 'portrait retouching'],
    };
    const photos = analyseJob(
      makeJob({
        id: 'law-firm',
        title: 'Law firm website – staff profile photos (30 people)',
        description: 'Retouch 30 headshots of our lawyers: skin, stray hairs, matching background and colour.',
        skills: ['Legal', 'Photo Editing', 'Photoshop'],
      }),
    );
    expect(photos.main?.id).not.toBe('legal');
    expect(scoreAnalysedJob(photos, compileProfile(retoucher)).score).toBeGreaterThanOrEqual(DEFAULT_MIN_MATCH_SCORE);
    // A lawyer's own work still reads as legal work.
    const lawyer = analyseJob(makeJob({ id: 'lawyer', title: 'Lawyer to review our law firm’s retainer agreement', skills: ['Legal'] }));
    expect(['legal', 'legal-drafting']).toContain(lawyer.main?.id);
  });

  it('reads the client’s team after a skill as who the work is for', () => {
    const ladder = analyseJob(
      makeJob({
        id: 'ladder',
        title: 'Engineering career ladder for our Kubernetes platform team',
        description: 'Levels, expectations and promotion criteria for 14 engineers: an IC track and a manager track.',
        skills: ['Kubernetes', 'Human Resources'],
      }),
    );
    expect(ladder.main?.id).not.toBe('kubernetes');
    const hr: MatchProfile = { title: 'HR consultant', skills: ['Human Resources', 'Performance Management', 'Career Development'] };
    expect(scoreAnalysedJob(ladder, compileProfile(hr)).factors).not.toContainEqual(
      expect.objectContaining({ code: 'mainMissing', skill: 'Kubernetes' }),
    );
    // A skill before a noun of work is still the work ("Kubernetes platform migration").
    const platform = analyseJob(makeJob({ id: 'k8s', title: 'Kubernetes platform migration for our team', skills: ['Kubernetes'] }));
    expect(platform.main?.id).toBe('kubernetes');
  });

  it('penalises less when two skills read as the work almost equally', () => {
    const job = analyseJob(
      makeJob({ id: 'both', title: 'Full-stack developer (React + Node.js) for an MVP', skills: ['React', 'Node.js'] }),
    );
    expect(job.mainOptions.length).toBeGreaterThan(1);
    expect(job.mainOptions.reduce((sum, o) => sum + o.share, 0)).toBeCloseTo(1);
    const nodeOnly = scoreAnalysedJob(job, compileProfile({ skills: ['Node.js', 'Express'] }));
    const missing = nodeOnly.factors.find((f) => f.code === 'mainMissing');
    // Alone, a missing main skill costs 40 points; here Node.js reads as the work nearly as well as React.
    expect(missing?.points ?? 0).toBeGreaterThan(-40);
  });
});

describe('content moved is not content written', () => {
  it('blog posts imported or migrated are an input, posts to write are the work', () => {
    const migrate = analyseJob(
      makeJob({
        id: 'm',
        title: 'Migrate WordPress site to Squarespace (25 pages, 60 blog posts, redirects)',
        description: 'Rebuild 25 pages on a Squarespace template, import 60 blog posts and set up 301 redirects for every old URL.',
        skills: ['WordPress', 'Squarespace', 'Website Migration'],
      }),
    );
    expect(migrate.main?.id).not.toBe('blog-writing');
    expect(migrate.skills.find((skill) => skill.id === 'blog-writing')?.role).toBe('input');
    const write = analyseJob(
      makeJob({
        id: 'w',
        title: 'Write 8 blog posts for our accounting firm',
        description: 'We moved the site to Squarespace last year; now write 8 blog posts of 1,200 words on small-business taxes.',
        skills: ['Blog Writing', 'Content Writing'],
      }),
    );
    expect(write.main?.id).toBe('blog-writing');
    const both = analyseJob(
      makeJob({
        id: 'b',
        title: 'Blog for our firm',
        description: 'Write and publish 10 blog posts a month on our Squarespace site.',
        skills: [],
      }),
    );
    expect(both.skills.find((skill) => skill.id === 'blog-writing')?.role).toBe('work');
  });
});

describe('a skill the post refuses', () => {
  const ids = (title: string, description: string, skills: string[]) =>
    analyseJob(makeJob({ id: 'r', title, description, skills })).skills.map((skill) => skill.id);

  it('is not needed, even when the marketplace lists it', () => {
    const native = ids(
      'Native iOS developer for our journaling app',
      'Swift, SwiftUI and AVFoundation. Please do NOT apply if you mainly work with React Native, Flutter or other cross-platform tools.',
      ['Swift', 'iPhone', 'React Native'],
    );
    expect(native).toContain('swift');
    expect(native).not.toContain('react-native');
    expect(native).not.toContain('flutter');
    expect(
      ids('Site fixes', 'Our site is not WordPress, it runs on Webflow. Fix the CMS collections.', ['Webflow', 'WordPress']),
    ).not.toContain('wordpress');
    expect(ids('Mobile app', 'A native Kotlin app, no Flutter please. Offline sync and push.', ['Kotlin', 'Flutter'])).not.toContain(
      'flutter',
    );
  });

  it('a skill the post requires in a refusal is still needed', () => {
    expect(ids('Theme fixes', 'Do not apply if you don\u2019t have Shopify Liquid experience.', ['Shopify'])).toContain('shopify');
    expect(ids('Screens', 'Please don\u2019t bid if you have never used Figma.', ['Figma'])).toContain('figma');
    expect(ids('App', 'Do not apply unless you know React Native well.', ['React Native'])).toContain('react-native');
    expect(ids('App', 'Do not apply if you have no React Native apps in the stores.', ['React Native'])).toContain('react-native');
  });

  it('a skill the post lacks yet, or wants more than only, is still needed', () => {
    expect(ids('Store build', 'There is no Shopify store yet: set one up with our products.', ['Shopify'])).toContain('shopify');
    expect(ids('Site build', 'We have no WordPress site yet; build one.', ['WordPress'])).toContain('wordpress');
    expect(ids('App', 'Not just React Native: you will also write the native modules in Swift.', ['React Native', 'Swift'])).toContain(
      'react-native',
    );
  });
});

describe('how sure the main skill is', () => {
  it('is unsure of a main skill the vocabulary does not know, and penalises it less', () => {
    const job = analyseJob(
      makeJob({
        id: 'clay',
        title: 'Clay expert: enrichment tables and personalised first lines',
        description: 'Build Clay tables that enrich our lead lists and write personalised first lines for outbound.',
        skills: ['Clay', 'Lead Generation', 'Sales'],
      }),
    );
    expect(job.main?.literal).toBe(true);
    expect(job.mainSure).toBeLessThan(1);
    const missing = scoreAnalysedJob(job, compileProfile({ skills: ['Lead Generation', 'Cold Email'] })).factors.find(
      (f) => f.code === 'mainMissing',
    );
    expect(missing?.points ?? 0).toBeGreaterThan(-40);
  });

  it('stays sure of a known skill read from the work', () => {
    const job = analyseJob(makeJob({ id: 'logo', title: 'Logo design for a bakery', skills: ['Logo Design'] }));
    expect(job.main?.id).toBe('logo-design');
    expect(job.mainSure).toBe(1);
  });
});

function pick(c: Case) {
  return { title: c.title, description: c.description, skills: c.tags };
}
