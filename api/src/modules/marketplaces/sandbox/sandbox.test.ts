import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  consent,
  SANDBOX_CLIENT_ID,
  startMarketplaceServer,
  TEST_REDIRECT_URI,
  type MarketplaceServer,
} from '../../../testing/marketplace-server';
import { SANDBOX_CLIENT_SECRET, UPWORK_PROPOSAL_SCOPE } from './accounts';
import { FREELANCER_USER_ID_BASE } from '../freelancer/sandbox/routes';
import type { Platform } from '@shared/marketplaces';

let server: MarketplaceServer;
beforeEach(async () => {
  server = await startMarketplaceServer({ rateLimitPerMinute: 1000 });
});
afterEach(() => server.close());

const fl = (path: string) => `${server.url}/sandbox/freelancer${path}`;
const up = (path: string) => `${server.url}/sandbox/upwork${path}`;
const advance = (ms: number) => server.clock.advance!(ms);

async function tokens(platform: Platform, opts: { advanced?: string; username?: string; proposals?: boolean } = {}) {
  const authorize =
    platform === 'freelancer'
      ? fl(
          `/oauth/authorize?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}&scope=basic&advanced_scopes=${encodeURIComponent(opts.advanced ?? '1 2 3 4 5 6')}`,
        )
      : up(
          `/ab/account-security/oauth2/authorize?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}&state=s1`,
        );
  const { location } = await consent(authorize, {
    decision: 'allow',
    username: opts.username,
    fields: opts.proposals ? { allow_proposals: '1' } : {},
  });
  const res = await fetch(platform === 'freelancer' ? fl('/oauth/token') : up('/api/v3/oauth2/token'), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: TEST_REDIRECT_URI,
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; scope: string; expires_in: number; token_type: string };
}

describe('sandbox consent pages', () => {
  it('asks plainly, with a labelled username field, Allow and Deny, and no script', async () => {
    for (const path of ['/oauth/authorize', '/oauth/authorise']) {
      const res = await fetch(
        fl(
          `${path}?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}&advanced_scopes=2`,
        ),
      );
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain('Allow Bidpilot to use your Freelancer.com sandbox account?');
      expect(html).toContain('<label for="username">');
      expect(html).toContain('value="sandbox_freelancer"');
      expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
      expect(html).toMatch(/value="deny">Deny</);
      expect(html).not.toMatch(/<script/i);
      expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1");
    }
    const upPage = await (
      await fetch(
        up(
          `/ab/account-security/oauth2/authorize?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}`,
        ),
      )
    ).text();
    expect(upPage).toContain('Allow Bidpilot to use your Upwork sandbox account?');
    expect(upPage).toMatch(/<input type="checkbox" name="allow_proposals" value="1">/); // unticked by default
  });

  it('refuses an unknown client without redirecting, and redirects a denial with the state', async () => {
    const bad = await fetch(
      fl(`/oauth/authorize?response_type=code&client_id=evil&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}`),
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
    const { location } = await consent(
      fl(
        `/oauth/authorize?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}&state=abc`,
      ),
      { decision: 'deny' },
    );
    expect(location.origin + location.pathname).toBe(TEST_REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('abc');
  });
});

describe('sandbox token endpoints', () => {
  it('answers OAuth2 errors: bad client 401, used or expired code and wrong redirect 400', async () => {
    const form = (body: Record<string, string>) => fetch(fl('/oauth/token'), { method: 'POST', body: new URLSearchParams(body) });
    const badClient = await form({ grant_type: 'authorization_code', code: 'x', client_id: SANDBOX_CLIENT_ID, client_secret: 'wrong' });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await form({ grant_type: 'password', client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET });
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const authorize = fl(
      `/oauth/authorize?response_type=code&client_id=${SANDBOX_CLIENT_ID}&redirect_uri=${encodeURIComponent(TEST_REDIRECT_URI)}`,
    );
    const code1 = (await consent(authorize)).location.searchParams.get('code')!;
    const base = { grant_type: 'authorization_code', client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET };
    const wrongRedirect = await form({ ...base, code: code1, redirect_uri: 'http://127.0.0.1/other' });
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await form({ ...base, code: code1, redirect_uri: TEST_REDIRECT_URI })).status).toBe(200);
    expect((await form({ ...base, code: code1, redirect_uri: TEST_REDIRECT_URI })).status).toBe(400); // single use

    const code2 = (await consent(authorize)).location.searchParams.get('code')!;
    advance(10 * 60_000 + 1);
    const expired = await form({ ...base, code: code2, redirect_uri: TEST_REDIRECT_URI });
    expect(await expired.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });
  });

  it('issues Upwork tokens for 24 h, with the proposal scope only when ticked', async () => {
    const plain = await tokens('upwork');
    expect(plain).toMatchObject({ token_type: 'bearer', expires_in: 86_400 });
    expect(plain.scope).not.toContain(UPWORK_PROPOSAL_SCOPE);
    const ticked = await tokens('upwork', { proposals: true, username: 'other_user' });
    expect(ticked.scope).toContain(UPWORK_PROPOSAL_SCOPE);
  });
});

describe('sandbox Freelancer API', () => {
  it('wraps answers in the success envelope, shaped by the projection flags', async () => {
    const bare = await (await fetch(fl('/api/projects/0.1/projects/active/?limit=2'))).json();
    expect(bare).toMatchObject({ status: 'success', request_id: expect.any(String), result: { total_count: 4032 } });
    expect(bare.result.projects).toHaveLength(2);
    expect(bare.result.projects[0].description).toBeUndefined();
    expect(bare.result.projects[0].jobs).toBeUndefined();
    expect(bare.result.users).toBeUndefined();
    const full = await (
      await fetch(
        fl(
          '/api/projects/0.1/projects/active/?limit=2&full_description=true&job_details=true&user_details=true&user_employer_reputation=true',
        ),
      )
    ).json();
    const project = full.result.projects[0];
    expect(project.description.length).toBeGreaterThan(project.preview_description.length);
    expect(project.jobs[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), category: { id: expect.any(Number) } });
    expect(project.currency).toMatchObject({ code: expect.any(String), exchange_rate: expect.any(Number) });
    expect(full.result.users[String(project.owner_id)].employer_reputation.entire_history.overall).toEqual(expect.any(Number));
    const many = await (await fetch(fl('/api/projects/0.1/projects/active/?limit=1000'))).json();
    expect(many.result.projects).toHaveLength(100);
    const all = await (await fetch(fl('/api/projects/0.1/projects/all/?limit=1&sort_field=time_updated'))).json();
    expect(all.result.projects[0].status).toBe('closed');
  });

  it('answers errors in the error envelope: bad token 401, bad parameter 400', async () => {
    const unauth = await fetch(fl('/api/users/0.1/self/'), { headers: { 'freelancer-oauth-v1': 'nope' } });
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toMatchObject({
      status: 'error',
      message: expect.any(String),
      error_code: expect.stringMatching(/ExceptionCodes\./),
      request_id: expect.any(String),
    });
    const bad = await fetch(fl('/api/projects/0.1/projects/active/?min_price=cheap'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).status).toBe('error');
  });

  it('enforces the bid rules and lists bids', async () => {
    const { access_token } = await tokens('freelancer');
    const headers = { 'freelancer-oauth-v1': access_token, 'content-type': 'application/json' };
    const me = (await (await fetch(fl('/api/users/0.1/self/'), { headers })).json()).result;
    expect(me.id).toBeGreaterThan(FREELANCER_USER_ID_BASE);
    const project = (await (await fetch(fl('/api/projects/0.1/projects/active/?limit=1&project_types[]=fixed'))).json()).result.projects[0];
    const bid = (over: Record<string, unknown>) =>
      fetch(fl('/api/projects/0.1/bids/'), {
        method: 'POST',
        headers,
        body: JSON.stringify({
          project_id: project.id,
          bidder_id: me.id,
          amount: project.budget.minimum,
          period: 5,
          milestone_percentage: 100,
          description: 'I can do this.',
          ...over,
        }),
      });
    const refusals: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ description: '' }, 400, /DESCRIPTION/],
      [{ description: 'x'.repeat(1501) }, 400, /DESCRIPTION/],
      [{ period: 0 }, 400, /PERIOD/],
      [{ period: 366 }, 400, /PERIOD/],
      [{ milestone_percentage: 101 }, 400, /MILESTONE/],
      [{ bidder_id: me.id + 1 }, 403, /BIDDER/],
      [{ amount: project.budget.minimum - 1 }, 403, /BID_MINIMUM_REQUIREMENT_NOT_MET/],
      [{ project_id: 1 }, 404, /NOT_FOUND/],
    ];
    for (const [over, status, code] of refusals) {
      const res = await bid(over);
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(status);
      expect((await res.json()).error_code).toMatch(code);
    }
    const placed = await bid({});
    expect(placed.status).toBe(200);
    const placedBody = await placed.json();
    expect(placedBody.result).toMatchObject({
      bidder_id: me.id,
      project_id: project.id,
      project_owner_id: project.owner_id,
      milestone_percentage: 100,
      retracted: false,
    });
    expect((await bid({})).status).toBe(409);
    const listed = await (await fetch(fl(`/api/projects/0.1/bids/?projects[]=${project.id}`), { headers })).json();
    expect(listed.result.bids.map((b: any) => b.id)).toEqual([placedBody.result.id]);
    // An old (closed) project takes no bids.
    const closed = (await (await fetch(fl('/api/projects/0.1/projects/all/?limit=1&sort_field=time_updated'))).json()).result.projects[0];
    expect((await bid({ project_id: closed.id, amount: closed.budget.minimum })).status).toBe(409);
  });

  it('needs advanced scope 2 to bid', async () => {
    const { access_token } = await tokens('freelancer', { advanced: '6' });
    const res = await fetch(fl('/api/projects/0.1/bids/'), {
      method: 'POST',
      headers: { 'freelancer-oauth-v1': access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: 1, bidder_id: 1, amount: 1, period: 1, description: 'x' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('AuthorisationExceptionCodes.INSUFFICIENT_SCOPE');
  });

  it('serves the project page a job link opens', async () => {
    const project = (await (await fetch(fl('/api/projects/0.1/projects/active/?limit=1'))).json()).result.projects[0];
    const page = await fetch(fl(`/projects/${project.seo_url}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(project.title.replace(/&/g, '&amp;'));
  });
});

describe('sandbox rate limit', () => {
  it('answers 429 RATE_LIMITED with RateLimit headers and Retry-After, per token, per minute', async () => {
    await server.close();
    server = await startMarketplaceServer({ rateLimitPerMinute: 2 });
    const url = fl('/api/projects/0.1/projects/active/?limit=1');
    const first = await fetch(url);
    expect(first.headers.get('ratelimit-limit')).toBe('2, 2;window=60');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    await fetch(url);
    const limited = await fetch(url);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toMatchObject({
      status: 'error',
      error_code: 'AuthorisationExceptionCodes.RATE_LIMITED',
      message: 'You have made too many of these requests.',
    });
    // Another token has its own budget; a new minute a new one.
    const { access_token } = await tokens('freelancer');
    expect((await fetch(url, { headers: { 'freelancer-oauth-v1': access_token } })).status).toBe(200);
    advance(60_000);
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('sandbox Upwork GraphQL', () => {
  const post = (token: string | null, body: unknown, headers: Record<string, string> = {}) =>
    fetch(up('/graphql'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('needs a valid Bearer token (401) and answers GraphQL errors with 200', async () => {
    expect((await post(null, { query: '{ organization { id } }' })).status).toBe(401);
    expect((await post('bogus', { query: '{ organization { id } }' })).status).toBe(401);
    const { access_token } = await tokens('upwork');
    expect((await post(access_token, 'not json')).status).toBe(400);
    const syntax = await post(access_token, { query: '{ organization { id }' });
    expect(syntax.status).toBe(200);
    expect(await syntax.json()).toMatchObject({ data: null, errors: [{ message: expect.stringMatching(/Syntax Error/) }] });
    const org = await (await post(access_token, { query: '{ organization { id } }' })).json();
    expect(org.data.organization.id).toMatch(/^\d+$/);
    const withTenant = await post(
      access_token,
      { query: '{ organization { id } }' },
      { 'X-Upwork-API-TenantId': org.data.organization.id },
    );
    expect((await withTenant.json()).data.organization.id).toBe(org.data.organization.id);
    const otherTenant = await (await post(access_token, { query: '{ organization { id } }' }, { 'X-Upwork-API-TenantId': '1' })).json();
    expect(otherTenant.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('searches with money as strings, caps pages at 50 and reads `after` as an offset', async () => {
    const { access_token } = await tokens('upwork');
    const query = `query($f: MarketplaceJobPostingsSearchFilter) { marketplaceJobPostingsSearch(marketPlaceJobFilter: $f, searchType: USER_JOBS_SEARCH, sortAttributes: [{ field: RECENCY }]) {
      totalCount edges { cursor node { id amount { rawValue currency } hourlyBudgetMin { rawValue } } } pageInfo { endCursor hasNextPage } } }`;
    const page = await (await post(access_token, { query, variables: { f: { pagination_eq: { first: 80, after: '10' } } } })).json();
    const search = page.data.marketplaceJobPostingsSearch;
    expect(search.edges).toHaveLength(50);
    expect(search.edges[0].cursor).toBe('11');
    expect(search.pageInfo).toEqual({ endCursor: '60', hasNextPage: true });
    expect(typeof search.edges[0].node.amount.rawValue).toBe('string');
    const badCursor = await (await post(access_token, { query, variables: { f: { pagination_eq: { first: 5, after: 'xyz' } } } })).json();
    expect(badCursor.errors[0].message).toMatch(/cursor/);
    const detail = await (
      await post(access_token, {
        query: `{ marketplaceJobPosting(id: "${search.edges[0].node.id}") { id content { title } contractTerms { contractType } } }`,
      })
    ).json();
    expect(detail.data.marketplaceJobPosting.contractTerms.contractType).toMatch(/^(FIXED|HOURLY)$/);
  });

  it('refuses createJobProposal without the proposal scope: data null, errors, HTTP 200', async () => {
    const { access_token } = await tokens('upwork');
    const res = await post(access_token, {
      query: 'mutation { createJobProposal(input: { jobReference: "1", coverLetter: "Hi", chargedAmount: 10 }) { newProposalId } }',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: null, errors: [{ message: expect.stringMatching(/permissions\/scopes/) }] });
  });

  it('serves the job page a link opens', async () => {
    const { access_token } = await tokens('upwork');
    const node = (
      await (await post(access_token, { query: '{ marketplaceJobPostingsSearch { edges { node { ciphertext title } } } }' })).json()
    ).data.marketplaceJobPostingsSearch.edges[0].node;
    const page = await fetch(up(`/jobs/${node.ciphertext}`));
    expect(page.status).toBe(200);
  });
});
