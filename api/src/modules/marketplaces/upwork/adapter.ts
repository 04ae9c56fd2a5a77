import crypto from 'node:crypto';
import { z } from 'zod';
import type { Job, SearchCriteria } from '@shared/schemas/job';
import { AGENT_BOUNDS } from '@shared/schemas/agent';
import { postedInside } from '@shared/posted-within';
import { searchQuery, type SearchQuery } from '@shared/matching/query';
import { MarketplaceError } from '../errors';
import { upworkProposalFates } from './outcomes';
import { graphErrorSchema, graphqlErrorKind } from './graphql';
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

/* Upwork GraphQL API (external-apis.md section 2), spoken as-is. */

const PLATFORM = 'upwork';
export const UPWORK_PAGE_MAX = 50;
/** The most jobs one search reads from each of its lanes (four requests of 50). */
export const UPWORK_READ_MAX = 200;
/** Ontology skill ids asked for one by one (`ontologySkillIds_all` needs every id sent): at most this many. */
const UPWORK_SKILL_LANES = 3;
/** The key permission that allows `createJobProposal` [U]. */
export const UPWORK_PROPOSAL_PERMISSION = 'pub-submit-proposal:write:all';
export const UPWORK_MANUAL_SEND =
  "Upwork does not let Bidpilot submit this proposal for your account: open the job and send the draft from Upwork's own page.";

/** A session that may know the scope its token was granted (from the token answer). */
export interface UpworkSession extends MarketplaceSession {
  scope?: string | null;
}

export const UPWORK_SEARCH_QUERY = `query($marketPlaceJobFilter: MarketplaceJobPostingsSearchFilter,
      $searchType: MarketplaceJobPostingSearchType,
      $sortAttributes: [MarketplaceJobPostingSearchSortAttribute]) {
  marketplaceJobPostingsSearch(marketPlaceJobFilter: $marketPlaceJobFilter,
      searchType: $searchType, sortAttributes: $sortAttributes) {
    totalCount
    edges { cursor node { id ciphertext title description createdDateTime publishedDateTime
      amount { rawValue currency displayValue } hourlyBudgetType
      hourlyBudgetMin { rawValue currency } hourlyBudgetMax { rawValue currency }
      experienceLevel duration durationLabel engagement totalApplicants
      skills { name prettyName }
      client { totalHires totalPostedJobs totalReviews totalFeedback verificationStatus
               totalSpent { rawValue currency } location { country city } } } }
    pageInfo { endCursor hasNextPage } } }`;

const PROPOSAL_MUTATION = `mutation($input: CreateJobProposalInput!) {
  createJobProposal(input: $input) { newProposalId status error } }`;
/**
 * Every status a submitted proposal can be in [L: integrators of `vendorProposals`, whose filter
 * takes exactly one `status_eq`]: one aliased field per status, so one request asks them all.
 */
export const UPWORK_PROPOSAL_STATUSES = [
  'Pending',
  'Activated',
  'Accepted',
  'Offered',
  'Hired',
  'Declined',
  'Withdrawn',
  'Archived',
] as const;
export const UPWORK_FIND_PROPOSAL_QUERY = `query($jobIds: [ID!], $sort: VendorProposalSortAttribute!, $page: Pagination!) {
${UPWORK_PROPOSAL_STATUSES.map(
  (
    status,
  ) => `  ${status.toLowerCase()}: vendorProposals(filter: { status_eq: ${status}, jobPostingIds_any: $jobIds }, sortAttribute: $sort, pagination: $page) {
    edges { node { id status { status } marketplaceJobPosting { id } terms { chargeRate { rawValue } } auditDetails { createdDateTime { rawValue } } } } }`,
).join('\n')}
}`;
/** A job's screening questions: `marketplaceJobPosting` takes the numeric reference, never the ciphertext [L]. */
export const UPWORK_SCREENING_QUERY = `query($id: ID!) {
  marketplaceJobPosting(id: $id) {
    contractorSelection { proposalRequirement { screeningQuestions { question sequenceNumber } } } } }`;
const SELF_QUERY = 'query { user { id nid name email } }';
const ORGANIZATION_QUERY = 'query { organization { id } }';

/**
 * Criteria durations → Upwork's: short term is under a month (WEEK), medium term one to six months
 * (MONTH, QUARTER), long term over six months (SEMESTER), ongoing is ONGOING.
 */
export const UPWORK_DURATIONS: Record<
  NonNullable<SearchCriteria['upworkDuration']>,
  Array<'WEEK' | 'MONTH' | 'QUARTER' | 'SEMESTER' | 'ONGOING'>
> = {
  short_term: ['WEEK'],
  medium_term: ['MONTH', 'QUARTER'],
  long_term: ['SEMESTER'],
  ongoing: ['ONGOING'],
};
const EXPERIENCE = { entry: 'ENTRY_LEVEL', intermediate: 'INTERMEDIATE', expert: 'EXPERT' } as const;
const EXPERIENCE_BACK: Record<string, Job['experienceLevel']> = { ENTRY_LEVEL: 'entry', INTERMEDIATE: 'intermediate', EXPERT: 'expert' };

interface IntRange {
  rangeStart?: number;
  rangeEnd?: number;
}

/** A slider range as an IntRange; null when it does not narrow anything (0 … top of the slider). */
function range(min: number | undefined, max: number | undefined, top: number): IntRange | null {
  const out: IntRange = {};
  if (min !== undefined && min > 0) out.rangeStart = Math.floor(min);
  if (max !== undefined && max > 0 && max < top) out.rangeEnd = Math.ceil(max);
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The lanes of a search, each the words-or-ids part of one filter (docs/marketplace-search.md):
 * occupations (`occupationIds_any`), each known ontology skill alone (`ontologySkillIds_all`), and
 * the telling phrases of the other skills (`searchTerm_eq.orTerms_any`, phrases kept whole); when
 * nothing of the keywords and skills is known, the user's own words (`searchExpression_eq`, every
 * word to match).
 */
export function upworkLanes(
  criteria: SearchCriteria,
  q: SearchQuery = searchQuery(criteria.title, criteria.skills),
): Array<Record<string, unknown>> {
  const lanes: Array<Record<string, unknown>> = [];
  if (q.upwork.occupations.length > 0) lanes.push({ occupationIds_any: q.upwork.occupations });
  for (const skill of q.upwork.skills.slice(0, UPWORK_SKILL_LANES)) lanes.push({ ontologySkillIds_all: [skill] });
  if (q.upwork.phrases.length > 0) lanes.push({ searchTerm_eq: { orTerms_any: q.upwork.phrases } });
  if (lanes.length === 0) lanes.push(q.all ? { searchExpression_eq: q.all } : {});
  return lanes;
}

/** The variables of one search request: a lane, the criteria's filters, and `first` jobs from `offset`. */
export function upworkSearchVariables(
  criteria: SearchCriteria,
  lane: Record<string, unknown>,
  offset: number,
  first: number,
  now: Date = new Date(),
) {
  const filter: Record<string, unknown> = { ...lane };
  // The "posted within" window: Upwork counts it in whole days (the jobs are checked again to the minute, upworkJobMatches).
  if (criteria.postedSince !== undefined)
    filter.daysPosted_eq = Math.max(1, Math.ceil((now.getTime() / 1000 - criteria.postedSince) / 86_400));
  const type = criteria.upworkJobType;
  if (type === 'hourly') filter.jobType_eq = 'HOURLY';
  if (type === 'fixed') filter.jobType_eq = 'FIXED';
  if (criteria.upworkExperienceLevel) filter.experienceLevel_eq = EXPERIENCE[criteria.upworkExperienceLevel];
  if (criteria.upworkDuration) filter.duration_any = UPWORK_DURATIONS[criteria.upworkDuration];
  if (type !== 'fixed') {
    const hourly = range(criteria.upworkMinRate, criteria.upworkMaxRate, AGENT_BOUNDS.upworkHourly.max);
    if (hourly) filter.hourlyRate_eq = hourly;
  }
  if (type !== 'hourly') {
    const budget = range(criteria.upworkMinFixedRate, criteria.upworkMaxFixedRate, AGENT_BOUNDS.upworkFixed.max);
    if (budget) filter.budgetRange_eq = budget;
  }
  filter.pagination_eq = {
    first: Math.max(1, Math.min(UPWORK_PAGE_MAX, Math.floor(first))),
    after: String(Math.max(0, Math.floor(offset))),
  };
  return { marketPlaceJobFilter: filter, searchType: 'USER_JOBS_SEARCH', sortAttributes: [{ field: 'RECENCY' }] };
}

const str = z.string().nullish();
const moneySchema = z.object({ rawValue: z.union([z.string(), z.number()]).nullish(), currency: str, displayValue: str }).nullish();
export const upworkNodeSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  ciphertext: str,
  title: z.string(),
  description: str,
  createdDateTime: str,
  publishedDateTime: str,
  amount: moneySchema,
  hourlyBudgetType: str,
  hourlyBudgetMin: moneySchema,
  hourlyBudgetMax: moneySchema,
  experienceLevel: str,
  duration: str,
  durationLabel: str,
  engagement: str,
  totalApplicants: z.number().nullish(),
  skills: z.array(z.object({ name: str, prettyName: str }).nullable()).nullish(),
  client: z
    .object({
      totalHires: z.number().nullish(),
      totalPostedJobs: z.number().nullish(),
      totalReviews: z.number().nullish(),
      totalFeedback: z.number().nullish(),
      verificationStatus: str,
      totalSpent: moneySchema,
      location: z.object({ country: str, city: str }).nullish(),
    })
    .nullish(),
});
const searchDataSchema = z.object({
  marketplaceJobPostingsSearch: z.object({
    totalCount: z.number().int().nullish(),
    edges: z.array(z.object({ cursor: str, node: upworkNodeSchema }).nullable()).nullish(),
    pageInfo: z.object({ endCursor: str, hasNextPage: z.boolean().nullish() }).nullish(),
  }),
});
const graphEnvelopeSchema = z.object({ data: z.record(z.string(), z.unknown()).nullish(), errors: z.array(graphErrorSchema).nullish() });
type UpworkNode = z.infer<typeof upworkNodeSchema>;

/** A money `rawValue` ("30.0") as a number; null when absent or not a number. */
export function moneyValue(money: z.infer<typeof moneySchema>): number | null {
  if (money?.rawValue === undefined || money.rawValue === null || money.rawValue === '') return null;
  const value = typeof money.rawValue === 'number' ? money.rawValue : Number(money.rawValue);
  return Number.isFinite(value) ? value : null;
}

/** A search node as the normalised Job (fixed when `amount.rawValue` > 0, else hourly). */
export function upworkNodeToJob(node: UpworkNode, siteUrl: string): Job {
  const amount = moneyValue(node.amount);
  const fixed = amount !== null && amount > 0;
  const min = fixed ? amount : moneyValue(node.hourlyBudgetMin);
  const max = fixed ? amount : moneyValue(node.hourlyBudgetMax);
  const currency = (fixed ? node.amount?.currency : (node.hourlyBudgetMin?.currency ?? node.hourlyBudgetMax?.currency)) ?? 'USD';
  const mid = min !== null && max !== null ? (min + max) / 2 : (min ?? max);
  const country = node.client?.location?.country ?? null;
  const location = [node.client?.location?.city, country].filter(Boolean).join(', ');
  const spent = moneyValue(node.client?.totalSpent);
  return {
    id: `upwork:${node.id}`,
    platform: 'upwork',
    externalId: node.id,
    title: node.title,
    description: node.description ?? '',
    url: `${siteUrl}/jobs/${node.ciphertext ?? node.id}`,
    type: fixed ? 'fixed' : 'hourly',
    currency,
    minBudget: min,
    maxBudget: max,
    budgetUsd: mid !== null && currency === 'USD' ? Math.round(mid * 100) / 100 : null,
    skills: (node.skills ?? []).flatMap((s) => (s ? [s.prettyName ?? s.name ?? ''] : [])).filter(Boolean),
    experienceLevel: EXPERIENCE_BACK[node.experienceLevel ?? ''] ?? null,
    duration: node.durationLabel ?? node.duration ?? null,
    datePosted: node.publishedDateTime ?? node.createdDateTime ?? new Date(0).toISOString(),
    clientName: null,
    clientLocation: location || null,
    logoUrl: null,
    client: {
      paymentVerified: node.client ? node.client.verificationStatus === 'VERIFIED' : null,
      rating: node.client?.totalFeedback ?? null,
      totalSpentUsd: spent,
      country,
      hires: node.client?.totalHires ?? null,
      jobsPosted: node.client?.totalPostedJobs ?? null,
    },
    bidCount: node.totalApplicants ?? null,
  };
}

/**
 * The criteria checked again on our side: the real service is reported to ignore some filters
 * (external-apis.md). Unknown values pass (a job without an experience level is not dropped).
 */
export function upworkJobMatches(node: UpworkNode, job: Job, criteria: SearchCriteria): boolean {
  if (criteria.postedSince !== undefined && !postedInside(job.datePosted, criteria.postedSince * 1000)) return false;
  const type = criteria.upworkJobType;
  if ((type === 'hourly' || type === 'fixed') && job.type !== type) return false;
  const level = criteria.upworkExperienceLevel;
  if (level && job.experienceLevel && job.experienceLevel !== level) return false;
  const duration = criteria.upworkDuration;
  if (duration && node.duration && !(UPWORK_DURATIONS[duration] as string[]).includes(node.duration)) return false;
  const bounds =
    job.type === 'hourly'
      ? range(criteria.upworkMinRate, criteria.upworkMaxRate, AGENT_BOUNDS.upworkHourly.max)
      : range(criteria.upworkMinFixedRate, criteria.upworkMaxFixedRate, AGENT_BOUNDS.upworkFixed.max);
  if (bounds && job.minBudget !== null && job.maxBudget !== null) {
    if (bounds.rangeStart !== undefined && job.maxBudget < bounds.rangeStart) return false;
    if (bounds.rangeEnd !== undefined && job.minBudget > bounds.rangeEnd) return false;
  }
  return true;
}

const idText = z.union([z.string(), z.number()]).transform(String);
const proposalNodeSchema = z.object({
  id: idText,
  status: z.object({ status: z.string().nullish() }).nullish(),
  marketplaceJobPosting: z.object({ id: idText }).nullish(),
  terms: z.object({ chargeRate: z.object({ rawValue: z.union([z.string(), z.number()]).nullish() }).nullish() }).nullish(),
  auditDetails: z.object({ createdDateTime: z.object({ rawValue: z.string().nullish() }).nullish() }).nullish(),
});
const proposalsDataSchema = z.record(
  z.string(),
  z.object({ edges: z.array(z.object({ node: proposalNodeSchema.nullish() }).nullish()).nullish() }).nullish(),
);

const tokenKey = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface UpworkAdapterOptions {
  /** The GraphQL endpoint (`https://api.upwork.com/graphql`). */
  graphqlUrl: UrlSource;
  /** Where job pages live (`https://www.upwork.com`). */
  siteUrl: UrlSource;
  /** Whether the app's key holds the proposal permission (config.upworkProposalsApi). */
  proposalsApi: boolean;
  http?: HttpOptions;
  clock?: () => Date;
}

export class UpworkAdapter implements MarketplaceAdapter {
  readonly platform = PLATFORM;
  /** Who each token belongs to (the outcome reader tells the client's messages from the user's). */
  private readonly selfCache = new Map<string, MarketplaceProfile>();

  constructor(private readonly options: UpworkAdapterOptions) {}

  /**
   * One GraphQL request: `data` and `errors`, or a typed MarketplaceError for a failed HTTP answer
   * (GraphQL errors arrive with HTTP 200). `retries` overrides the HTTP client's.
   */
  async graphql(
    session: MarketplaceSession,
    query: string,
    variables: Record<string, unknown> | undefined,
    idempotent: boolean,
    retries?: number,
  ) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (session.tenantId) headers['X-Upwork-API-TenantId'] = session.tenantId;
    let response: Response;
    try {
      response = await fetchWithBackoff(
        resolveUrl(this.options.graphqlUrl),
        { method: 'POST', headers, body: JSON.stringify(variables ? { query, variables } : { query }) },
        { ...this.options.http, idempotent, ...(retries !== undefined ? { retries } : {}) },
      );
    } catch (error) {
      throw networkError(PLATFORM, error);
    }
    const body = await readJson(response);
    const envelope = body.ok ? graphEnvelopeSchema.safeParse(body.value) : undefined;
    if (!response.ok) {
      const first = envelope?.success ? envelope.data.errors?.[0]?.message : undefined;
      throw statusError(PLATFORM, response, first ?? `Upwork answered ${response.status}`);
    }
    if (!body.ok) throw malformed(PLATFORM, 'the body is not JSON', response.status);
    if (!envelope?.success) throw malformed(PLATFORM, envelope ? zodSummary(envelope.error) : 'not a GraphQL answer', response.status);
    return { data: envelope.data.data ?? null, errors: envelope.data.errors ?? [] };
  }

  private requireSession(session: MarketplaceSession | null): MarketplaceSession {
    if (!session?.accessToken) throw new MarketplaceError(PLATFORM, 'unauthorized', 'Connect your Upwork account to search Upwork');
    return session;
  }

  /**
   * Page `page` of `pageSize` jobs from each lane (at most UPWORK_READ_MAX, read in requests of at
   * most 50, one after another), checked again on our side and merged newest first without repeats.
   */
  async search(session: MarketplaceSession | null, criteria: SearchCriteria, page: number, pageSize: number): Promise<SearchPage> {
    const signedIn = this.requireSession(session);
    const want = Math.max(1, Math.min(UPWORK_READ_MAX, Math.floor(pageSize)));
    const start = Math.max(0, page) * want;
    const jobs = new Map<string, Job>();
    let total = 0;
    let hasMore = false;
    let requests = 0;
    const lanes = upworkLanes(criteria);
    for (const lane of lanes) {
      let read = 0;
      let laneTotal = 0;
      let laneMore = true;
      while (read < want && laneMore) {
        const variables = upworkSearchVariables(
          criteria,
          lane,
          start + read,
          Math.min(UPWORK_PAGE_MAX, want - read),
          this.options.clock?.() ?? new Date(),
        );
        requests++;
        const result = await this.searchRequest(signedIn, criteria, variables);
        for (const job of result.jobs) if (!jobs.has(job.id)) jobs.set(job.id, job);
        read += result.count;
        laneTotal = result.total;
        laneMore = result.count > 0 && result.hasMore;
      }
      total += laneTotal;
      hasMore ||= laneMore;
    }
    const merged = [...jobs.values()];
    // One lane keeps the marketplace's order; several are interleaved newest first.
    if (lanes.length > 1) merged.sort((a, b) => Date.parse(b.datePosted) - Date.parse(a.datePosted));
    return { jobs: merged, total, hasMore, requests };
  }

  /** One `marketplaceJobPostingsSearch`: the jobs that pass the criteria, how many nodes came, the total. */
  private async searchRequest(session: MarketplaceSession, criteria: SearchCriteria, variables: ReturnType<typeof upworkSearchVariables>) {
    const { data, errors } = await this.graphql(session, UPWORK_SEARCH_QUERY, variables, true);
    if (errors.length > 0 && !data?.marketplaceJobPostingsSearch) throw graphqlErrorKind(errors);
    const parsed = searchDataSchema.safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `search ${zodSummary(parsed.error)}`);
    const connection = parsed.data.marketplaceJobPostingsSearch;
    const siteUrl = resolveUrl(this.options.siteUrl);
    const nodes = (connection.edges ?? []).flatMap((edge) => (edge ? [edge.node] : []));
    const jobs = nodes
      .map((node) => ({ node, job: upworkNodeToJob(node, siteUrl) }))
      .filter(({ node, job }) => upworkJobMatches(node, job, criteria))
      .map(({ job }) => job);
    const paging = variables.marketPlaceJobFilter.pagination_eq as { first: number; after: string };
    const end = Number(paging.after) + nodes.length;
    const total = connection.totalCount ?? end;
    return { jobs, count: nodes.length, total, hasMore: connection.pageInfo?.hasNextPage ?? (nodes.length > 0 && end < total) };
  }

  async self(session: MarketplaceSession): Promise<MarketplaceProfile> {
    const cached = this.selfCache.get(tokenKey(session.accessToken));
    if (cached) return cached;
    const { data, errors } = await this.graphql(session, SELF_QUERY, undefined, true);
    if (errors.length > 0 && !data?.user) throw graphqlErrorKind(errors);
    const parsed = z
      .object({ user: z.object({ id: z.union([z.string(), z.number()]).transform(String), nid: str, name: str }) })
      .safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `user ${zodSummary(parsed.error)}`);
    const { user } = parsed.data;
    const profile = { externalUserId: user.id, username: user.nid ?? user.id, displayName: user.name ?? null, profileUrl: null };
    if (this.selfCache.size >= 1000) this.selfCache.clear();
    this.selfCache.set(tokenKey(session.accessToken), profile);
    return profile;
  }

  /**
   * The screening questions the client asked, in their order ([] when none): read per job before
   * its letter is written, since the search does not carry them [L].
   */
  async screeningQuestions(session: MarketplaceSession, jobExternalId: string): Promise<string[]> {
    const { data, errors } = await this.graphql(session, UPWORK_SCREENING_QUERY, { id: jobExternalId }, true);
    if (errors.length > 0 && !data?.marketplaceJobPosting) throw graphqlErrorKind(errors);
    const parsed = z
      .object({
        marketplaceJobPosting: z
          .object({
            contractorSelection: z
              .object({
                proposalRequirement: z
                  .object({
                    screeningQuestions: z.array(z.object({ question: str, sequenceNumber: z.number().nullish() }).nullable()).nullish(),
                  })
                  .nullish(),
              })
              .nullish(),
          })
          .nullish(),
      })
      .safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `job posting ${zodSummary(parsed.error)}`);
    const questions = parsed.data.marketplaceJobPosting?.contractorSelection?.proposalRequirement?.screeningQuestions ?? [];
    return questions
      .filter((q): q is { question: string; sequenceNumber?: number | null } => Boolean(q?.question?.trim()))
      .sort((a, b) => (a.sequenceNumber ?? 0) - (b.sequenceNumber ?? 0))
      .map((q) => q.question.trim());
  }

  /** Proposal status and the client's messages (upwork-outcomes.ts). */
  proposalFates(session: MarketplaceSession, refs: readonly ProposalRef[]): Promise<ProposalFate[]> {
    return upworkProposalFates(this, session, refs);
  }

  /** The organization (tenant) id of the token's default organization. */
  async organizationId(session: MarketplaceSession): Promise<string> {
    const { data, errors } = await this.graphql(session, ORGANIZATION_QUERY, undefined, true);
    if (errors.length > 0 && !data?.organization) throw graphqlErrorKind(errors);
    const parsed = z.object({ organization: z.object({ id: z.union([z.string(), z.number()]).transform(String) }) }).safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `organization ${zodSummary(parsed.error)}`);
    return parsed.data.organization.id;
  }

  /** The session's proposal for a job (`vendorProposals` by job posting id), whatever its status. */
  async findProposal(session: MarketplaceSession, jobExternalId: string): Promise<PlacedProposal | null> {
    const variables = { jobIds: [jobExternalId], sort: { field: 'CREATEDDATETIME', sortOrder: 'DESC' }, page: { first: 5 } };
    const { data, errors } = await this.graphql(session, UPWORK_FIND_PROPOSAL_QUERY, variables, true);
    if (errors.length > 0) throw graphqlErrorKind(errors);
    const parsed = proposalsDataSchema.safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `proposals ${zodSummary(parsed.error)}`);
    for (const connection of Object.values(parsed.data)) {
      const node = (connection?.edges ?? []).map((edge) => edge?.node).find((n) => n && n.marketplaceJobPosting?.id === jobExternalId);
      if (node) {
        const created = node.auditDetails?.createdDateTime?.rawValue;
        return {
          externalId: node.id,
          amount: Number(node.terms?.chargeRate?.rawValue ?? 0),
          submittedAt:
            created && !Number.isNaN(Date.parse(created))
              ? new Date(created).toISOString()
              : (this.options.clock?.() ?? new Date()).toISOString(),
        };
      }
    }
    return null;
  }

  /**
   * Sends through `createJobProposal` only when the app's key has the permission
   * (`proposalsApi`) and the session's scope, when known, includes it; otherwise 'forbidden' (the
   * product then opens the job's page with the letter copied).
   */
  canPlaceProposals(session: UpworkSession | null): boolean {
    const scope = session?.scope?.split(/\s+/);
    return Boolean(session?.accessToken) && this.options.proposalsApi && !(scope && !scope.includes(UPWORK_PROPOSAL_PERMISSION));
  }

  async placeProposal(session: UpworkSession, input: ProposalInput): Promise<PlacedProposal> {
    if (!this.canPlaceProposals(session)) {
      throw new MarketplaceError(PLATFORM, 'forbidden', UPWORK_MANUAL_SEND, { code: 'proposals_api_unavailable' });
    }
    const variables = {
      input: {
        jobReference: input.job.externalId,
        chargedAmount: input.amount,
        coverLetter: input.coverLetter,
        ...(input.screeningAnswers?.length
          ? { questions: input.screeningAnswers.map(({ question, answer }) => ({ question, answer })) }
          : {}),
        ...(session.tenantId ? { teamOrgId: session.tenantId } : {}),
      },
    };
    const { data, errors } = await this.graphql(session, PROPOSAL_MUTATION, variables, false);
    if (errors.length > 0 && !data?.createJobProposal) {
      const error = graphqlErrorKind(errors);
      if (error.kind === 'forbidden')
        throw new MarketplaceError(PLATFORM, 'forbidden', `${UPWORK_MANUAL_SEND} (Upwork: ${error.message})`, error.details);
      throw error;
    }
    const parsed = z
      .object({ createJobProposal: z.object({ newProposalId: z.union([z.string(), z.number()]).nullish(), status: str, error: str }) })
      .safeParse(data);
    if (!parsed.success) throw malformed(PLATFORM, `proposal ${zodSummary(parsed.error)}`);
    const result = parsed.data.createJobProposal;
    if (result.error) throw new MarketplaceError(PLATFORM, 'rejected', result.error, { code: result.status ?? undefined });
    if (result.newProposalId == null) throw malformed(PLATFORM, 'proposal answer without an id');
    return {
      externalId: String(result.newProposalId),
      amount: input.amount,
      submittedAt: (this.options.clock?.() ?? new Date()).toISOString(),
    };
  }
}

export interface UpworkOAuthOptions {
  authorizeUrl: UrlSource;
  tokenUrl: UrlSource;
  clientId: string;
  clientSecret: string;
  http?: HttpOptions;
  clock?: () => Date;
}

export class UpworkOAuth implements OAuthClient {
  constructor(private readonly options: UpworkOAuthOptions) {}

  /** No `scope` parameter: Upwork sets scopes on the key (sending one reportedly fails). */
  authorizeUrl(state: string, redirectUri: string): string {
    const params = new URLSearchParams({ response_type: 'code', client_id: this.options.clientId, redirect_uri: redirectUri, state });
    return `${resolveUrl(this.options.authorizeUrl)}?${params.toString()}`;
  }

  exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    return requestTokens(
      PLATFORM,
      resolveUrl(this.options.tokenUrl),
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      },
      { ...this.options.http, clock: this.options.clock },
    );
  }

  refresh(refreshToken: string): Promise<OAuthTokens> {
    return requestTokens(
      PLATFORM,
      resolveUrl(this.options.tokenUrl),
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      },
      { ...this.options.http, clock: this.options.clock },
    );
  }
}
