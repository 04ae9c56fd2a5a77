import { describe, expect, it } from 'vitest';
import { analyseJob } from './analyse';
import { makeJob } from './job-fixture';
import { compileProfile, type MatchProfile } from './profile';
import { DEFAULT_MIN_MATCH_SCORE } from '../schemas/agent';
import { passesFloor, rankJobs, selectJobs } from './rank';
import { postWord, scoreAnalysedJob } from './score';

const reactDev: MatchProfile = {
  skills: ['react', 'TypeScript', 'CSS'],
  title: 'React front-end developer',
  minHourlyUsd: 40,
  minFixedUsd: 300,
};

const reactJob = makeJob({
  id: 'react',
  title: 'React.js developer for our analytics dashboard',
  description: 'Build charts and filters in React with TypeScript. Our API is ready.',
  skills: ['React.js', 'TypeScript', 'CSS'],
});
const nativeJob = makeJob({
  id: 'native',
  title: 'React Native developer for a fitness app',
  description: 'Build our iOS and Android app in React Native with push notifications.',
  skills: ['React Native', 'Mobile App Development', 'iOS', 'Android'],
});
const writingJob = makeJob({
  id: 'writing',
  title: 'Write 10 blog posts about React hooks',
  description: 'We need clear articles explaining React hooks to beginners, 1,500 words each.',
  skills: ['Blog Writing', 'Article Writing', 'React'],
});

describe('the match score', () => {
  it('puts React jobs above React Native ones for a React profile, with a reason naming React', () => {
    const [first, second] = rankJobs([nativeJob, reactJob], reactDev);
    expect(first!.id).toBe('react');
    expect(first!.matchFactors[0]).toMatchObject({ code: 'skills', matched: expect.arrayContaining(['React']) });
    expect(second!.id).toBe('native');
    expect(second!.matchFactors).toContainEqual(expect.objectContaining({ code: 'mainMissing', skill: 'React Native' }));
    expect(first!.matchScore - second!.matchScore).toBeGreaterThan(30);
  });

  it('ranks the trade its title names above what its other listed tools happen to cover', () => {
    const webgl: MatchProfile = {
      title: 'Three.js / WebGL Developer | React Three Fiber, GLSL shaders',
      skills: ['Three.js', 'React Three Fiber', 'TypeScript', 'Next.js', 'GLSL'],
      minHourlyUsd: 40,
      minFixedUsd: 300,
    };
    const viewer = makeJob({
      id: 'viewer',
      title: '3D product viewer for our sofa configurator',
      description: 'Interactive viewer with fabric swaps and live price, built with React Three Fiber in our Next.js site.',
      skills: ['Three.js', 'React', 'JavaScript'],
    });
    const dashboard = makeJob({
      id: 'dashboard',
      title: 'TypeScript developer to migrate our Next.js dashboard to the App Router',
      description: 'Move 40 pages of our TypeScript admin dashboard from the Pages Router to the App Router.',
      skills: ['TypeScript', 'Next.js', 'React'],
    });
    const [first, second] = rankJobs([dashboard, viewer], webgl);
    expect(first!.id).toBe('viewer');
    expect(first!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'outsideTrade' }));
    expect(second!.matchFactors).toContainEqual(expect.objectContaining({ code: 'outsideTrade', trade: 'Three.js', points: -4 }));
    // Shaders are near Three.js: of the trade, not outside it.
    const shader = makeJob({ id: 'shader', title: 'GLSL shader for a water surface', description: 'A fragment shader.', skills: ['GLSL'] });
    expect(rankJobs([shader], webgl)[0]!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'outsideTrade' }));
    // What the trade implies is no specialty (Three.js implies JavaScript); what lies under a trade is of it.
    const widget = makeJob({
      id: 'widget',
      title: 'JavaScript developer for our checkout widget',
      description: 'Vanilla JavaScript widget that validates the form and shows the total.',
      skills: ['JavaScript'],
    });
    expect(rankJobs([widget], webgl)[0]!.matchFactors).toContainEqual(expect.objectContaining({ code: 'outsideTrade' }));
    const jsDev: MatchProfile = { ...webgl, title: 'JavaScript Developer | React, Three.js', skills: ['JavaScript', 'React', 'Three.js'] };
    expect(rankJobs([dashboard], jsDev)[0]!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'outsideTrade' }));
    // A title that names a wide field, only the client's field, or nothing, says no trade to stay in.
    for (const title of ['Full Stack Web Developer', 'Fintech Developer', undefined]) {
      const wide = rankJobs([dashboard], { ...webgl, title })[0]!;
      expect(wide.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'outsideTrade' }));
    }
  });

  it('scores a post about the skill as the writing job it is', () => {
    const [react, writing] = rankJobs([writingJob, reactJob], reactDev);
    expect(react!.id).toBe('react');
    expect(writing!.matchFactors).toContainEqual(expect.objectContaining({ code: 'mainMissing', skill: 'Blog Writing' }));
    expect(writing!.matchScore).toBeLessThan(50);
  });

  it('needs the languages of a translation', () => {
    const translator: MatchProfile = { skills: ['Translation', 'Spanish', 'English'], title: 'English to Spanish translator' };
    const spanish = makeJob({ id: 'es', title: 'Translate our website from English to Spanish', skills: ['Translation', 'Spanish'] });
    const japanese = makeJob({ id: 'ja', title: 'Translate our website from English to Japanese', skills: ['Translation', 'Japanese'] });
    const [first, second] = rankJobs([japanese, spanish], translator);
    expect(first!.id).toBe('es');
    expect(second!.matchFactors).toContainEqual(expect.objectContaining({ code: 'languageMissing', skill: 'Japanese' }));
  });

  it('does not ask for the language of a post that says English will do', () => {
    const engineer: MatchProfile = { skills: ['Structural Engineering', 'Timber Design'], title: 'Structural engineer' };
    const job = (id: string, description: string) =>
      makeJob({ id, title: 'Zweitmeinung Holzbalkendecke Altbau (Eurocode 5)', description, skills: ['Structural Engineering', 'German'] });
    const [ok] = rankJobs(
      [job('ok', 'Plausibilitätsprüfung nach Eurocode 5. Communication and the report can be in English, no problem.')],
      engineer,
    );
    const [german] = rankJobs([job('de', 'Plausibilitätsprüfung nach Eurocode 5, Bericht auf Deutsch.')], engineer);
    expect(ok!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
    expect(german!.matchFactors).toContainEqual(expect.objectContaining({ code: 'languageMissing', skill: 'German' }));
  });

  it('weighs a post written in a language the profile does not name, when it names the ones it works in', () => {
    const manager = (overview?: string): MatchProfile => ({
      skills: ['Social Media Management', 'Instagram', 'Canva'],
      title: 'Social media manager',
      ...(overview ? { overview } : {}),
    });
    const named = manager('Content calendars, community replies and monthly reports. English, Spanish and Portuguese.');
    const post = (id: string, title: string, description: string) =>
      makeJob({ id, title, description, skills: ['Social Media Management', 'Instagram'], type: 'hourly', minBudget: 30, maxBudget: 40 });
    const german = post(
      'de',
      'Social-Media-Manager für Instagram und LinkedIn',
      'Mittelständischer Maschinenbauer sucht Unterstützung: Redaktionsplan, Beiträge mit Canva erstellen und Reporting. Deutsch fließend.',
    );
    const spanish = post(
      'es',
      'Community manager para Instagram',
      'Buscamos una persona para crear el calendario de contenidos y responder a la comunidad de nuestra marca.',
    );
    const englishWork = post(
      'en-work',
      'Social-Media-Manager für unseren englischsprachigen Instagram-Kanal',
      'Wir suchen Unterstützung für Redaktionsplan und Beiträge mit Canva für unsere internationale Zielgruppe.',
    );
    const score = (job: ReturnType<typeof post>, profile: MatchProfile) => rankJobs([job], profile)[0]!;
    expect(score(german, named).matchFactors).toContainEqual(expect.objectContaining({ code: 'languageMissing', skill: 'German' }));
    expect(score(german, named).matchScore).toBeLessThan(score(spanish, named).matchScore);
    expect(score(spanish, named).matchFactors).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
    // English named in the post is part of the work; a profile that names no language is not judged by one.
    expect(score(englishWork, named).matchFactors).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
    expect(score(german, manager()).matchFactors).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
  });

  it('reads a post in Polish or Italian as its own language, not as Portuguese or Spanish', () => {
    const programmer = (languages: string): MatchProfile => ({
      skills: ['Survey Programming', 'Confirmit', 'Qualtrics'],
      title: 'Survey programmer',
      overview: `I program market research surveys in Confirmit and Qualtrics. I work in ${languages}.`,
    });
    const polish = makeJob({
      id: 'pl',
      title: 'Programista ankiet Confirmit – badanie konsumenckie',
      description:
        'Szukamy programisty ankiet w Confirmit do badania konsumenckiego. Ankieta jest po polsku, kwoty i logika są w specyfikacji, dane do SPSS.',
      skills: ['Survey Programming', 'Confirmit'],
      type: 'fixed',
      minBudget: 600,
      maxBudget: 900,
    });
    const factors = (profile: MatchProfile) => rankJobs([polish], profile)[0]!.matchFactors;
    // Its common words ("w", "do", "na") had read it as Portuguese, which neither profile speaks.
    expect(factors(programmer('English and Polish'))).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
    expect(factors(programmer('English and Portuguese'))).toContainEqual(
      expect.objectContaining({ code: 'languageMissing', skill: 'Polish' }),
    );
    expect(factors(programmer('English and Portuguese'))).not.toContainEqual(expect.objectContaining({ skill: 'Portuguese' }));
  });

  it('tells a post in Japanese from one in Chinese, and a translation pair from the language the client writes in', () => {
    const translator: MatchProfile = {
      skills: ['Japanese to English Translation', 'Japanese', 'English', 'Localization'],
      title: 'Japanese-English translator',
      overview: 'Business and game localization from Japanese into English. I work in English and Japanese.',
    };
    const post = (id: string, title: string, description: string, skills = ['Translation', 'Japanese']) =>
      makeJob({ id, title, description, skills, type: 'fixed', minBudget: 400, maxBudget: 600 });
    const japanese = post(
      'ja',
      '会社案内の英訳（日本語→英語）',
      '弊社の会社案内と取引基本契約書を英語に翻訳していただける方を募集しています。約8,000文字です。納期は2週間です。',
    );
    const french = post(
      'fr',
      'Traduction japonais > anglais : règles d’un jeu de société',
      'Nous éditons un jeu de société japonais et avons besoin de traduire les règles et les cartes du japonais vers l’anglais.',
    );
    const chinese = post('zh', '中文网站翻译成英文', '我们需要把公司网站从中文翻译成英文，大约一万字，两周内完成。', [
      'Translation',
      'Chinese',
    ]);
    const factors = (job: ReturnType<typeof post>) => rankJobs([job], translator)[0]!.matchFactors;
    expect(factors(japanese)).not.toContainEqual(expect.objectContaining({ code: 'languageMissing' }));
    expect(factors(french)).not.toContainEqual(expect.objectContaining({ code: 'languageMissing', skill: 'French' }));
    expect(factors(chinese)).toContainEqual(expect.objectContaining({ code: 'languageMissing', skill: 'Chinese' }));
  });

  it('reads a title that opens with who the client is as the client, not the work', () => {
    const engineer: MatchProfile = { skills: ['Structural Engineering', 'Steel Design'], title: 'Structural engineer (PE)' };
    const [hvac] = rankJobs(
      [
        makeJob({
          id: 'rtu',
          title: 'HVAC contractor: stamped roof framing check for 2 heavier rooftop units',
          description: 'City wants sealed calcs showing the roof can take the new units, or a reinforcement design.',
          skills: ['Structural Engineering', 'Steel Design', 'HVAC'],
        }),
      ],
      engineer,
    );
    expect(hvac!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'mainMissing' }));
    expect(analyseJob(makeJob({ id: 'h', title: 'HVAC design for a 3-storey office', skills: ['HVAC'] })).main?.id).toBe('hvac');
  });

  it('reads the client before a dash as before a colon, and a business named inside the trade’s name', () => {
    const automation: MatchProfile = { title: 'RPA developer', skills: ['UiPath', 'RPA', 'Web Scraping'] };
    const docket = makeJob({
      id: 'docket',
      title: 'Law firm – automated docket monitoring on PACER',
      description: 'A UiPath robot that logs in every morning, checks our cases for new filings and emails the attorney.',
      skills: ['Legal', 'UiPath', 'RPA'],
    });
    const [ranked] = rankJobs([docket], automation);
    expect(ranked!.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'mainMissing' }));
    expect(ranked!.matchScore).toBeGreaterThanOrEqual(DEFAULT_MIN_MATCH_SCORE);
    // A dash that is no title's split ("follow-up") and a lawyer's own work are read as before.
    expect(analyseJob(makeJob({ id: 'l', title: 'Law firm needs a lawyer for contract follow-up', skills: ['Legal'] })).main?.id).toBe(
      'legal',
    );
  });

  it('stays within 0..100 and says when the profile lists no skills', () => {
    const result = scoreAnalysedJob(analyseJob(reactJob), compileProfile({ skills: [] }));
    expect(result.factors).toContainEqual(expect.objectContaining({ code: 'noSkills' }));
    // Nothing to match on ("Developer"): fit is unknown, not bad, so the search's jobs are not all poor matches.
    const bare = compileProfile({ skills: [], title: 'Developer' });
    const [good, poor] = rankJobs(
      [
        makeJob({
          id: 'unverified',
          title: 'Fix my website',
          client: { paymentVerified: false, rating: 2.5, totalSpentUsd: 0, country: 'US', hires: 0, jobsPosted: 6 },
          bidCount: 70,
        }),
        reactJob,
      ],
      { skills: [], title: 'Developer' },
    );
    expect(good!.id).toBe('react');
    expect(passesFloor(good!.match, DEFAULT_MIN_MATCH_SCORE)).toBe(true);
    expect(poor!.matchScore).toBeLessThan(good!.matchScore);
    expect(scoreAnalysedJob(analyseJob(nativeJob), bare).factors.map((f) => f.code)).not.toContain('mainMissing');
    for (const job of [reactJob, nativeJob, writingJob]) {
      const { score } = scoreAnalysedJob(analyseJob(job), compileProfile(reactDev));
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });

  it('scores one analysed job against many profiles without changing it', () => {
    const analysed = analyseJob(reactJob);
    const before = JSON.stringify([...analysed.mentions]);
    const designer = compileProfile({ skills: ['Logo Design', 'Illustrator'], title: 'Brand designer' });
    const developer = compileProfile(reactDev);
    const a = scoreAnalysedJob(analysed, developer);
    const b = scoreAnalysedJob(analysed, designer);
    expect(a.score).toBeGreaterThan(b.score + 40);
    expect(scoreAnalysedJob(analysed, developer)).toEqual(a);
    expect(JSON.stringify([...analysed.mentions])).toBe(before);
  });
});

describe('the rate filters', () => {
  const hourly = (id: string, min: number, max: number) =>
    makeJob({
      id,
      title: 'React developer',
      skills: ['React'],
      type: 'hourly',
      minBudget: min,
      maxBudget: max,
      budgetUsd: (min + max) / 2,
    });

  it('rule out a job below the hourly minimum before scoring, whatever its fit', () => {
    const result = scoreAnalysedJob(analyseJob(hourly('low', 8, 15)), compileProfile(reactDev));
    expect(result).toMatchObject({ score: 0, passes: false, features: null });
    expect(result.factors[0]).toEqual({ code: 'filtered', rule: 'hourlyBelow', offered: 15, limit: 40 });
    expect(scoreAnalysedJob(analyseJob(hourly('ok', 30, 60)), compileProfile(reactDev)).passes).toBe(true);
  });

  it('apply the hourly maximum and the fixed minimum, in US dollars', () => {
    const capped = compileProfile({ ...reactDev, maxHourlyUsd: 90 });
    expect(scoreAnalysedJob(analyseJob(hourly('high', 120, 150)), capped).factors[0]).toMatchObject({
      code: 'filtered',
      rule: 'hourlyAbove',
    });
    const inr = makeJob({
      id: 'inr',
      title: 'React dashboard',
      skills: ['React'],
      platform: 'freelancer',
      currency: 'INR',
      minBudget: 12_000,
      maxBudget: 20_000,
      budgetUsd: 192,
    });
    expect(scoreAnalysedJob(analyseJob(inr), compileProfile(reactDev)).factors[0]).toMatchObject({
      code: 'filtered',
      rule: 'fixedBelow',
      offered: 240,
      limit: 300,
    });
  });

  it('fall back to a floor per marketplace when the freelancer set none', () => {
    const noRates = compileProfile({ skills: ['React'] });
    expect(scoreAnalysedJob(analyseJob(hourly('three', 3, 3)), noRates).passes).toBe(false);
    const fifty = makeJob({
      id: 'fifty',
      title: 'Facebook clone in React',
      skills: ['React'],
      minBudget: 25,
      maxBudget: 25,
      budgetUsd: 25,
    });
    expect(scoreAnalysedJob(analyseJob(fifty), noRates).factors[0]).toMatchObject({ code: 'filtered', rule: 'fixedBelow', limit: 50 });
    expect(
      scoreAnalysedJob(analyseJob({ ...fifty, platform: 'freelancer', minBudget: 30, maxBudget: 40, budgetUsd: 35 }), noRates).passes,
    ).toBe(true);
  });

  it('let a job without a budget through, saying so', () => {
    const unknown = makeJob({
      id: 'unknown',
      title: 'React developer',
      skills: ['React'],
      type: 'hourly',
      minBudget: null,
      maxBudget: null,
      budgetUsd: null,
    });
    const result = scoreAnalysedJob(analyseJob(unknown), compileProfile(reactDev));
    expect(result.passes).toBe(true);
    expect(result.factors).toContainEqual(expect.objectContaining({ code: 'budgetUnknown' }));
  });

  it('rule out a price a word the post states under the hourly minimum even at a fast pace, whatever the budget', () => {
    const translator = compileProfile({ skills: ['English to Arabic Translation'], minHourlyUsd: 30, minFixedUsd: 60 });
    const perWord = (id: string, description: string, over: Partial<Parameters<typeof makeJob>[0]> = {}) =>
      makeJob({ id, title: 'English to Arabic translator for product listings', description, skills: ['Translation', 'Arabic'], ...over });
    // ₹0.40 a word is about $0.005: under $30 an hour even at 2,000 words an hour, though the monthly budget fits.
    const inr = perWord('inr', 'Regular work, 50,000 words a month. Rate: INR 0.40 per word, paid monthly.', {
      platform: 'freelancer',
      currency: 'INR',
      minBudget: 15_000,
      maxBudget: 25_000,
      budgetUsd: 240,
    });
    const ruled = scoreAnalysedJob(analyseJob(inr), translator);
    expect(ruled.passes).toBe(false);
    expect(ruled.factors[0]).toMatchObject({ code: 'filtered', rule: 'wordRateBelow', limit: 30 });
    expect((ruled.factors[0] as { offered: number }).offered).toBeCloseTo(0.0048, 4);
    // Per thousand words, and in the project's currency when the post names none.
    expect(scoreAnalysedJob(analyseJob(perWord('k', 'Articles paid $2 per 1000 words.')), translator).factors[0]).toMatchObject({
      rule: 'wordRateBelow',
    });
    expect(
      scoreAnalysedJob(analyseJob({ ...inr, id: 'bare', description: 'We pay 0.40 per word, 50k words monthly.' }), translator).passes,
    ).toBe(false);
    // A fair rate passes, as does a price for a whole piece of a given length.
    expect(scoreAnalysedJob(analyseJob(perWord('fair', 'Rate $0.08/word, about 12,000 words.')), translator).passes).toBe(true);
    expect(scoreAnalysedJob(analyseJob(perWord('piece', 'Five 1000 word articles at $150 each.')), translator).passes).toBe(true);
  });

  it('keep to the contract types taken', () => {
    const fixedOnly = compileProfile({ ...reactDev, jobTypes: ['fixed'] });
    expect(scoreAnalysedJob(analyseJob(hourly('h', 50, 80)), fixedOnly).factors[0]).toMatchObject({ code: 'filtered', rule: 'type' });
  });
});

describe('the floor and the ranking', () => {
  it('selects only jobs at or above the floor and counts the rest as poor matches', () => {
    const cheap = makeJob({
      id: 'cheap',
      title: 'React developer',
      skills: ['React'],
      type: 'hourly',
      minBudget: 5,
      maxBudget: 8,
      budgetUsd: 6.5,
    });
    const { selected, poorMatch } = selectJobs([reactJob, nativeJob, writingJob, cheap], reactDev, 55);
    expect(selected.map((j) => j.id)).toEqual(['react']);
    expect(poorMatch).toBe(3);
    expect(selectJobs([reactJob, nativeJob], reactDev, 0).selected.map((j) => j.id)).toEqual(['react', 'native']);
  });

  it('breaks ties by the client and the fit, never by posting time, and always the same way', () => {
    const verified = makeJob({ ...reactJob, id: 'b-verified', datePosted: '2026-03-01T00:00:00.000Z' });
    const unverified = makeJob({
      ...reactJob,
      id: 'a-unverified',
      datePosted: '2026-03-11T00:00:00.000Z',
      client: { ...reactJob.client, paymentVerified: false },
    });
    expect(rankJobs([unverified, verified], reactDev).map((j) => j.id)).toEqual(['b-verified', 'a-unverified']);
    const twinA = makeJob({ ...reactJob, id: 'twin-a', datePosted: '2026-03-01T00:00:00.000Z' });
    const twinB = makeJob({ ...reactJob, id: 'twin-b', datePosted: '2026-03-11T00:00:00.000Z' });
    expect(rankJobs([twinB, twinA], reactDev).map((j) => j.id)).toEqual(['twin-a', 'twin-b']);
    expect(rankJobs([twinA, twinB], reactDev).map((j) => j.id)).toEqual(['twin-a', 'twin-b']);
  });

  it('counts the marketplace signals: many proposals and an old post weigh against a job', () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    const crowded = makeJob({ ...reactJob, id: 'crowded', bidCount: 80, datePosted: '2026-02-20T00:00:00.000Z' });
    const [fresh, old] = rankJobs([crowded, reactJob], reactDev, { now });
    expect(fresh!.id).toBe('react');
    expect(old!.matchFactors.map((f) => f.code)).toEqual(expect.arrayContaining(['manyBids', 'oldPost']));
  });
});

describe("the reasons quote the post's own word", () => {
  it('names the skill the post names, now that clashing products are skills of their own', () => {
    const snowflake = makeJob({ id: 'snowflake', title: 'Snowflake data warehouse modelling', skills: ['Snowflake', 'dbt', 'SQL'] });
    const result = scoreAnalysedJob(analyseJob(snowflake), compileProfile({ skills: ['BigQuery', 'dbt', 'SQL'] }));
    expect(result.factors).toContainEqual(expect.objectContaining({ code: 'related', skill: 'Snowflake', via: 'BigQuery' }));
    const resolve = makeJob({ id: 'resolve', title: 'Colour grade and edit in DaVinci Resolve', skills: ['DaVinci Resolve'] });
    const editor = scoreAnalysedJob(analyseJob(resolve), compileProfile({ skills: ['Premiere Pro', 'Video Editing'] }));
    expect(editor.factors).toContainEqual(
      expect.objectContaining({ code: 'related', skill: 'DaVinci Resolve', via: 'Adobe Premiere Pro' }),
    );
  });

  it('carries the word beside the skill when it tells more than the name', () => {
    const s3 = makeJob({ id: 's3', title: 'Move our files to Amazon S3 with lifecycle rules', skills: ['Amazon S3', 'Linux'] });
    const [skills] = scoreAnalysedJob(analyseJob(s3), compileProfile({ skills: ['AWS', 'Linux'] })).factors;
    expect(skills).toMatchObject({ code: 'skills', matched: ['Amazon Web Services', 'Linux'], words: ['Amazon S3', null] });

    const amplitude = makeJob({ id: 'amp', title: 'Set up product analytics events in Amplitude', skills: ['Amplitude'] });
    expect(scoreAnalysedJob(analyseJob(amplitude), compileProfile({ skills: ['Python', 'SQL'] })).factors).toContainEqual(
      expect.objectContaining({ code: 'mainMissing', skill: 'Mixpanel', word: 'Amplitude' }),
    );
    const studio = makeJob({ id: 'studio', title: 'Google Data Studio dashboard for our ads', skills: ['Google Data Studio'] });
    expect(scoreAnalysedJob(analyseJob(studio), compileProfile({ skills: ['Power BI'] })).factors).toContainEqual(
      expect.objectContaining({ code: 'related', skill: 'Looker Studio', word: 'Google Data Studio', via: 'Power BI' }),
    );
  });

  it('leaves out mere spellings of the name', () => {
    const [skills] = scoreAnalysedJob(analyseJob(reactJob), compileProfile(reactDev)).factors;
    expect(skills).toMatchObject({ code: 'skills', matched: expect.arrayContaining(['React']) });
    expect(skills).not.toHaveProperty('words');
    for (const [name, word] of [
      ['React', 'ReactJS'],
      ['Front-end Development', 'front-end developer'],
      ['Machine Learning', 'ML'],
      ['PostgreSQL', 'Postgres'],
      ['Translation', 'translate'],
      ['UI Design', 'UI/UX design'],
    ])
      expect(postWord({ name: name!, word: word! }), word).toBeNull();
    expect(postWord({ name: 'Amazon Web Services', word: 'EC2' })).toBe('EC2');
  });
});

describe('a main skill the vocabulary does not know', () => {
  const tester: MatchProfile = {
    skills: ['QA testing', 'manual testing', 'test automation', 'bug reporting'],
    title: 'QA engineer',
    minHourlyUsd: 25,
  };
  const exploratory = makeJob({
    id: 'exploratory',
    title: 'Exploratory testing of our new web app before launch',
    description: 'Spend about 30 hours breaking our marketplace app: forms, payments, roles, browsers. Deliver a prioritised bug list.',
    skills: ['Web Testing', 'Exploratory Testing'],
  });

  it('shares its head word with a profile skill: related through it, not missing', () => {
    const [scored] = rankJobs([exploratory], tester);
    expect(scored!.matchFactors.find((f) => f.code === 'mainMissing')).toBeUndefined();
    expect(scored!.matchFactors.find((f) => f.code === 'related')).toMatchObject({ via: expect.stringMatching(/testing/i) });
    expect(passesFloor(scored!.match, DEFAULT_MIN_MATCH_SCORE)).toBe(true);
  });

  it('is the head word alone of a profile skill ("Research" for a photo researcher): related through it, not missing', () => {
    const researcher: MatchProfile = {
      skills: ['archival research', 'photo research', 'rights clearance', 'licensing negotiation'],
      title: 'Archival and photo researcher',
      minHourlyUsd: 25,
    };
    const job = makeJob({
      id: 'jazz',
      title: 'Find public domain photos of 1920s jazz musicians for a podcast series',
      description: 'About 60 images with their sources and the licence of each, in a spreadsheet we can hand to our designer.',
      skills: ['Research'],
    });
    const [scored] = rankJobs([job], researcher);
    expect(scored!.matchFactors.find((f) => f.code === 'mainMissing')).toBeUndefined();
    expect(scored!.matchFactors.find((f) => f.code === 'related')).toMatchObject({ via: expect.stringMatching(/research/i) });
  });

  it('shares only a generic word ("development", "management"): still missing', () => {
    const pm: MatchProfile = { skills: ['Jira administration', 'Confluence'], title: 'Jira administrator' };
    const job = makeJob({
      id: 'fleet',
      title: 'Fleet administration for our delivery vans',
      description: 'Keep the vehicle records, schedule servicing and handle the drivers.',
      skills: ['Fleet Administration'],
    });
    const [scored] = rankJobs([job], pm);
    expect(scored!.matchFactors.find((f) => f.code === 'related')).toBeUndefined();
  });
});

describe('legal drafting is work, the legal industry a topic', () => {
  const lawyer: MatchProfile = {
    skills: ['contract drafting', 'terms of service', 'privacy policy', 'GDPR'],
    title: 'Commercial lawyer',
    minHourlyUsd: 60,
    minFixedUsd: 150,
  };
  const flutter: MatchProfile = { skills: ['flutter', 'dart', 'iOS', 'Android'], title: 'Flutter developer', minHourlyUsd: 30 };
  const terms = makeJob({
    id: 'terms',
    title: 'Review Apple App Store and Google Play compliance of our subscription terms',
    description:
      'Our subscription app terms must match App Store and Play billing rules and consumer law on auto-renewal. Review and rewrite them.',
    skills: ['Terms of Service', 'Legal Writing', 'Mobile Apps'],
  });
  const dpa = makeJob({
    id: 'dpa',
    title: 'Data processing agreements for 12 vendors',
    description: 'Review the vendors’ standard DPAs and our own template, with SCCs where data leaves the EEA.',
    skills: ['GDPR', 'Contract Review', 'Data Privacy'],
  });

  it('reads the terms, not the app stores, as the work', () => {
    expect(analyseJob(terms).main?.id).toBe('legal-drafting');
    const [forLawyer] = rankJobs([terms], lawyer);
    expect(forLawyer!.matchFactors.find((f) => f.code === 'mainMissing')).toBeUndefined();
    const [forDeveloper] = rankJobs([terms], flutter);
    expect(passesFloor(forDeveloper!.match, DEFAULT_MIN_MATCH_SCORE)).toBe(false);
  });

  it('does not read "data processing agreements" as data cleaning', () => {
    expect(analyseJob(dpa).skills.map((s) => s.id)).not.toContain('data-cleaning');
    const [scored] = rankJobs([dpa], lawyer);
    expect(passesFloor(scored!.match, DEFAULT_MIN_MATCH_SCORE)).toBe(true);
  });

  it('keeps a law firm as the client, not the work', () => {
    const job = makeJob({
      id: 'blog',
      title: 'Blog posts for a law firm',
      description: 'Ten articles for our law firm’s website about tenants’ rights.',
      skills: ['Blog Writing', 'Legal'],
    });
    expect(analyseJob(job).main?.id).not.toBe('legal-drafting');
    expect(analyseJob(job).main?.id).not.toBe('legal');
  });
});

describe('a main skill that is the client’s industry or the means, not the work', () => {
  const android: MatchProfile = { title: 'Android developer', skills: ['Android', 'Kotlin', 'Jetpack Compose', 'Firebase'] };
  it('costs a quarter of the penalty for an industry, and the work the profile does counts most', () => {
    const dental = analyseJob(
      makeJob({
        id: 'dental',
        title: 'Dental clinic – patient booking & recall reminder app',
        description:
          'I own a dental practice. I would like a simple Android app first, maybe iPhone later: patients see open slots, book, get reminders as notifications. Would you use Firebase for the notifications?',
        skills: ['Healthcare', 'Dentistry', 'Appointment Scheduling', 'Mobile App Development'],
      }),
    );
    const result = scoreAnalysedJob(dental, compileProfile(android));
    const main = result.factors.find((f) => f.code === 'mainMissing');
    expect(main).toMatchObject({ skill: 'Dentistry' });
    expect(main!.points).toBeGreaterThanOrEqual(-10);
  });
});

/**
 * Specialisms split out of a wide skill (Accounting, Animation, Social Media Marketing): each implies
 * the wide one and is near it. A specialist of a neighbouring specialism, whose own skill implies the
 * wide one too, no longer takes it as their own work; a generalist of the wide skill still matches it.
 */
describe('a specialism is work of its own, not every holder of the wide skill’s', () => {
  const cases: Array<{
    name: string;
    neighbour: Parameters<typeof makeJob>[0];
    own: Parameters<typeof makeJob>[0];
    specialist: MatchProfile;
    factor: Record<string, string>;
    generalist: MatchProfile;
    /** The neighbour's job also falls under the floor for the specialist. */
    underFloor: boolean;
  }> = [
    {
      name: 'an IFRS consolidation for a tax preparer who keeps books',
      neighbour: {
        id: 'ifrs',
        title: 'Group reporting accountant – monthly IFRS consolidations for 6 entities',
        description: 'Prepare consolidated financial statements under IFRS each month, with the intercompany eliminations and the notes.',
        skills: ['IFRS', 'Accounting', 'Microsoft Excel'],
      },
      own: {
        id: 'returns',
        title: 'Tax return preparation for a US expat (1040 + FBAR)',
        description: 'I need my 2025 federal return prepared with the foreign bank account report.',
        skills: ['Tax Preparation', 'Form 1040'],
      },
      specialist: { title: 'Tax preparer and bookkeeper', skills: ['Tax Preparation', 'Form 1040', 'Bookkeeping', 'QuickBooks'] },
      factor: { code: 'mainMissing', skill: 'Financial Reporting' },
      generalist: { title: 'Chartered accountant', skills: ['Accounting', 'Microsoft Excel'] },
      underFloor: true,
    },
    {
      name: 'a Toon Boom rig for an icon designer who animates in Lottie',
      neighbour: {
        id: 'rig',
        title: 'Toon Boom Harmony rigger for 3 characters of our cartoon series',
        description: 'Rig three characters for cut-out animation: head and body turns, deformers, hand and mouth substitutions.',
        skills: ['Toon Boom Harmony', 'Character Rigging', '2D Animation'],
      },
      own: {
        id: 'explainer',
        title: 'Animated explainer for our payments app (60 seconds)',
        description: 'Script and storyboard are ready; we need the animation in After Effects with our icons and brand colours.',
        skills: ['2D Animation', 'Adobe After Effects', 'Motion Graphics'],
      },
      specialist: { title: 'Icon designer', skills: ['Icon Design', 'Lottie Animation', 'Adobe After Effects', 'Vector Illustration'] },
      factor: { code: 'related', skill: 'Character Animation', word: 'Toon Boom Harmony' },
      generalist: { title: '2D animator', skills: ['2D Animation', 'Adobe Animate'] },
      underFloor: false,
    },
    {
      name: 'YouTube SEO for a Pinterest marketer',
      neighbour: {
        id: 'youtube',
        title: 'YouTube SEO for a woodworking channel',
        description: 'Rewrite titles, descriptions and tags of our 120 videos and plan keywords for the next ones.',
        skills: ['YouTube SEO', 'Keyword Research'],
      },
      own: {
        id: 'pinterest',
        title: 'Pinterest manager for a home decor shop',
        description: 'Pin design, boards and keyword research for Pinterest search; 10 pins a week from our blog posts.',
        skills: ['Pinterest Marketing', 'Keyword Research'],
      },
      specialist: { title: 'Pinterest marketer', skills: ['Pinterest Marketing', 'Pinterest SEO', 'Keyword Research', 'Canva'] },
      factor: { code: 'mainMissing', skill: 'YouTube Marketing', word: 'YouTube SEO' },
      generalist: { title: 'Social media marketer', skills: ['Social Media Marketing', 'Keyword Research'] },
      underFloor: true,
    },
    {
      name: 'an Apex trigger for a Salesforce administrator',
      neighbour: {
        id: 'apex',
        title: 'Salesforce developer: Apex trigger and test classes for lead assignment',
        description: 'Write an Apex trigger that assigns leads by territory, with test classes above 85% coverage, and deploy it.',
        skills: ['Apex', 'Salesforce'],
      },
      own: {
        id: 'flows',
        title: 'Salesforce admin: rebuild our lead routing in Flow, with reports and dashboards',
        description:
          'Replace old workflow rules with record-triggered flows, clean the lead fields and build reports and dashboards for sales.',
        skills: ['Salesforce Admin', 'Salesforce Flow', 'Reports and Dashboards'],
      },
      specialist: {
        title: 'Salesforce administrator',
        skills: ['Salesforce', 'Salesforce Administration', 'Salesforce Flow', 'Reports and Dashboards'],
      },
      factor: { code: 'related', skill: 'Salesforce Development', via: 'Salesforce' },
      generalist: { title: 'Salesforce developer', skills: ['Salesforce', 'Apex', 'Lightning Web Components'] },
      underFloor: false,
    },
    {
      name: 'a Salesforce Marketing Cloud build for a Marketo specialist',
      neighbour: {
        id: 'sfmc',
        title: 'Salesforce Marketing Cloud email developer (AMPscript, Journey Builder)',
        description: 'Build 6 dynamic email templates with AMPscript and set up two journeys in Journey Builder for our retail brand.',
        skills: ['Salesforce Marketing Cloud', 'AMPscript', 'HTML Email'],
      },
      own: {
        id: 'marketo',
        title: 'Marketo lead scoring and nurture programs for our B2B funnel',
        description: 'Rebuild our lead scoring model in Marketo and set up three nurture programs synced to Salesforce.',
        skills: ['Marketo', 'Lead Scoring', 'Marketing Automation'],
      },
      specialist: { title: 'Marketo specialist', skills: ['Marketo', 'Marketing Automation', 'Lead Scoring', 'Lead Nurturing'] },
      factor: { code: 'mainMissing', skill: 'Salesforce Marketing Cloud' },
      generalist: { title: 'Email marketing developer', skills: ['Salesforce Marketing Cloud', 'HTML Email', 'Email Marketing'] },
      underFloor: true,
    },
    {
      name: 'accounts payable for a medical biller who follows up on receivables',
      neighbour: {
        id: 'payables',
        title: 'Accounts payable clerk: 150 bills a month into QuickBooks',
        description: 'Enter and code vendor bills, match them to purchase orders and schedule the payment runs every Friday.',
        skills: ['Accounts Payable', 'QuickBooks Online'],
      },
      own: {
        id: 'denials',
        title: 'Medical billing: denial management and AR follow-up for a physical therapy clinic',
        description: 'Work our denied claims, appeal where it is worth it and follow up on insurance receivables older than 60 days.',
        skills: ['Medical Billing', 'Denial Management', 'Accounts Receivable Management'],
      },
      specialist: {
        title: 'Medical biller',
        skills: ['Medical Billing', 'CPT Coding', 'Denial Management', 'Accounts Receivable Management'],
      },
      factor: { code: 'mainMissing', skill: 'Accounting' },
      generalist: { title: 'Bookkeeper', skills: ['Bookkeeping', 'QuickBooks Online', 'Accounts Receivable'] },
      underFloor: true,
    },
  ];

  for (const c of cases) {
    it(`ranks ${c.name} well below their own work, saying why; a generalist still matches it`, () => {
      const neighbour = makeJob(c.neighbour);
      const [first, second] = rankJobs([neighbour, makeJob(c.own)], c.specialist);
      expect(first!.id).toBe(c.own.id);
      expect(second!.id).toBe(c.neighbour.id);
      expect(first!.matchScore - second!.matchScore).toBeGreaterThanOrEqual(15);
      expect(second!.match.factors).toContainEqual(expect.objectContaining(c.factor));
      expect(passesFloor(second!.match, DEFAULT_MIN_MATCH_SCORE)).toBe(!c.underFloor);
      expect(scoreAnalysedJob(analyseJob(neighbour), compileProfile(c.generalist)).passes).toBe(true);
    });
  }

  it('lets an animator take a rig as work near their own, and an IFRS reporter an IFRS job at once', () => {
    const rig = analyseJob(makeJob(cases[1]!.neighbour));
    expect(scoreAnalysedJob(rig, compileProfile(cases[1]!.generalist)).factors).toContainEqual(
      expect.objectContaining({ code: 'related', skill: 'Character Animation', via: 'Animation' }),
    );
    const ifrs = analyseJob(makeJob(cases[0]!.neighbour));
    const accountant = scoreAnalysedJob(ifrs, compileProfile(cases[0]!.generalist));
    const reporter = scoreAnalysedJob(
      ifrs,
      compileProfile({ title: 'Financial reporting accountant', skills: ['IFRS', 'Consolidated Financial Statements'] }),
    );
    expect(reporter.passes).toBe(true);
    expect(reporter.score).toBeGreaterThanOrEqual(accountant.score);
  });
});

describe('trades named by their own words: a host assistant, a piping designer, a webinar producer, a channel manager', () => {
  const cases: Array<{ name: string; profile: MatchProfile; job: Parameters<typeof makeJob>[0] }> = [
    {
      name: 'an Airbnb review backlog for a short-term rental assistant ("Airbnb Hosting" is no web hosting)',
      profile: { title: 'Airbnb & Vrbo virtual assistant', skills: ['Airbnb Hosting', 'Guest Communication', 'PriceLabs', 'Hostaway'] },
      job: {
        id: 'str',
        title: 'Reply to 220 Airbnb reviews (backlog) and a guide for future replies',
        description: 'We host 9 apartments and fell behind on review replies. Write warm, specific replies and a short guide.',
        skills: ['Airbnb', 'Customer Service'],
      },
    },
    {
      name: 'isometrics from a Plant 3D model for a piping designer',
      profile: { title: 'Piping design engineer', skills: ['Piping Design', 'AutoCAD Plant 3D', 'CAESAR II', 'Isogen'] },
      job: {
        id: 'piping',
        title: 'Plant 3D model and Isogen isometrics for a pump skid',
        description: 'Model the skid piping from our P&ID and issue isometrics with a bill of materials.',
        skills: ['Piping', 'AutoCAD'],
      },
    },
    {
      name: 'a webinar series on ON24 for a webinar producer',
      profile: { title: 'Webinar and virtual event producer', skills: ['Webinar Production', 'Zoom Webinars', 'ON24', 'StreamYard'] },
      job: {
        id: 'webinar',
        title: 'Producer for our monthly CPD webinars',
        description: 'Run our monthly webinars on ON24: speaker rehearsals, the live console, polls and the recording afterwards.',
        skills: ['Webinar', 'Event Management'],
      },
    },
    {
      name: 'a back catalogue of titles and descriptions for a YouTube channel manager',
      profile: { title: 'YouTube channel manager', skills: ['YouTube Channel Management', 'YouTube Studio', 'YouTube Analytics', 'vidIQ'] },
      job: {
        id: 'yt',
        title: 'Rewrite titles and descriptions for 150 back-catalog videos',
        description: 'Our channel has 150 older videos with weak titles. Rewrite titles, descriptions and chapters in YouTube Studio.',
        skills: ['YouTube', 'Video Metadata'],
      },
    },
  ];
  for (const c of cases)
    it(`finds its own work in ${c.name}`, () => {
      const scored = scoreAnalysedJob(analyseJob(makeJob(c.job)), compileProfile(c.profile));
      expect(scored.factors.map((f) => f.code)).not.toContain('mainMissing');
      expect(scored.passes).toBe(true);
    });

  it('keeps a YouTube video edit the editor’s: the tag alone does not make it channel management', () => {
    const editor = compileProfile({ title: 'Video editor', skills: ['Video Editing', 'Adobe Premiere Pro', 'DaVinci Resolve'] });
    const edit = makeJob({
      id: 'edit',
      title: 'Video editor for weekly YouTube vlogs',
      description: 'Edit two 15-minute vlogs a week from raw footage: cuts, captions, music and colour.',
      skills: ['Video Editing', 'YouTube'],
    });
    const scored = scoreAnalysedJob(analyseJob(edit), editor);
    expect(scored.factors.map((f) => f.code)).not.toContain('mainMissing');
    expect(scored.passes).toBe(true);
  });
});
