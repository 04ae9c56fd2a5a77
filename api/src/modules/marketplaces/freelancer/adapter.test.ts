import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchCriteria } from '@shared/schemas/job';
import { AGENT_DEFAULTS } from '@shared/schemas/agent';
import {
  consent,
  listen,
  recordingFetch,
  startMarketplaceServer,
  TEST_REDIRECT_URI,
  type MarketplaceServer,
} from '../../../testing/marketplace-server';
import { MarketplaceError } from '../errors';
import { FreelancerAdapter } from './adapter';
import { createMarketplaces } from '../registry';

let server: MarketplaceServer;
let rec: ReturnType<typeof recordingFetch>;
let sleeps: number[];

async function setup(rateLimitPerMinute = 1000, retries?: number) {
  server = await startMarketplaceServer({ rateLimitPerMinute });
  rec = recordingFetch();
  sleeps = [];
  const markets = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: false }, () => server.url, {
    clock: server.clock,
    http: {
      fetch: rec.fetch,
      random: () => 0.5,
      retries,
      // Waiting moves the sandbox's clock: the rate-limit window really passes.
      sleep: async (ms) => {
        sleeps.push(ms);
        server.clock.advance!(ms);
      },
    },
  });
  return markets.freelancer;
}

afterEach(() => server?.close());

const criteria = (over: Partial<SearchCriteria> = {}): SearchCriteria => ({
  platform: 'freelancer',
  title: 'developer',
  pageLimit: 1,
  ...over,
});

async function connect(oauth: ReturnType<typeof createMarketplaces>['freelancer']['oauth'], username?: string) {
  const url = oauth.authorizeUrl('state-123', TEST_REDIRECT_URI);
  const { location } = await consent(url, { decision: 'allow', username });
  expect(location.searchParams.get('state')).toBe('state-123');
  return oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
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

describe('Freelancer adapter: search', () => {
  let fl: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    fl = await setup();
  });

  it("keeps the user's own words, every one to match, when they name no skill", async () => {
    await fl.adapter.search(null, criteria({ title: 'qzxwvj nothing matches this' }), 0, 10);
    expect(rec.last().url.searchParams.get('query')).toBe('qzxwvj nothing matches this');
    expect(rec.last().url.searchParams.has('or_search_query')).toBe(false);
  });

  it('builds the query from the keywords and the skills, so a long title still finds jobs', async () => {
    const page = await fl.adapter.search(
      null,
      criteria({ title: 'Senior React and TypeScript front-end engineer', skills: ['Node.js'] }),
      0,
      50,
    );
    const q = rec.last().url.searchParams;
    expect(q.get('or_search_query')).toBe('true');
    expect(q.get('query')!.split(' ')).toEqual(expect.arrayContaining(['react', 'typescript', 'node.js']));
    for (const word of ['senior', 'and', 'front-end', 'engineer']) expect(q.get('query')!.split(' ')).not.toContain(word);
    expect(page.jobs.length).toBeGreaterThan(0);
  });

  it('asks by skill ids (repeated jobs[]) and, apart, by phrases for the skills without an id', async () => {
    const page = await fl.adapter.search(null, criteria({ title: 'PHP developer', skills: ['Shopify'] }), 0, 50);
    expect(rec.calls).toHaveLength(2);
    const [byIds, byPhrases] = rec.calls;
    expect(byIds!.url.search).toContain('jobs%5B%5D=3');
    expect(byIds!.url.searchParams.has('query')).toBe(false);
    expect(byPhrases!.url.searchParams.has('jobs[]')).toBe(false);
    expect(byPhrases!.url.searchParams.get('or_search_query')).toBe('true');
    expect(byPhrases!.url.searchParams.get('query')!.split(' ')).toContain('shopify');
    expect(byPhrases!.url.searchParams.get('query')).not.toMatch(/\bphp\b/);
    // The sandbox honours both: every job is tagged PHP or says Shopify; both kinds come back, newest first.
    const php = page.jobs.filter((j) => j.skills.includes('PHP'));
    const shopify = page.jobs.filter((j) => /shopify/i.test(`${j.title} ${j.description} ${j.skills.join(' ')}`));
    expect(php.length).toBeGreaterThan(0);
    expect(shopify.length).toBeGreaterThan(0);
    expect(php.length + shopify.length).toBeGreaterThanOrEqual(page.jobs.length);
    const times = page.jobs.map((j) => Date.parse(j.datePosted));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(page.jobs.map((j) => j.id)).size).toBe(page.jobs.length);
  });

  it('keeps a skill phrase whole (quoted) and never sends its everyday words alone', async () => {
    const page = await fl.adapter.search(
      null,
      criteria({ title: 'Marketer', skills: ['Search Engine Optimization', 'Project Management'] }),
      0,
      50,
    );
    const query = rec.last().url.searchParams.get('query')!;
    expect(query).toContain('"search engine optimization"');
    expect(query).toContain('"project management"');
    const loose = query
      .replace(/"[^"]*"/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (const word of ['search', 'engine', 'optimization', 'project', 'management']) expect(loose).not.toContain(word);
    // The sandbox reads the quotes as phrases: no job is found by "search" or "management" alone.
    for (const job of page.jobs)
      expect(`${job.title} ${job.description} ${job.skills.join(' ')}`.toLowerCase()).toMatch(
        /seo|search engine optimization|project management|pmp|agile/,
      );
  });

  it('reads enough to rank from: up to 200 newest per search, in requests of at most 100', async () => {
    const page = await fl.adapter.search(null, criteria({ title: 'a' }), 0, 150);
    expect(rec.calls.map((c) => [c.url.searchParams.get('offset'), c.url.searchParams.get('limit')])).toEqual([
      ['0', '100'],
      ['100', '50'],
    ]);
    expect(page.jobs).toHaveLength(150);
    expect(new Set(page.jobs.map((j) => j.id)).size).toBe(150);
    rec.calls.length = 0;
    const next = await fl.adapter.search(null, criteria({ title: 'a' }), 1, 150);
    expect(rec.calls[0]!.url.searchParams.get('offset')).toBe('150');
    expect(next.jobs.some((j) => page.jobs.some((p) => p.id === j.id))).toBe(false);
    rec.calls.length = 0;
    await fl.adapter.search(null, criteria({ title: 'a' }), 0, 1000);
    expect(rec.calls).toHaveLength(2);
  });

  it("asks only for projects posted inside an agent's window (from_time), and gets none older", async () => {
    const now = server.clock.now().getTime();
    const since = Math.floor(now / 1000) - 2 * 86_400;
    const page = await fl.adapter.search(null, criteria({ title: 'developer', postedSince: since }), 0, 100);
    expect(rec.last().url.searchParams.get('from_time')).toBe(String(since));
    expect(page.jobs.length).toBeGreaterThan(0);
    for (const job of page.jobs) expect(Date.parse(job.datePosted)).toBeGreaterThanOrEqual(since * 1000);
    // Without a window the same search reaches back to older projects.
    const all = await fl.adapter.search(null, criteria({ title: 'developer' }), 0, 200);
    expect(rec.last().url.searchParams.has('from_time')).toBe(false);
    expect(all.jobs.some((job) => Date.parse(job.datePosted) < since * 1000)).toBe(true);
  });

  it("sends no budget maximum for a new agent's defaults, but keeps its minimum and rate filters", async () => {
    const d = AGENT_DEFAULTS;
    await fl.adapter.search(
      null,
      criteria({
        freelancerIsFixed: d.freelancerIsFixed,
        freelancerIsHourly: d.freelancerIsHourly,
        freelancerMinBudget: 50,
        freelancerMaxBudget: d.freelancerMaxBudget,
        freelancerHourlyRateMin: d.freelancerHourlyRateMin,
        freelancerHourlyRateMax: d.freelancerHourlyRateMax,
      }),
      0,
      20,
    );
    const q = rec.last().url.searchParams;
    expect(q.has('max_price')).toBe(false);
    expect(q.get('min_price')).toBe('50');
    expect(q.get('min_hourly_rate')).toBe(String(d.freelancerHourlyRateMin));
  });

  it('puts every hourly criterion on the wire as Freelancer expects, without a token when not connected', async () => {
    const page = await fl.adapter.search(
      null,
      criteria({
        title: 'react developer',
        freelancerIsHourly: true,
        freelancerIsFixed: false,
        freelancerMinBudget: 100,
        freelancerMaxBudget: 900,
        freelancerHourlyRateMin: 15,
        freelancerHourlyRateMax: 60,
        freelancerLanguage: ['en', 'fr'],
      }),
      0,
      25,
    );
    const call = rec.last();
    expect(call.url.pathname).toBe('/sandbox/freelancer/api/projects/0.1/projects/active/');
    expect(call.url.search).toContain('languages%5B%5D=en&languages%5B%5D=fr'); // repeated key[]
    const q = call.url.searchParams;
    // "developer" names no skill: the query asks for any spelling of React (whole words, or_search_query).
    expect(q.get('query')!.split(' ')).toEqual(expect.arrayContaining(['react', 'reactjs']));
    expect(q.get('query')!.split(' ')).not.toContain('developer');
    expect(q.get('or_search_query')).toBe('true');
    expect(q.getAll('project_types[]')).toEqual(['hourly']);
    expect(q.get('min_hourly_rate')).toBe('15');
    expect(q.get('max_hourly_rate')).toBe('60');
    expect(q.has('min_price')).toBe(false); // price bounds are for fixed projects
    expect(q.get('limit')).toBe('25');
    expect(q.get('offset')).toBe('0');
    for (const flag of ['full_description', 'job_details', 'user_details', 'user_reputation']) expect(q.get(flag)).toBe('true');
    expect(q.get('sort_field')).toBe('time_updated');
    expect(q.get('reverse_sort')).toBe('true');
    expect(call.headers.has('freelancer-oauth-v1')).toBe(false);
    expect(page.jobs.length).toBeGreaterThan(0);
    for (const job of page.jobs) {
      expect(job.type).toBe('hourly');
      expect(job.title.toLowerCase() + job.description.toLowerCase() + job.skills.join(' ').toLowerCase()).toMatch(/react/);
    }
  });

  it('sends fixed-price bounds for fixed projects, and leaves a slider at its top open-ended', async () => {
    await fl.adapter.search(
      null,
      criteria({
        freelancerIsFixed: true,
        freelancerIsHourly: false,
        freelancerMinBudget: 300,
        freelancerMaxBudget: 900,
        freelancerHourlyRateMin: 15,
      }),
      1,
      10,
    );
    let q = rec.last().url.searchParams;
    expect(q.getAll('project_types[]')).toEqual(['fixed']);
    expect([q.get('min_price'), q.get('max_price'), q.get('offset')]).toEqual(['300', '900', '10']);
    expect(q.has('min_hourly_rate')).toBe(false);
    await fl.adapter.search(
      null,
      criteria({ freelancerIsFixed: true, freelancerIsHourly: true, freelancerMinBudget: 0, freelancerMaxBudget: 5000 }),
      0,
      500,
    );
    q = rec.last().url.searchParams;
    expect(q.getAll('project_types[]')).toEqual(['fixed', 'hourly']);
    expect(q.has('min_price') || q.has('max_price')).toBe(false);
    expect(q.get('limit')).toBe('100');
  });

  it('maps projects to normalised jobs: sandbox link, USD budget from the exchange rate, client details', async () => {
    const { jobs } = await fl.adapter.search(null, criteria({ title: 'a' }), 0, 100);
    const foreign = jobs.find((j) => j.currency !== 'USD' && j.minBudget !== null && j.maxBudget !== null)!;
    const raw = await (await fetch(`${server.url}/sandbox/freelancer/api/projects/0.1/projects/${foreign.externalId}/`)).json();
    const rate = raw.result.currency.exchange_rate;
    expect(foreign.budgetUsd).toBeCloseTo(((foreign.minBudget! + foreign.maxBudget!) / 2) * rate, 1);
    for (const job of jobs) {
      expect(job.id).toBe(`freelancer:${job.externalId}`);
      expect(job.url.startsWith(`${server.url}/sandbox/freelancer/projects/`)).toBe(true);
      expect(job.skills.length).toBeGreaterThan(0);
      expect(job.description.length).toBeGreaterThan(100);
      expect(job.client.country).toEqual(expect.any(String));
      expect(job.client.paymentVerified).toEqual(expect.any(Boolean));
      expect(job.client.rating).toEqual(expect.any(Number));
      // When the client's account was made (users[].registration_date, unix seconds), before the post.
      expect(Date.parse(job.client.accountCreatedAt ?? '')).toBeLessThan(Date.parse(job.datePosted));
      expect(job.clientName).toEqual(expect.any(String));
      expect(Date.parse(job.datePosted)).toBeLessThanOrEqual(server.clock.now().getTime());
    }
    expect((await fetch(jobs[0]!.url)).status).toBe(200);
  });

  it('pages without overlap', async () => {
    const first = await fl.adapter.search(null, criteria(), 0, 20);
    const second = await fl.adapter.search(null, criteria(), 1, 20);
    expect(first.jobs).toHaveLength(20);
    expect(second.jobs).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.total).toBe(first.total);
    const ids = new Set(first.jobs.map((j) => j.id));
    expect(second.jobs.some((j) => ids.has(j.id))).toBe(false);
    expect(Date.parse(first.jobs[19]!.datePosted)).toBeGreaterThanOrEqual(Date.parse(second.jobs[0]!.datePosted));
  });
});

describe('Freelancer adapter: OAuth and errors', () => {
  it('builds the authorize URL, exchanges a code, refuses a reused one, and refreshes after expiry', async () => {
    const fl = await setup();
    const url = new URL(fl.oauth.authorizeUrl('s', TEST_REDIRECT_URI));
    expect(url.pathname).toBe('/sandbox/freelancer/oauth/authorize');
    expect(url.search).toContain('advanced_scopes=1%202%203%204%205%206');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'bidpilot-sandbox',
      redirect_uri: TEST_REDIRECT_URI,
      scope: 'basic',
      state: 's',
    });

    const { location } = await consent(url.toString());
    const code = location.searchParams.get('code')!;
    const tokens = await fl.oauth.exchangeCode(code, TEST_REDIRECT_URI);
    const form = new URLSearchParams(rec.last().body);
    expect(rec.last().headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code,
      client_id: 'bidpilot-sandbox',
      client_secret: 'bidpilot-sandbox-secret',
      redirect_uri: TEST_REDIRECT_URI,
    });
    expect(tokens.scope).toBe('basic 1 2 3 4 5 6');
    expect(Date.parse(tokens.expiresAt!)).toBe(server.clock.now().getTime() + 30 * 86_400_000);
    expect((await caught(fl.oauth.exchangeCode(code, TEST_REDIRECT_URI))).kind).toBe('unauthorized');

    const session = { accessToken: tokens.accessToken };
    expect((await fl.adapter.self(session)).username).toBe('sandbox_freelancer');
    server.clock.advance!(31 * 86_400_000);
    const expired = await caught(
      fl.adapter.placeProposal(session, {
        job: { externalId: '1', type: 'fixed', minBudget: 1, maxBudget: 2, currency: 'USD' },
        amount: 1,
        periodDays: 1,
        coverLetter: 'x',
      }),
    );
    // The profile was cached; the bid itself meets the expired token.
    expect(expired).toMatchObject({
      kind: 'unauthorized',
      details: { status: 401, code: 'AuthenticationExceptionCodes.INVALID_AUTH_TOKEN' },
    });
    const fresh = await fl.oauth.refresh(tokens.refreshToken!);
    expect(Object.fromEntries(new URLSearchParams(rec.last().body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect((await fl.adapter.self({ accessToken: fresh.accessToken })).username).toBe('sandbox_freelancer');
    expect((await caught(fl.oauth.refresh(tokens.refreshToken!))).kind).toBe('unauthorized'); // rotated
  });

  it('sends the token header when connected, and reads the 401 error envelope', async () => {
    const fl = await setup();
    const tokens = await connect(fl.oauth);
    await fl.adapter.search({ accessToken: tokens.accessToken }, criteria(), 0, 5);
    expect(rec.last().headers.get('freelancer-oauth-v1')).toBe(tokens.accessToken);
    const error = await caught(fl.adapter.search({ accessToken: 'revoked' }, criteria(), 0, 5));
    expect(error).toMatchObject({ platform: 'freelancer', kind: 'unauthorized', details: { status: 401, requestId: expect.any(String) } });
  });

  it('backs off on 429 until the window passes, or reports rate_limited with the wait', async () => {
    let fl = await setup(2);
    await fl.adapter.search(null, criteria(), 0, 5);
    await fl.adapter.search(null, criteria(), 0, 5);
    const page = await fl.adapter.search(null, criteria(), 0, 5);
    expect(page.jobs).toHaveLength(5);
    expect(rec.calls.map((c) => c.status)).toEqual([200, 200, 429, 200]);
    expect(sleeps).toEqual([60_000]); // Retry-After outweighs the jittered delay
    await server.close();

    fl = await setup(1, 0);
    await fl.adapter.search(null, criteria(), 0, 5);
    const error = await caught(fl.adapter.search(null, criteria(), 0, 5));
    expect(error).toMatchObject({
      kind: 'rate_limited',
      transient: true,
      details: { status: 429, code: 'AuthorisationExceptionCodes.RATE_LIMITED', retryAfterMs: 60_000 },
    });
  });

  it('turns garbage, a wrong shape, a 5xx and a timeout into typed errors', async () => {
    server = await startMarketplaceServer();
    const answers: Record<string, () => Response | Promise<Response>> = {
      '/text/api/projects/0.1/projects/active/': () => new Response('<html>oops</html>', { status: 200 }),
      '/shape/api/projects/0.1/projects/active/': () => Response.json({ status: 'success', result: { projects: 'none' } }),
      '/envelope/api/projects/0.1/projects/active/': () => Response.json({ ok: true }),
      '/down/api/projects/0.1/projects/active/': () => new Response('bad gateway', { status: 502 }),
      '/slow/api/projects/0.1/projects/active/': () =>
        new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('late')), 500)),
    };
    const fake = await listen((request) => answers[new URL(request.url).pathname]?.() ?? new Response('no', { status: 404 }));
    try {
      const adapter = (base: string) =>
        new FreelancerAdapter({
          apiUrl: `${fake.url}/${base}/api`,
          siteUrl: 'https://www.freelancer.com',
          http: { sleep: async () => {}, timeoutMs: 100, retries: 1 },
        });
      expect((await caught(adapter('text').search(null, criteria(), 0, 5))).kind).toBe('malformed');
      expect((await caught(adapter('shape').search(null, criteria(), 0, 5))).kind).toBe('malformed');
      expect((await caught(adapter('envelope').search(null, criteria(), 0, 5))).kind).toBe('malformed');
      expect(await caught(adapter('down').search(null, criteria(), 0, 5))).toMatchObject({ kind: 'unavailable', details: { status: 502 } });
      expect((await caught(adapter('slow').search(null, criteria(), 0, 5))).kind).toBe('unavailable');
    } finally {
      await fake.close();
    }
  });
});

describe('Freelancer adapter: bids', () => {
  it('places a bid once with the documented body, refuses a duplicate and a bid below the minimum', async () => {
    const fl = await setup();
    const tokens = await connect(fl.oauth, 'bidder_one');
    const session = { accessToken: tokens.accessToken };
    const { jobs } = await fl.adapter.search(session, criteria({ freelancerIsFixed: true, freelancerIsHourly: false }), 0, 10);
    const [job, other] = jobs;
    const input = (amount: number, j = job!) => ({ job: j, amount, periodDays: 6, coverLetter: 'Hello, I have built this before.' });

    const placed = await fl.adapter.placeProposal(session, input(job!.minBudget!));
    expect(placed).toMatchObject({
      externalId: expect.stringMatching(/^\d+$/),
      amount: job!.minBudget,
      submittedAt: server.clock.now().toISOString(),
    });
    const me = await fl.adapter.self(session);
    const body = JSON.parse(rec.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/bids/'))!.body!);
    expect(body).toEqual({
      project_id: Number(job!.externalId),
      bidder_id: Number(me.externalUserId),
      amount: job!.minBudget,
      period: 6,
      milestone_percentage: 100,
      description: 'Hello, I have built this before.',
    });

    const duplicate = await caught(fl.adapter.placeProposal(session, input(job!.minBudget!)));
    expect(duplicate).toMatchObject({ kind: 'rejected', details: { status: 409, code: 'ProjectExceptionCodes.DUPLICATE_BID' } });
    const low = await caught(fl.adapter.placeProposal(session, input(other!.minBudget! - 1, other)));
    expect(low).toMatchObject({
      kind: 'rejected',
      details: { status: 403, code: 'ProjectExceptionCodes.BID_MINIMUM_REQUIREMENT_NOT_MET' },
    });
    // /users/0.1/self/ was asked once for this token.
    expect(rec.calls.filter((c) => c.url.pathname.endsWith('/users/0.1/self/'))).toHaveLength(1);
  });

  it('finds its own bid on a project through the bids list, and none on a project it did not bid on', async () => {
    const fl = await setup();
    const session = { accessToken: (await connect(fl.oauth, 'bidder_two')).accessToken };
    const { jobs } = await fl.adapter.search(session, criteria({ freelancerIsFixed: true, freelancerIsHourly: false }), 0, 10);
    const [job, other] = jobs;
    expect(await fl.adapter.findProposal(session, job!.externalId)).toBeNull();
    const placed = await fl.adapter.placeProposal(session, {
      job: job!,
      amount: job!.minBudget!,
      periodDays: 5,
      coverLetter: 'Hello there.',
    });
    expect(await fl.adapter.findProposal(session, job!.externalId)).toEqual(placed);
    const asked = rec.last().url;
    expect(asked.pathname).toBe('/sandbox/freelancer/api/projects/0.1/bids/');
    const me = await fl.adapter.self(session);
    expect([asked.searchParams.getAll('projects[]'), asked.searchParams.getAll('bidders[]')]).toEqual([
      [job!.externalId],
      [me.externalUserId],
    ]);
    expect(await fl.adapter.findProposal(session, other!.externalId)).toBeNull();
    const stranger = { accessToken: (await connect(fl.oauth, 'bidder_three')).accessToken };
    expect(await fl.adapter.findProposal(stranger, job!.externalId)).toBeNull();
  });
});
