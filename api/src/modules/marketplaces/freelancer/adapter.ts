import crypto from 'node:crypto';
import { z } from 'zod';
import { AGENT_BOUNDS } from '@shared/schemas/agent';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import { searchQuery } from '@shared/matching/query';
import { MarketplaceError } from '../errors';
import { freelancerProposalFates } from './outcomes';
import {
  fetchWithBackoff,
  malformed,
  networkError,
  readJson,
  requestTokens,
  resolveUrl,
  statusError,
  zodSummary,
  type HttpOptions,
  type UrlSource,
} from '../http-client';
import type {
  MarketplaceAdapter,
  MarketplaceProfile,
  MarketplaceSession,
  OAuthClient,
  OAuthTokens,
  PlacedProposal,
  ProposalFate,
  ProposalInput,
  ProposalRef,
  SearchPage,
} from '../types';

/* Freelancer.com API v0.1 (external-apis.md section 1), spoken as-is. */

const PLATFORM = 'freelancer';
export const FREELANCER_PAGE_MAX = 100;
/** The most projects one search reads from each of its lanes (two requests of 100). */
export const FREELANCER_READ_MAX = 200;
/** Projections asked for on every search: what the normalised Job needs. */
export const FREELANCER_SEARCH_FLAGS = [
  'full_description',
  'job_details',
  'user_details',
  'user_reputation',
  'user_employer_reputation',
  'user_country_details',
  'user_status',
] as const;
/** Advanced scopes asked for at connect: 2 is needed to bid. */
export const FREELANCER_ADVANCED_SCOPES = '1 2 3 4 5 6';

const successSchema = z.object({ status: z.literal('success'), result: z.unknown(), request_id: z.string().optional() });
const errorSchema = z.object({
  status: z.string().optional(),
  message: z.string().optional(),
  error_code: z.string().nullish(),
  request_id: z.string().optional(),
  // A nested form one SDK also parses [U].
  error: z.object({ code: z.string().nullish(), detail: z.string().nullish() }).nullish(),
});

const num = z.number().nullish();
const str = z.string().nullish();
export const freelancerProjectSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int().nullish(),
  title: z.string(),
  seo_url: str,
  currency: z.object({ code: z.string(), exchange_rate: z.number().nonnegative().nullish() }).nullish(),
  description: str,
  preview_description: str,
  submitdate: num,
  time_submitted: num,
  type: z.string().nullish(),
  budget: z.object({ minimum: num, maximum: num }).nullish(),
  bid_stats: z.object({ bid_count: num }).nullish(),
  jobs: z.array(z.object({ name: z.string() })).nullish(),
  language: str,
});
const reputationSchema = z
  .object({ entire_history: z.object({ overall: num, complete: num, reviews: num, all: num }).nullish() })
  .nullish();
export const freelancerUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  display_name: str,
  public_name: str,
  location: z.object({ country: z.object({ name: str, code: str }).nullish(), city: str }).nullish(),
  status: z.object({ payment_verified: z.boolean().nullish() }).nullish(),
  employer_reputation: reputationSchema,
  reputation: reputationSchema,
  /** When the account was made, in unix seconds (read for the client signal `newAccount`). */
  registration_date: num,
  avatar_cdn: str,
});
const searchResultSchema = z.object({
  total_count: z.number().int().nonnegative().nullish(),
  projects: z.array(freelancerProjectSchema),
  users: z.record(z.string(), freelancerUserSchema).nullish(),
});
const selfSchema = z.object({ id: z.number().int(), username: z.string(), display_name: str, public_name: str });
const bidSchema = z.object({ id: z.number().int(), amount: z.number(), time_submitted: num, submitdate: num });
const listedBidSchema = bidSchema.extend({ bidder_id: z.number().int(), project_id: z.number().int() });
const bidListSchema = z.object({ bids: z.array(listedBidSchema) });

export type FreelancerProject = z.infer<typeof freelancerProjectSchema>;
export type FreelancerUser = z.infer<typeof freelancerUserSchema>;

/**
 * One way of asking for a search's projects: by Freelancer.com's skill ids (`jobs[]`: a project
 * with any of them), by telling phrases (`query` with `or_search_query=true`: any of them), or, when
 * nothing of the keywords and skills is known, by the user's own words (`query`: all of them).
 */
export interface FreelancerLane {
  jobs?: number[];
  query?: string;
  orSearch?: boolean;
}

/** A phrase stays whole in `query`: quoted, so "search engine optimization" is not "search" OR "engine" [U]. */
const queryTerm = (phrase: string) => (phrase.includes(' ') ? `"${phrase.replace(/"/g, '')}"` : phrase);

/**
 * The lanes of a search (docs/marketplace-search.md): skill ids and phrases go in separate requests,
 * since the marketplace applies `jobs[]` and `query` together (a project must pass both) while the
 * phrases are for the skills that have no id.
 */
export function freelancerLanes(criteria: SearchCriteria): FreelancerLane[] {
  const q = searchQuery(criteria.title, criteria.skills);
  const lanes: FreelancerLane[] = [];
  if (q.freelancer.jobs.length > 0) lanes.push({ jobs: q.freelancer.jobs });
  if (q.freelancer.phrases.length > 0) lanes.push({ query: q.freelancer.phrases.map(queryTerm).join(' '), orSearch: true });
  if (lanes.length === 0) lanes.push(q.all ? { query: q.all } : {});
  return lanes;
}

/** The search query of one request: arrays as repeated `key[]`, detail flags always on, newest first. */
export function freelancerSearchParams(criteria: SearchCriteria, lane: FreelancerLane, offset: number, limit: number): URLSearchParams {
  const q = new URLSearchParams();
  if (lane.query) q.set('query', lane.query);
  if (lane.query && lane.orSearch) q.set('or_search_query', 'true');
  for (const job of lane.jobs ?? []) q.append('jobs[]', String(job));
  const hourly = criteria.freelancerIsHourly === true;
  const fixed = criteria.freelancerIsFixed === true;
  if (fixed) q.append('project_types[]', 'fixed');
  if (hourly) q.append('project_types[]', 'hourly');
  const wantsFixed = fixed || !hourly;
  const wantsHourly = hourly || !fixed;
  // A slider at its top end means "no upper limit"; at 0 (or the bottom), no lower limit.
  const lower = (value: number | undefined, bottom: number) => (value !== undefined && value > bottom ? value : undefined);
  const upper = (value: number | undefined, top: number) => (value !== undefined && value > 0 && value < top ? value : undefined);
  const bound = (name: string, value: number | undefined) => value !== undefined && q.set(name, String(value));
  if (wantsFixed) {
    bound('min_price', lower(criteria.freelancerMinBudget, 0));
    bound('max_price', upper(criteria.freelancerMaxBudget, AGENT_BOUNDS.freelancerBudget.max));
  }
  if (wantsHourly) {
    bound('min_hourly_rate', lower(criteria.freelancerHourlyRateMin, AGENT_BOUNDS.freelancerHourly.min));
    bound('max_hourly_rate', upper(criteria.freelancerHourlyRateMax, AGENT_BOUNDS.freelancerHourly.max));
  }
  for (const language of criteria.freelancerLanguage ?? []) q.append('languages[]', language);
  // The "posted within" window (unix seconds).
  if (criteria.postedSince !== undefined) q.set('from_time', String(criteria.postedSince));
  q.set('limit', String(Math.max(1, Math.min(FREELANCER_PAGE_MAX, Math.floor(limit)))));
  q.set('offset', String(Math.max(0, Math.floor(offset))));
  for (const flag of FREELANCER_SEARCH_FLAGS) q.set(flag, 'true');
  q.set('sort_field', 'time_updated');
  q.set('reverse_sort', 'true');
  return q;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A project (and its owner from the `users` map) as the normalised Job. */
export function freelancerProjectToJob(project: FreelancerProject, owner: FreelancerUser | undefined, siteUrl: string): Job {
  const min = project.budget?.minimum ?? null;
  const max = project.budget?.maximum ?? null;
  const rate = project.currency?.exchange_rate ?? (project.currency?.code === 'USD' || !project.currency ? 1 : null);
  const mid = min !== null && max !== null ? (min + max) / 2 : (min ?? max);
  const posted = project.time_submitted ?? project.submitdate;
  const reputation = owner?.employer_reputation?.entire_history ?? owner?.reputation?.entire_history;
  const country = owner?.location?.country?.name ?? owner?.location?.country?.code?.toUpperCase() ?? null;
  const location = [owner?.location?.city, country].filter(Boolean).join(', ');
  const externalId = String(project.id);
  return {
    id: `freelancer:${externalId}`,
    platform: 'freelancer',
    externalId,
    title: project.title,
    description: project.description ?? project.preview_description ?? '',
    url: project.seo_url ? `${siteUrl}/projects/${project.seo_url}` : `${siteUrl}/projects/${externalId}`,
    type: project.type?.toLowerCase() === 'hourly' ? 'hourly' : 'fixed',
    currency: project.currency?.code ?? 'USD',
    minBudget: min,
    maxBudget: max,
    budgetUsd: mid !== null && rate !== null ? round2(mid * rate) : null,
    skills: (project.jobs ?? []).map((j) => j.name),
    experienceLevel: null,
    duration: null,
    datePosted: new Date((posted ?? 0) * 1000).toISOString(),
    clientName: owner ? (owner.public_name ?? owner.display_name ?? owner.username) : null,
    clientLocation: location || null,
    logoUrl: owner?.avatar_cdn ? (owner.avatar_cdn.startsWith('//') ? `https:${owner.avatar_cdn}` : owner.avatar_cdn) : null,
    client: {
      paymentVerified: owner?.status?.payment_verified ?? null,
      rating: reputation?.overall ?? null,
      totalSpentUsd: null,
      country,
      hires: reputation?.complete ?? null,
      jobsPosted: reputation?.all ?? null,
      accountCreatedAt: owner?.registration_date ? new Date(owner.registration_date * 1000).toISOString() : null,
    },
    bidCount: project.bid_stats?.bid_count ?? null,
  };
}

function placedBid(bid: z.infer<typeof bidSchema>): PlacedProposal {
  const submitted = bid.time_submitted ?? bid.submitdate;
  return {
    externalId: String(bid.id),
    amount: bid.amount,
    submittedAt: (submitted ? new Date(submitted * 1000) : new Date()).toISOString(),
  };
}

const tokenKey = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface FreelancerAdapterOptions {
  /** The API base, ending in `/api` (`https://www.freelancer.com/api`). */
  apiUrl: UrlSource;
  /** Where project and profile pages live (`https://www.freelancer.com`). */
  siteUrl: UrlSource;
  http?: HttpOptions;
}

export class FreelancerAdapter implements MarketplaceAdapter {
  readonly platform = PLATFORM;
  private readonly selfCache = new Map<string, MarketplaceProfile>();

  constructor(private readonly options: FreelancerAdapterOptions) {}

  /**
   * One API call: the envelope's `result`, or a typed MarketplaceError. `retries` overrides the
   * HTTP client's (the outcome reader asks for none: it reschedules after Retry-After itself).
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: URLSearchParams; body?: unknown; token?: string | null; idempotent: boolean; retries?: number },
  ): Promise<unknown> {
    const url = `${resolveUrl(this.options.apiUrl)}${path}${opts.query ? `?${opts.query.toString()}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.token) headers['freelancer-oauth-v1'] = opts.token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchWithBackoff(
        url,
        { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) },
        { ...this.options.http, idempotent: opts.idempotent, ...(opts.retries !== undefined ? { retries: opts.retries } : {}) },
      );
    } catch (error) {
      throw networkError(PLATFORM, error);
    }
    const body = await readJson(response);
    if (!response.ok) {
      const parsed = body.ok ? errorSchema.safeParse(body.value) : undefined;
      const envelope = parsed?.success ? parsed.data : undefined;
      const code = envelope?.error_code ?? envelope?.error?.code ?? undefined;
      const message = envelope?.message ?? envelope?.error?.detail ?? `Freelancer.com answered ${response.status}`;
      const error = statusError(PLATFORM, response, message, { code, requestId: envelope?.request_id });
      // A bid the rules refuse is a rejection, not a missing permission.
      if (response.status === 403 && code?.startsWith('ProjectExceptionCodes.')) {
        throw new MarketplaceError(PLATFORM, 'rejected', message, error.details);
      }
      throw error;
    }
    if (!body.ok) throw malformed(PLATFORM, 'the body is not JSON', response.status);
    const envelope = successSchema.safeParse(body.value);
    if (!envelope.success) throw malformed(PLATFORM, `envelope ${zodSummary(envelope.error)}`, response.status);
    return envelope.data.result;
  }

  /**
   * Page `page` of `pageSize` projects from each lane (at most FREELANCER_READ_MAX, read in
   * requests of at most 100, one after another), merged newest first without repeats.
   */
  async search(session: MarketplaceSession | null, criteria: SearchCriteria, page: number, pageSize: number): Promise<SearchPage> {
    const want = Math.max(1, Math.min(FREELANCER_READ_MAX, Math.floor(pageSize)));
    const start = Math.max(0, page) * want;
    const jobs = new Map<string, Job>();
    let total = 0;
    let hasMore = false;
    let requests = 0;
    const lanes = freelancerLanes(criteria);
    for (const lane of lanes) {
      let read = 0;
      let laneTotal = 0;
      let laneMore = true;
      while (read < want && laneMore) {
        requests++;
        const result = await this.searchRequest(
          session,
          freelancerSearchParams(criteria, lane, start + read, Math.min(FREELANCER_PAGE_MAX, want - read)),
        );
        for (const job of result.jobs) if (!jobs.has(job.id)) jobs.set(job.id, job);
        read += result.count;
        laneTotal = result.total;
        laneMore = result.count > 0 && start + read < result.total;
      }
      total += laneTotal;
      hasMore ||= laneMore;
    }
    const merged = [...jobs.values()];
    // One lane keeps the marketplace's order; several are interleaved newest first.
    if (lanes.length > 1) merged.sort((a, b) => Date.parse(b.datePosted) - Date.parse(a.datePosted));
    return { jobs: merged, total, hasMore, requests };
  }

  /** One `GET /projects/0.1/projects/active/`: its projects as jobs, how many came, and the total. */
  private async searchRequest(session: MarketplaceSession | null, query: URLSearchParams) {
    // Project search is public: without a connected account no token is sent.
    const result = await this.call('GET', '/projects/0.1/projects/active/', {
      query,
      token: session?.accessToken ?? null,
      idempotent: true,
    });
    const parsed = searchResultSchema.safeParse(result);
    if (!parsed.success) throw malformed(PLATFORM, `search result ${zodSummary(parsed.error)}`);
    const { projects, users, total_count } = parsed.data;
    const siteUrl = resolveUrl(this.options.siteUrl);
    const jobs = projects.map((p) => freelancerProjectToJob(p, p.owner_id != null ? users?.[String(p.owner_id)] : undefined, siteUrl));
    const offset = Number(query.get('offset'));
    return { jobs, count: projects.length, total: total_count ?? offset + projects.length };
  }

  async self(session: MarketplaceSession): Promise<MarketplaceProfile> {
    const key = tokenKey(session.accessToken);
    const cached = this.selfCache.get(key);
    if (cached) return cached;
    const result = await this.call('GET', '/users/0.1/self/', { token: session.accessToken, idempotent: true });
    const parsed = selfSchema.safeParse(result);
    if (!parsed.success) throw malformed(PLATFORM, `user ${zodSummary(parsed.error)}`);
    const profile: MarketplaceProfile = {
      externalUserId: String(parsed.data.id),
      username: parsed.data.username,
      displayName: parsed.data.display_name ?? parsed.data.public_name ?? null,
      profileUrl: `${resolveUrl(this.options.siteUrl)}/u/${encodeURIComponent(parsed.data.username)}`,
    };
    if (this.selfCache.size >= 1000) this.selfCache.clear();
    this.selfCache.set(key, profile);
    return profile;
  }

  /** Bids go through the API with the user's own OAuth token (advanced scope 2 is asked at connect). */
  canPlaceProposals(session: MarketplaceSession | null): boolean {
    return Boolean(session?.accessToken);
  }

  async placeProposal(session: MarketplaceSession, input: ProposalInput): Promise<PlacedProposal> {
    if (!/^\d+$/.test(input.job.externalId))
      throw new MarketplaceError(PLATFORM, 'not_found', `Not a Freelancer.com project id: ${input.job.externalId}`);
    const me = await this.self(session);
    let result: unknown;
    try {
      result = await this.call('POST', '/projects/0.1/bids/', {
        token: session.accessToken,
        idempotent: false,
        body: {
          project_id: Number(input.job.externalId),
          bidder_id: Number(me.externalUserId),
          amount: input.amount,
          period: input.periodDays,
          milestone_percentage: 100,
          description: input.coverLetter,
        },
      });
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'unauthorized') this.selfCache.delete(tokenKey(session.accessToken));
      throw error;
    }
    const bid = bidSchema.safeParse(result);
    if (!bid.success) throw malformed(PLATFORM, `bid ${zodSummary(bid.error)}`);
    return placedBid(bid.data);
  }

  /**
   * `GET /projects/0.1/bids/?projects[]=…&bidders[]=…` (the bids list, filtered to this project and
   * this user; the bidder is checked here too, in case the service ignores `bidders[]`).
   */
  async findProposal(session: MarketplaceSession, jobExternalId: string): Promise<PlacedProposal | null> {
    if (!/^\d+$/.test(jobExternalId)) return null;
    const me = await this.self(session);
    const query = new URLSearchParams([
      ['projects[]', jobExternalId],
      ['bidders[]', me.externalUserId],
      ['limit', '10'],
    ]);
    const result = await this.call('GET', '/projects/0.1/bids/', { query, token: session.accessToken, idempotent: true });
    const parsed = bidListSchema.safeParse(result);
    if (!parsed.success) throw malformed(PLATFORM, `bids ${zodSummary(parsed.error)}`);
    const mine = parsed.data.bids.find((b) => String(b.bidder_id) === me.externalUserId && String(b.project_id) === jobExternalId);
    return mine ? placedBid(mine) : null;
  }

  /** Bid status, project status and the client's messages (freelancer-outcomes.ts). */
  proposalFates(session: MarketplaceSession, refs: readonly ProposalRef[]): Promise<ProposalFate[]> {
    return freelancerProposalFates(this, session, refs);
  }
}

export interface FreelancerOAuthOptions {
  /** The OAuth server (`https://accounts.freelancer.com`). */
  oauthUrl: UrlSource;
  clientId: string;
  clientSecret: string;
  http?: HttpOptions;
  clock?: () => Date;
}

export class FreelancerOAuth implements OAuthClient {
  constructor(private readonly options: FreelancerOAuthOptions) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const params = [
      ['response_type', 'code'],
      ['client_id', this.options.clientId],
      ['redirect_uri', redirectUri],
      ['scope', 'basic'],
      ['advanced_scopes', FREELANCER_ADVANCED_SCOPES],
      ['state', state],
    ]
      .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
      .join('&');
    return `${resolveUrl(this.options.oauthUrl)}/oauth/authorize?${params}`;
  }

  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    return requestTokens(
      PLATFORM,
      this.tokenUrl(),
      {
        grant_type: 'authorization_code',
        code,
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        redirect_uri: redirectUri,
      },
      { ...this.options.http, clock: this.options.clock },
    );
  }

  refresh(refreshToken: string): Promise<OAuthTokens> {
    return requestTokens(
      PLATFORM,
      this.tokenUrl(),
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      },
      { ...this.options.http, clock: this.options.clock },
    );
  }

  private tokenUrl() {
    return `${resolveUrl(this.options.oauthUrl)}/oauth/token`;
  }
}
