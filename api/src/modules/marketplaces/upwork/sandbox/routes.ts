import { Hono, type Context } from 'hono';
import type { Clock } from '../../../../kernel/clock';
import type { Store } from '../../../../store/store';
import { sandboxTablesOf } from '../../../../store/sandbox-schema/index';
import { SandboxAccounts, sha256, UPWORK_BASE_SCOPES, UPWORK_PROPOSAL_SCOPE, type TokenOwner } from '../../sandbox/accounts';
import { oauthRoutes } from '../../sandbox/oauth';
import { projectPage } from '../../sandbox/pages';
import { ACTIVE_DAYS, findProject, isActive, postedProjects } from '../../sandbox/projects';
import { DEFAULT_CLIENT_OPTIONS, type ClientOptions } from '../../sandbox/clients';
import { MinuteRateLimiter } from '../../sandbox/rate-limit';
import { proposalResolvers, upworkProposalId } from './proposals';
import { jobNode, SearchInputError, searchJobs, type SortField, type UpworkJobFilter } from './search';
import { scopeError, UpworkResolverError } from './errors';

const COVER_LETTER_MAX = 5000;
const ORG_ID_PREFIX = '1700';

export const upworkOrganizationId = (userId: number) => `${ORG_ID_PREFIX}${String(userId).padStart(15, '0')}`;

interface GraphContext {
  owner: TokenOwner;
  now: Date;
}

export interface UpworkSandboxDeps {
  store: Store;
  clock: Clock;
  rateLimitPerMinute: number;
  /** How the sandbox's clients react to proposals (clients.ts). */
  clients?: ClientOptions;
}

/** graphql-js and the schema, loaded with the first GraphQL request. */
const graphql = () => import('./graphql');

const organization = (owner: TokenOwner) => ({
  id: upworkOrganizationId(owner.userId),
  name: `${owner.username}'s team`,
  type: 'FREELANCER',
});

const user = (owner: TokenOwner) => ({
  id: `sb${String(owner.userId).padStart(10, '0')}`,
  nid: owner.username,
  rid: String(owner.userId),
  name: owner.username,
  email: `${owner.username}@sandbox.upwork.local`,
});

/** `marketplaceJobPosting(id:)` of a posted job, or null. */
function jobPosting(id: string, now: number) {
  const p = findProject('upwork', id, now);
  if (!p) return null;
  const node = jobNode(p, now);
  return {
    id: p.id,
    ciphertext: p.ciphertext,
    content: { title: p.title, description: p.description },
    contractTerms: {
      contractType: p.type === 'fixed' ? 'FIXED' : 'HOURLY',
      experienceLevel: p.experienceLevel,
      fixedPriceContractTerms: p.type === 'fixed' ? { amount: node.amount } : null,
      hourlyContractTerms:
        p.type === 'hourly'
          ? {
              hourlyBudgetMin: node.hourlyBudgetMin ? p.budgetMinUsd : null,
              hourlyBudgetMax: node.hourlyBudgetMax ? p.budgetMaxUsd : null,
              engagementType: p.engagement,
            }
          : null,
    },
    contractorSelection: {
      proposalRequirement: {
        coverLetterRequired: true,
        screeningQuestions: p.screeningQuestions.map((question, i) => ({ question, sequenceNumber: i + 1 })),
      },
    },
    classification: { skills: node.skills, category: p.category.name },
  };
}

/** Upwork's GraphQL API and OAuth server, simulated; mounted at `/upwork`. */
export function upworkSandbox(deps: UpworkSandboxDeps) {
  const { store, clock } = deps;
  const accounts = new SandboxAccounts(store, clock, 'upwork');
  const limiter = new MinuteRateLimiter(clock, deps.rateLimitPerMinute);
  const app = new Hono();

  app.route(
    '/',
    oauthRoutes({
      accounts,
      brand: 'Upwork',
      defaultUsername: 'sandbox_upwork',
      authorizePaths: ['/ab/account-security/oauth2/authorize'],
      tokenPath: '/api/v3/oauth2/token',
      carried: ['response_type', 'client_id', 'redirect_uri', 'state'],
      permissions: () => ['Common Entities – Read-Only Access', 'Read marketplace Job Postings'],
      optIn: { name: 'allow_proposals', label: 'Also allow proposal submission ("Submit Proposal" permission)' },
      grantedScope: (_params, optedIn) => [...UPWORK_BASE_SCOPES, ...(optedIn ? [UPWORK_PROPOSAL_SCOPE] : [])].join(' '),
    }),
  );

  const proposals = proposalResolvers({ store, clients: deps.clients ?? DEFAULT_CLIENT_OPTIONS, user, organization, jobPosting });
  const rootValue = {
    marketplaceJobPostingsSearch: (
      args: { marketPlaceJobFilter?: UpworkJobFilter | null; sortAttributes?: Array<{ field?: SortField | null } | null> | null },
      ctx: GraphContext,
    ) => {
      const now = ctx.now.getTime();
      const sort = args.sortAttributes?.find((s) => s?.field)?.field ?? 'RECENCY';
      let found;
      try {
        found = searchJobs(postedProjects('upwork', now, ACTIVE_DAYS), args.marketPlaceJobFilter, sort, now);
      } catch (error) {
        if (error instanceof SearchInputError) throw new UpworkResolverError(error.message, { code: 'BAD_USER_INPUT' });
        throw error;
      }
      const edges = found.page.map((p, i) => ({ cursor: String(found.offset + i + 1), node: jobNode(p, now) }));
      const end = found.offset + found.page.length;
      return { totalCount: found.total, edges, pageInfo: { endCursor: String(end), hasNextPage: end < found.total } };
    },
    marketplaceJobPosting: (args: { id: string }, ctx: GraphContext) => {
      // The numeric reference only: a ciphertext is "not found", as on the real service.
      if (args.id.startsWith('~')) return null;
      return jobPosting(args.id, ctx.now.getTime());
    },
    organization: (_args: unknown, ctx: GraphContext) => organization(ctx.owner),
    user: (_args: unknown, ctx: GraphContext) => user(ctx.owner),
    ...proposals,
    createJobProposal: async (
      args: {
        input: {
          jobReference: string;
          chargedAmount?: number | null;
          coverLetter: string;
          estimatedDurationDays?: number | null;
          questions?: Array<{ question?: string | null; answer?: string | null } | null> | null;
        };
      },
      ctx: GraphContext,
    ) => {
      if (!ctx.owner.scope.includes(UPWORK_PROPOSAL_SCOPE)) throw scopeError(['createJobProposal']);
      const { input } = args;
      const failed = (error: string) => ({ newProposalId: null, status: 'FAILED', error });
      const p = findProject('upwork', input.jobReference, ctx.now.getTime());
      if (!p || input.jobReference.startsWith('~')) return failed('Job posting not found');
      if (!isActive(p, ctx.now.getTime())) return failed('This job is no longer accepting proposals');
      const letter = input.coverLetter.trim();
      if (!letter) return failed('The cover letter is required');
      if (letter.length > COVER_LETTER_MAX) return failed(`The cover letter must be at most ${COVER_LETTER_MAX} characters`);
      const amount = input.chargedAmount ?? 0;
      if (!Number.isFinite(amount) || amount <= 0) return failed('chargedAmount must be a positive amount');
      // Every screening question the client asked needs its answer.
      const answered = new Map((input.questions ?? []).map((q) => [q?.question ?? '', (q?.answer ?? '').trim()]));
      const missing = p.screeningQuestions.find((question) => !answered.get(question));
      if (missing) return failed(`Answer the screening question: ${missing}`);
      const [row] = await store.tx((tx) => {
        const { sandboxMarketBids } = sandboxTablesOf(tx);
        return tx
          .insert(sandboxMarketBids)
          .values({
            platform: 'upwork',
            userId: ctx.owner.userId,
            projectId: p.id,
            amount,
            period: Math.max(0, Math.min(365, input.estimatedDurationDays ?? 0)),
            milestonePercentage: 100,
            description: letter,
            createdAt: ctx.now,
          })
          .onConflictDoNothing()
          .returning();
      });
      if (!row) return failed('You have already submitted a proposal to this job');
      return { newProposalId: upworkProposalId(row.id), status: 'SUBMITTED', error: null };
    },
  };

  const graphqlError = (c: Context, status: 400 | 401 | 429, message: string, code: string) =>
    c.json({ data: null, errors: [{ message, extensions: { code } }] }, status);

  app.post('/graphql', async (c) => {
    const bearer = c.req
      .header('authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim();
    const owner = bearer ? await accounts.verifyAccess(bearer) : null;
    if (!bearer || !owner) {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return graphqlError(c, 401, 'Authentication failed: the access token is missing, invalid or expired', 'UNAUTHENTICATED');
    }
    const decision = limiter.take(sha256(bearer));
    for (const [name, value] of Object.entries(MinuteRateLimiter.headers(decision))) c.header(name, value);
    if (!decision.allowed) return graphqlError(c, 429, 'Rate limit exceeded. Try again later.', 'RATE_LIMITED');
    const tenant = c.req.header('x-upwork-api-tenantid');
    if (tenant !== undefined && tenant !== upworkOrganizationId(owner.userId)) {
      return c.json(
        { data: null, errors: [{ message: `You do not have access to the organization ${tenant}`, extensions: { code: 'FORBIDDEN' } }] },
        200,
      );
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = (await c.req.json()) as typeof body;
    } catch {
      return graphqlError(c, 400, 'The request body must be JSON: { "query": "...", "variables": {...} }', 'BAD_REQUEST');
    }
    if (!body || typeof body.query !== 'string' || body.query.length > 50_000)
      return graphqlError(c, 400, 'query is required', 'BAD_REQUEST');
    const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : undefined;
    const { runGraphQL } = await graphql();
    const answer = await runGraphQL({
      query: body.query,
      variables,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      rootValue,
      contextValue: { owner, now: clock.now() } satisfies GraphContext,
    });
    return c.json(answer, 200);
  });

  // What a sandbox job link opens: /upwork/jobs/{ciphertext}.
  app.get('/jobs/:ciphertext', (c) => {
    const now = clock.now().getTime();
    const id = c.req.param('ciphertext').replace(/^[^~]*(?=~)/, '');
    const p = findProject('upwork', id, now);
    if (!p) return c.text('Job not found', 404);
    return c.html(projectPage(p, 'Upwork', isActive(p, now)));
  });

  return app;
}
