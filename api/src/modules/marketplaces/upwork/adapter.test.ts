import { afterEach, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@shared/schemas/job';
import {
  consent,
  listen,
  recordingFetch,
  startMarketplaceServer,
  TEST_REDIRECT_URI,
  type MarketplaceServer,
} from '../../../testing/marketplace-server';
import { MarketplaceError } from '../errors';
import { createMarketplaces } from '../registry';
import { UPWORK_MANUAL_SEND, UPWORK_PROPOSAL_PERMISSION, UpworkAdapter, upworkLanes, upworkSearchVariables } from './adapter';

let server: MarketplaceServer;
let rec: ReturnType<typeof recordingFetch>;
let sleeps: number[];

async function setup(options: { rateLimitPerMinute?: number; retries?: number; proposalsApi?: boolean } = {}) {
  server = await startMarketplaceServer({ rateLimitPerMinute: options.rateLimitPerMinute ?? 1000 });
  rec = recordingFetch();
  sleeps = [];
  return createMarketplaces(
    { freelancer: undefined, upwork: undefined, upworkProposalsApi: options.proposalsApi ?? false },
    () => server.url,
    {
      clock: server.clock,
      http: {
        fetch: rec.fetch,
        random: () => 0.5,
        retries: options.retries,
        sleep: async (ms) => {
          sleeps.push(ms);
          server.clock.advance!(ms);
        },
      },
    },
  ).upwork;
}

afterEach(() => server?.close());

const criteria = (over: Partial<SearchCriteria> = {}): SearchCriteria => ({
  platform: 'upwork',
  title: 'developer',
  pageLimit: 1,
  ...over,
});

async function connect(up: Awaited<ReturnType<typeof setup>>, opts: { proposals?: boolean; username?: string } = {}) {
  const { location } = await consent(up.oauth.authorizeUrl('st', TEST_REDIRECT_URI), {
    decision: 'allow',
    username: opts.username,
    fields: opts.proposals ? { allow_proposals: '1' } : {},
  });
  expect(location.searchParams.get('state')).toBe('st');
  return up.oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
}

async function caught(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('expected a MarketplaceError');
}

const graphBody = () => JSON.parse(rec.last().body!) as { query: string; variables: any };

describe('Upwork adapter: search', () => {
  it('needs a connected account', async () => {
    const up = await setup();
    const error = await caught(up.adapter.search(null, criteria(), 0, 10));
    expect(error).toMatchObject({ kind: 'unauthorized', message: 'Connect your Upwork account to search Upwork' });
    expect(rec.calls).toHaveLength(0);
  });

  it("keeps the user's own words, all to match, when they name no skill", async () => {
    const up = await setup();
    const tokens = await connect(up);
    await up.adapter.search({ accessToken: tokens.accessToken }, criteria({ title: 'qzxwvj landing' }), 0, 10);
    expect(graphBody().variables.marketPlaceJobFilter).toMatchObject({ searchExpression_eq: 'qzxwvj landing' });
    expect(graphBody().variables.marketPlaceJobFilter.searchTerm_eq).toBeUndefined();
  });

  it('asks for any spelling of the skills of the keywords and the agent, and finds React jobs, not React Native ones only', async () => {
    const up = await setup();
    const tokens = await connect(up);
    const page = await up.adapter.search(
      { accessToken: tokens.accessToken },
      criteria({ title: 'Senior React and TypeScript front-end engineer', skills: ['Next.js'], upworkJobType: 'any' }),
      0,
      50,
    );
    const terms = graphBody().variables.marketPlaceJobFilter.searchTerm_eq.orTerms_any as string[];
    expect(terms).toEqual(expect.arrayContaining(['react', 'typescript', 'next.js']));
    expect(terms).not.toContain('react native');
    expect(page.jobs.length).toBeGreaterThan(0);
    expect(page.jobs.some((job) => job.skills.includes('React.js'))).toBe(true);
  });

  it('keeps skill phrases whole in orTerms_any and never sends their everyday words alone', async () => {
    const up = await setup();
    const session = { accessToken: (await connect(up)).accessToken };
    const page = await up.adapter.search(
      session,
      criteria({ title: 'Marketer', skills: ['Search Engine Optimization', 'Data Entry'] }),
      0,
      50,
    );
    const filter = graphBody().variables.marketPlaceJobFilter;
    expect(filter.searchExpression_eq).toBeUndefined();
    const terms = filter.searchTerm_eq.orTerms_any as string[];
    expect(terms).toEqual(expect.arrayContaining(['search engine optimization', 'seo', 'data entry']));
    for (const word of ['search', 'engine', 'data', 'entry', 'marketer']) expect(terms).not.toContain(word);
    for (const job of page.jobs)
      expect(`${job.title} ${job.description} ${job.skills.join(' ')}`.toLowerCase()).toMatch(
        /seo|search engine optimization|data entry|copy-paste/,
      );
  });

  it('asks by occupation and by each ontology skill alone when ids are known, and by phrases for the rest', () => {
    const lanes = upworkLanes(criteria({ title: 'x' }), {
      skills: ['a', 'b'],
      phrases: ['alpha', 'beta'],
      freelancer: { jobs: [], phrases: [] },
      upwork: { occupations: ['occ-1', 'occ-2'], skills: ['sk-1', 'sk-2'], phrases: ['beta'] },
      all: 'x',
    });
    expect(lanes).toEqual([
      { occupationIds_any: ['occ-1', 'occ-2'] },
      { ontologySkillIds_all: ['sk-1'] },
      { ontologySkillIds_all: ['sk-2'] },
      { searchTerm_eq: { orTerms_any: ['beta'] } },
    ]);
    const variables = upworkSearchVariables(criteria({ upworkJobType: 'fixed' }), lanes[0]!, 100, 50);
    expect(variables.marketPlaceJobFilter).toMatchObject({
      occupationIds_any: ['occ-1', 'occ-2'],
      jobType_eq: 'FIXED',
      pagination_eq: { first: 50, after: '100' },
    });
  });

  it('maps every criterion to the filter input and sends Bearer and tenant headers', async () => {
    const up = await setup();
    const tokens = await connect(up);
    const session = { accessToken: tokens.accessToken, tenantId: await up.adapter.organizationId({ accessToken: tokens.accessToken }) };
    const page = await up.adapter.search(
      session,
      criteria({
        title: 'react',
        upworkJobType: 'hourly',
        upworkExperienceLevel: 'expert',
        upworkDuration: 'medium_term',
        upworkMinRate: 20,
        upworkMaxRate: 80,
        upworkMinFixedRate: 100,
        upworkMaxFixedRate: 2000,
      }),
      0,
      10,
    );
    const call = rec.last();
    expect(call.url.pathname).toBe('/sandbox/upwork/graphql');
    expect(call.method).toBe('POST');
    expect(call.headers.get('authorization')).toBe(`Bearer ${tokens.accessToken}`);
    expect(call.headers.get('x-upwork-api-tenantid')).toBe(session.tenantId);
    const body = graphBody();
    expect(body.query).toContain('marketplaceJobPostingsSearch(marketPlaceJobFilter: $marketPlaceJobFilter');
    expect(body.variables).toEqual({
      marketPlaceJobFilter: {
        searchTerm_eq: { orTerms_any: ['react', 'react.js', 'reactjs'] },
        jobType_eq: 'HOURLY',
        experienceLevel_eq: 'EXPERT',
        duration_any: ['MONTH', 'QUARTER'],
        hourlyRate_eq: { rangeStart: 20, rangeEnd: 80 },
        pagination_eq: { first: 10, after: '0' },
      },
      searchType: 'USER_JOBS_SEARCH',
      sortAttributes: [{ field: 'RECENCY' }],
    });
    expect(page.jobs.length).toBeGreaterThan(0);
    for (const job of page.jobs) {
      expect(job).toMatchObject({ type: 'hourly', experienceLevel: 'expert', platform: 'upwork', currency: 'USD' });
      expect(['1 to 3 months', '3 to 6 months']).toContain(job.duration);
      expect(job.maxBudget!).toBeGreaterThanOrEqual(20);
      expect(job.minBudget!).toBeLessThanOrEqual(80);
      expect(job.url).toMatch(new RegExp(`^${server.url}/sandbox/upwork/jobs/~0`));
    }
  });

  it("asks only for jobs posted inside an agent's window (daysPosted_eq, in whole days) and drops older ones", async () => {
    const up = await setup();
    const session = { accessToken: (await connect(up)).accessToken };
    const now = server.clock.now().getTime();
    // A window of 36 hours: Upwork is asked for two days, and what is older than 36 hours is dropped here.
    const since = Math.floor(now / 1000) - 36 * 3600;
    const page = await up.adapter.search(session, criteria({ title: 'developer', postedSince: since }), 0, 50);
    expect(graphBody().variables.marketPlaceJobFilter.daysPosted_eq).toBe(2);
    expect(page.jobs.length).toBeGreaterThan(0);
    for (const job of page.jobs) expect(Date.parse(job.datePosted)).toBeGreaterThanOrEqual(since * 1000);
    const all = await up.adapter.search(session, criteria({ title: 'developer' }), 0, 200);
    expect(graphBody().variables.marketPlaceJobFilter.daysPosted_eq).toBeUndefined();
    expect(all.jobs.some((job) => Date.parse(job.datePosted) < since * 1000)).toBe(true);
  });

  it('sends the fixed-price range for fixed jobs and both for any; short/long/ongoing durations', async () => {
    const up = await setup();
    const session = { accessToken: (await connect(up)).accessToken };
    const fixed = await up.adapter.search(
      session,
      criteria({
        upworkJobType: 'fixed',
        upworkDuration: 'short_term',
        upworkMinFixedRate: 500,
        upworkMaxFixedRate: 5000,
        upworkMinRate: 20,
      }),
      0,
      10,
    );
    expect(graphBody().variables.marketPlaceJobFilter).toMatchObject({
      jobType_eq: 'FIXED',
      duration_any: ['WEEK'],
      budgetRange_eq: { rangeStart: 500 },
    });
    expect(graphBody().variables.marketPlaceJobFilter.hourlyRate_eq).toBeUndefined();
    for (const job of fixed.jobs) {
      expect(job.type).toBe('fixed');
      expect(job.minBudget).toBe(job.maxBudget);
      expect(job.minBudget!).toBeGreaterThanOrEqual(500);
      expect(job.budgetUsd).toBe(job.minBudget);
    }
    await up.adapter.search(
      session,
      criteria({ upworkJobType: 'any', upworkDuration: 'long_term', upworkMinRate: 10, upworkMaxRate: 1000, upworkMaxFixedRate: 900 }),
      0,
      10,
    );
    const filter = graphBody().variables.marketPlaceJobFilter;
    expect(filter.jobType_eq).toBeUndefined();
    expect(filter).toMatchObject({ duration_any: ['SEMESTER'], hourlyRate_eq: { rangeStart: 10 }, budgetRange_eq: { rangeEnd: 900 } });
    await up.adapter.search(session, criteria({ upworkDuration: 'ongoing' }), 0, 10);
    expect(graphBody().variables.marketPlaceJobFilter.duration_any).toEqual(['ONGOING']);
  });

  it('pages with a numeric offset in `after`, at most 50 a page, without overlap', async () => {
    const up = await setup();
    const session = { accessToken: (await connect(up)).accessToken };
    const before = rec.calls.length;
    const first = await up.adapter.search(session, criteria(), 0, 80);
    // One search reads 80 jobs in two requests: 50, then 30 from offset 50.
    const pages = rec.calls.slice(before).map((c) => JSON.parse(c.body!).variables.marketPlaceJobFilter.pagination_eq);
    expect(pages).toEqual([
      { first: 50, after: '0' },
      { first: 30, after: '50' },
    ]);
    const second = await up.adapter.search(session, criteria(), 1, 80);
    expect(JSON.parse(rec.calls[rec.calls.length - 2]!.body!).variables.marketPlaceJobFilter.pagination_eq).toEqual({
      first: 50,
      after: '80',
    });
    expect(first.jobs).toHaveLength(80);
    expect(new Set(first.jobs.map((j) => j.id)).size).toBe(80);
    expect(second.jobs.length).toBeGreaterThan(0);
    const ids = new Set(first.jobs.map((j) => j.id));
    expect(second.jobs.some((j) => ids.has(j.id))).toBe(false);
    expect(first.hasMore).toBe(true);
  });

  it('filters again on our side when the service ignores a filter, and reads money strings', async () => {
    const node = (id: string, over: Record<string, unknown>) => ({
      id,
      ciphertext: `~02${id}`,
      title: `Job ${id}`,
      description: 'Text',
      publishedDateTime: '2026-01-05T08:00:00.000Z',
      amount: { rawValue: '0.0', currency: 'USD', displayValue: '$0.00' },
      hourlyBudgetMin: { rawValue: '30.0', currency: 'USD' },
      hourlyBudgetMax: { rawValue: '50.0', currency: 'USD' },
      experienceLevel: 'EXPERT',
      duration: 'MONTH',
      skills: [{ name: 'react_js', prettyName: 'React.js' }],
      client: {
        totalHires: 3,
        totalFeedback: 4.5,
        verificationStatus: 'VERIFIED',
        totalSpent: { rawValue: '1200.5', currency: 'USD' },
        location: { country: 'Germany', city: 'Berlin' },
      },
      ...over,
    });
    const fake = await listen(() =>
      Response.json({
        data: {
          marketplaceJobPostingsSearch: {
            totalCount: 4,
            edges: [
              { cursor: '1', node: node('1', {}) },
              { cursor: '2', node: node('2', { amount: { rawValue: '500.0', currency: 'USD' } }) }, // fixed: not asked for
              { cursor: '3', node: node('3', { experienceLevel: 'ENTRY_LEVEL' }) },
              { cursor: '4', node: node('4', { hourlyBudgetMin: { rawValue: '5.0' }, hourlyBudgetMax: { rawValue: '9.0' } }) }, // below the rate
            ],
            pageInfo: { endCursor: '4', hasNextPage: false },
          },
        },
      }),
    );
    try {
      const adapter = new UpworkAdapter({ graphqlUrl: `${fake.url}/graphql`, siteUrl: 'https://www.upwork.com', proposalsApi: false });
      const page = await adapter.search(
        { accessToken: 't' },
        criteria({ upworkJobType: 'hourly', upworkExperienceLevel: 'expert', upworkDuration: 'medium_term', upworkMinRate: 20 }),
        0,
        10,
      );
      expect(page.jobs.map((j) => j.externalId)).toEqual(['1']);
      expect(page.jobs[0]).toMatchObject({
        url: 'https://www.upwork.com/jobs/~021',
        type: 'hourly',
        minBudget: 30,
        maxBudget: 50,
        budgetUsd: 40,
        skills: ['React.js'],
        clientLocation: 'Berlin, Germany',
        client: { paymentVerified: true, rating: 4.5, totalSpentUsd: 1200.5, country: 'Germany', hires: 3 },
      });
      expect(page.hasMore).toBe(false);
    } finally {
      await fake.close();
    }
  });
});

describe('Upwork adapter: OAuth and errors', () => {
  it('builds the authorize URL without a scope, exchanges and refreshes a 24 h token', async () => {
    const up = await setup();
    const url = new URL(up.oauth.authorizeUrl('xyz', TEST_REDIRECT_URI));
    expect(url.pathname).toBe('/sandbox/upwork/ab/account-security/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'bidpilot-sandbox',
      redirect_uri: TEST_REDIRECT_URI,
      state: 'xyz',
    });
    const tokens = await connect(up);
    expect(rec.last().url.pathname).toBe('/sandbox/upwork/api/v3/oauth2/token');
    expect(Date.parse(tokens.expiresAt!)).toBe(server.clock.now().getTime() + 86_400_000);
    server.clock.advance!(25 * 3_600_000);
    expect((await caught(up.adapter.search({ accessToken: tokens.accessToken }, criteria(), 0, 5))).kind).toBe('unauthorized');
    const fresh = await up.oauth.refresh(tokens.refreshToken!);
    expect((await up.adapter.search({ accessToken: fresh.accessToken }, criteria(), 0, 5)).jobs).toHaveLength(5);
  });

  it('backs off on 429 and reports rate_limited when out of retries', async () => {
    let up = await setup({ rateLimitPerMinute: 1 });
    const session = { accessToken: (await connect(up)).accessToken };
    await up.adapter.search(session, criteria(), 0, 5);
    await up.adapter.search(session, criteria(), 0, 5);
    expect(rec.calls.filter((c) => c.url.pathname.endsWith('/graphql')).map((c) => c.status)).toEqual([200, 429, 200]);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
    await server.close();
    up = await setup({ rateLimitPerMinute: 1, retries: 0 });
    const s2 = { accessToken: (await connect(up)).accessToken };
    await up.adapter.search(s2, criteria(), 0, 5);
    expect(await caught(up.adapter.search(s2, criteria(), 0, 5))).toMatchObject({
      kind: 'rate_limited',
      details: { status: 429, retryAfterMs: 60_000 },
    });
  });

  it('turns garbage and odd shapes into malformed, and a foreign tenant into forbidden', async () => {
    const answers = [
      () => new Response('{"data": ', { status: 200 }),
      () => Response.json({ data: { marketplaceJobPostingsSearch: { edges: [{ node: { id: 1 } }] } } }),
      () => Response.json([1, 2, 3]),
    ];
    let i = 0;
    const fake = await listen(() => answers[i++]!());
    try {
      const adapter = new UpworkAdapter({ graphqlUrl: `${fake.url}/graphql`, siteUrl: 'https://www.upwork.com', proposalsApi: false });
      for (let n = 0; n < answers.length; n++)
        expect((await caught(adapter.search({ accessToken: 't' }, criteria(), 0, 5))).kind).toBe('malformed');
    } finally {
      await fake.close();
    }
    const up = await setup();
    const tokens = await connect(up);
    expect((await caught(up.adapter.search({ accessToken: tokens.accessToken, tenantId: '999' }, criteria(), 0, 5))).kind).toBe(
      'forbidden',
    );
  });
});

describe('Upwork adapter: proposals', () => {
  const input = (job: { externalId: string; minBudget: number | null }) => ({
    job: { externalId: job.externalId, type: 'hourly' as const, minBudget: job.minBudget, maxBudget: job.minBudget, currency: 'USD' },
    amount: 45,
    periodDays: 10,
    coverLetter: 'Hello, I would like to help.',
  });

  it('with the capability off: forbidden, nothing sent, the draft goes through Upwork’s page', async () => {
    const up = await setup({ proposalsApi: false });
    const tokens = await connect(up, { proposals: true });
    const before = rec.calls.length;
    const error = await caught(
      up.adapter.placeProposal({ accessToken: tokens.accessToken, scope: tokens.scope }, input({ externalId: '1', minBudget: 1 })),
    );
    expect(error).toMatchObject({ kind: 'forbidden', message: UPWORK_MANUAL_SEND });
    expect(error.message).toMatch(/Upwork's own page/);
    expect(rec.calls.length).toBe(before);
  });

  it('with the capability on but a token without the permission: the GraphQL scope error becomes forbidden', async () => {
    const up = await setup({ proposalsApi: true });
    const tokens = await connect(up);
    const session = { accessToken: tokens.accessToken };
    const { jobs } = await up.adapter.search(session, criteria(), 0, 1);
    const error = await caught(up.adapter.placeProposal(session, input(jobs[0]!)));
    expect(error.kind).toBe('forbidden');
    expect(error.message).toMatch(/permissions\/scopes/);
    expect(rec.last().status).toBe(200);
    // A known scope without the permission is refused before any call.
    const before = rec.calls.length;
    expect((await caught(up.adapter.placeProposal({ ...session, scope: tokens.scope }, input(jobs[0]!)))).kind).toBe('forbidden');
    expect(rec.calls.length).toBe(before);
  });

  it('with the capability on and the permission granted: the proposal is created once', async () => {
    const up = await setup({ proposalsApi: true });
    const tokens = await connect(up, { proposals: true });
    expect(tokens.scope).toContain(UPWORK_PROPOSAL_PERMISSION);
    const session = { accessToken: tokens.accessToken, scope: tokens.scope };
    const { jobs } = await up.adapter.search(session, criteria(), 0, 1);
    const placed = await up.adapter.placeProposal(session, input(jobs[0]!));
    expect(placed).toMatchObject({ externalId: expect.stringMatching(/^\d+$/), amount: 45, submittedAt: server.clock.now().toISOString() });
    expect(graphBody().variables).toEqual({
      input: { jobReference: jobs[0]!.externalId, chargedAmount: 45, coverLetter: 'Hello, I would like to help.' },
    });
    expect(graphBody().query).toContain('createJobProposal(input: $input)');
    expect(await caught(up.adapter.placeProposal(session, input(jobs[0]!)))).toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/already/),
    });
  });

  it('finds its own proposal for a job through vendorProposals, and nothing for a job it did not apply to', async () => {
    const up = await setup({ proposalsApi: true });
    const tokens = await connect(up, { proposals: true });
    const session = { accessToken: tokens.accessToken, scope: tokens.scope };
    const { jobs } = await up.adapter.search(session, criteria(), 0, 2);
    expect(await up.adapter.findProposal(session, jobs[0]!.externalId)).toBeNull();
    const placed = await up.adapter.placeProposal(session, input(jobs[0]!));
    const found = await up.adapter.findProposal(session, jobs[0]!.externalId);
    expect(found).toEqual({ externalId: placed.externalId, amount: 45, submittedAt: server.clock.now().toISOString() });
    expect(graphBody().query).toContain('vendorProposals(filter: { status_eq: Pending, jobPostingIds_any: $jobIds }');
    expect(graphBody().variables).toMatchObject({ jobIds: [jobs[0]!.externalId], page: { first: 5 } });
    expect(await up.adapter.findProposal(session, jobs[1]!.externalId)).toBeNull();
    // Another account's proposal on the same job is not ours.
    const other = await connect(up, { proposals: true, username: 'someone_else' });
    expect(await up.adapter.findProposal({ accessToken: other.accessToken, scope: other.scope }, jobs[0]!.externalId)).toBeNull();
  });

  it("reads a job's screening questions in order, and sends their answers with the proposal; a missing answer is refused", async () => {
    const up = await setup({ proposalsApi: true });
    const tokens = await connect(up, { proposals: true });
    const session = { accessToken: tokens.accessToken, scope: tokens.scope };
    const { jobs } = await up.adapter.search(session, criteria(), 0, 40);
    const asked: Array<{ job: (typeof jobs)[number]; questions: string[] }> = [];
    for (const job of jobs) asked.push({ job, questions: await up.adapter.screeningQuestions!(session, job.externalId) });
    expect(graphBody().query).toContain('marketplaceJobPosting(id: $id)');
    expect(graphBody().variables).toEqual({ id: jobs[jobs.length - 1]!.externalId });
    // Some of the sandbox's jobs ask, some do not.
    const withQuestions = asked.find((a) => a.questions.length > 0)!;
    expect(withQuestions).toBeDefined();
    expect(asked.some((a) => a.questions.length === 0)).toBe(true);
    expect(withQuestions.questions.every((q) => q.length > 10)).toBe(true);

    const without = await caught(up.adapter.placeProposal(session, input(withQuestions.job)));
    expect(without).toMatchObject({ kind: 'rejected', message: `Answer the screening question: ${withQuestions.questions[0]}` });
    const screeningAnswers = withQuestions.questions.map((question) => ({ question, answer: 'From my own work: yes.' }));
    await up.adapter.placeProposal(session, { ...input(withQuestions.job), screeningAnswers });
    expect(graphBody().variables).toEqual({
      input: {
        jobReference: withQuestions.job.externalId,
        chargedAmount: 45,
        coverLetter: 'Hello, I would like to help.',
        questions: screeningAnswers,
      },
    });
  });
});
