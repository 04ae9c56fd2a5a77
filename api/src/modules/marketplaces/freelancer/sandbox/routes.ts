import { FREELANCER_BID_DESCRIPTION_MAX } from '@shared/prompt-fill';
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Clock } from '../../../../kernel/clock';
import type { Store } from '../../../../store/store';
import { sandboxTablesOf, type SandboxTables } from '../../../../store/sandbox-schema/index';
import { SandboxAccounts, sha256, type TokenOwner } from '../../sandbox/accounts';
import { ownerJson, ParamError, parseSearchParams, projectJson, searchProjects } from './search';
import { oauthRoutes } from '../../sandbox/oauth';
import { projectPage } from '../../sandbox/pages';
import { CURRENCIES } from '../../sandbox/catalog';
import { DEFAULT_CLIENT_OPTIONS, type ClientOptions } from '../../sandbox/clients';
import { bidAwardFields, freelancerOutcomeRoutes } from './outcomes';
import type { FreelancerSandboxEnv } from './env';
import { ACTIVE_DAYS, ARCHIVE_DAYS, findProject, isActive, postedProjects } from '../../sandbox/projects';
import { MinuteRateLimiter } from '../../sandbox/rate-limit';

/** Freelancer user ids of sandbox accounts: far from the generated clients' ids. */
export const FREELANCER_USER_ID_BASE = 90_000_000;
/** The advanced scope needed to bid ("manage projects, bids and milestones"). */
const BID_SCOPE = '2';
const BID_DESCRIPTION_MAX = FREELANCER_BID_DESCRIPTION_MAX;

export type { FreelancerSandboxEnv };

const requestId = () => crypto.randomBytes(16).toString('hex');

function ok(c: Context<FreelancerSandboxEnv>, result: unknown) {
  return c.json({ status: 'success', result, request_id: requestId() }, 200);
}

function fail(c: Context<FreelancerSandboxEnv>, status: 400 | 401 | 403 | 404 | 409 | 429, errorCode: string, message: string) {
  return c.json({ status: 'error', message, error_code: errorCode, request_id: requestId() }, status);
}

export interface FreelancerSandboxDeps {
  store: Store;
  clock: Clock;
  rateLimitPerMinute: number;
  /** How the sandbox's clients react to bids (clients.ts). */
  clients?: ClientOptions;
}

/** Freelancer.com API v0.1 and its OAuth server, simulated; mounted at `/freelancer`. */
export function freelancerSandbox(deps: FreelancerSandboxDeps) {
  const { sandboxMarketBids } = sandboxTablesOf(deps.store.db);
  const { store, clock } = deps;
  const clients = deps.clients ?? DEFAULT_CLIENT_OPTIONS;
  const accounts = new SandboxAccounts(store, clock, 'freelancer');
  const limiter = new MinuteRateLimiter(clock, deps.rateLimitPerMinute);
  const app = new Hono<FreelancerSandboxEnv>();

  app.route(
    '/',
    oauthRoutes({
      accounts,
      brand: 'Freelancer.com',
      defaultUsername: 'sandbox_freelancer',
      authorizePaths: ['/oauth/authorize', '/oauth/authorise'],
      tokenPath: '/oauth/token',
      carried: ['response_type', 'client_id', 'redirect_uri', 'scope', 'advanced_scopes', 'state', 'prompt'],
      permissions: (params) => {
        const ids = (params.advanced_scopes ?? '').split(/[\s,+]+/).filter(Boolean);
        return [
          'See your basic profile (scope: basic)',
          ...(ids.includes('2') ? ['Place and manage bids on projects for you'] : []),
          ...(ids.includes('1') ? ['Create and edit projects'] : []),
          ...(ids.includes('5') ? ['Read and send messages'] : []),
          ...(ids.includes('6') ? ['Read your user and profile details'] : []),
        ];
      },
      grantedScope: (params) => {
        const ids = [...new Set((params.advanced_scopes ?? '').split(/[\s,+]+/).filter((id) => /^[1-6]$/.test(id)))].sort();
        return ['basic', ...ids].join(' ');
      },
    }),
  );

  // Auth (custom header; Bearer accepted too) and the per-token rate limit, on every API call.
  app.use('/api/*', async (c, next) => {
    const token = c.req.header('freelancer-oauth-v1') ?? c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    let owner: TokenOwner | null = null;
    if (token !== undefined) {
      owner = await accounts.verifyAccess(token.trim());
      if (!owner) return fail(c, 401, 'AuthenticationExceptionCodes.INVALID_AUTH_TOKEN', 'The OAuth token is invalid or has expired.');
    }
    const key = token ? `t:${sha256(token)}` : `ip:${c.env?.incoming?.socket?.remoteAddress ?? 'local'}`;
    const decision = limiter.take(key);
    for (const [name, value] of Object.entries(MinuteRateLimiter.headers(decision))) c.header(name, value);
    if (!decision.allowed) return fail(c, 429, 'AuthorisationExceptionCodes.RATE_LIMITED', 'You have made too many of these requests.');
    c.set('owner', owner);
    await next();
  });

  const needOwner = (c: Context<FreelancerSandboxEnv>) => c.get('owner');
  const notAuthenticated = (c: Context<FreelancerSandboxEnv>) =>
    fail(c, 401, 'AuthenticationExceptionCodes.NOT_AUTHENTICATED', 'You must be authenticated to perform this request.');

  const search = (activeOnly: boolean) => (c: Context<FreelancerSandboxEnv>) => {
    let params;
    try {
      params = parseSearchParams(new URL(c.req.url));
    } catch (error) {
      if (error instanceof ParamError) return fail(c, 400, 'ProjectExceptionCodes.INVALID_PARAMETER', error.message);
      throw error;
    }
    const now = clock.now().getTime();
    const list = postedProjects('freelancer', now, activeOnly ? ACTIVE_DAYS : ARCHIVE_DAYS);
    const { total, page } = searchProjects(list, params, now);
    const result: Record<string, unknown> = {
      total_count: total,
      projects: page.map((p) => projectJson(p, now, params.projections)),
      selected_bids: [],
    };
    if (params.projections.has('user_details')) {
      result.users = Object.fromEntries(page.map((p) => [String(p.client.id), ownerJson(p, params.projections)]));
    }
    return ok(c, result);
  };
  for (const path of ['/api/projects/0.1/projects/active', '/api/projects/0.1/projects/active/']) app.get(path, search(true));
  for (const path of ['/api/projects/0.1/projects/all', '/api/projects/0.1/projects/all/']) app.get(path, search(false));

  for (const path of ['/api/projects/0.1/projects/:id', '/api/projects/0.1/projects/:id/']) {
    app.get(path, (c) => {
      const now = clock.now().getTime();
      const project = findProject('freelancer', c.req.param('id') ?? '', now);
      if (!project) return fail(c, 404, 'ProjectExceptionCodes.PROJECT_NOT_FOUND', 'Project not found.');
      const flags = new Set(['full_description', 'job_details', 'upgrade_details']);
      for (const flag of ['full_description', 'job_details', 'user_details']) if (c.req.query(flag) === 'true') flags.add(flag);
      return ok(c, projectJson(project, now, flags));
    });
  }

  for (const path of ['/api/users/0.1/self', '/api/users/0.1/self/']) {
    app.get(path, (c) => {
      const owner = needOwner(c);
      if (!owner) return notAuthenticated(c);
      return ok(c, {
        id: FREELANCER_USER_ID_BASE + owner.userId,
        username: owner.username,
        email: `${owner.username}@sandbox.freelancer.local`,
        display_name: owner.username,
        public_name: owner.username,
        role: 'freelancer',
        chosen_role: 'freelancer',
        registration_date: Math.floor(owner.createdAt.getTime() / 1000),
        primary_currency: CURRENCIES.USD,
        location: { country: { name: 'United States', code: 'us' }, city: 'Sandbox' },
        limited_account: false,
        status: { payment_verified: true, email_verified: true, identity_verified: false },
      });
    });
  }

  const bidJson = (row: SandboxTables['sandboxMarketBids']['$inferSelect'], ownerId: number) => {
    const submitted = Math.floor(row.createdAt.getTime() / 1000);
    return {
      id: row.id,
      bidder_id: FREELANCER_USER_ID_BASE + row.userId,
      project_id: Number(row.projectId),
      project_owner_id: ownerId,
      amount: row.amount,
      period: row.period,
      milestone_percentage: row.milestonePercentage,
      description: row.description,
      retracted: false,
      submitdate: submitted,
      time_submitted: submitted,
      highlighted: false,
      sponsored: 0,
      score: 0,
      // What the project's client did with it so far (award_status, shortlisted, …).
      ...bidAwardFields(row, clock.now().getTime(), clients),
    };
  };

  for (const path of ['/api/projects/0.1/bids', '/api/projects/0.1/bids/']) {
    app.post(path, async (c) => {
      const owner = needOwner(c);
      if (!owner) return notAuthenticated(c);
      if (!owner.scope.includes(BID_SCOPE)) {
        return fail(
          c,
          403,
          'AuthorisationExceptionCodes.INSUFFICIENT_SCOPE',
          'The OAuth token does not have the scope needed to bid (advanced scope 2).',
        );
      }
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = await c.req.json();
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch {
        return fail(c, 400, 'ProjectExceptionCodes.INVALID_BID_DETAILS', 'The request body must be a JSON object.');
      }
      const int = (value: unknown) =>
        typeof value === 'number' && Number.isInteger(value)
          ? value
          : typeof value === 'string' && /^\d+$/.test(value)
            ? Number(value)
            : NaN;
      const projectId = int(body.project_id);
      const bidderId = int(body.bidder_id);
      const amount = typeof body.amount === 'number' ? body.amount : typeof body.amount === 'string' ? Number(body.amount) : NaN;
      const period = int(body.period);
      const milestone = body.milestone_percentage === undefined ? 100 : Number(body.milestone_percentage);
      const description = typeof body.description === 'string' ? body.description.trim() : '';
      if (!Number.isFinite(projectId)) return fail(c, 400, 'ProjectExceptionCodes.INVALID_PROJECT_ID', 'project_id is required.');
      if (bidderId !== FREELANCER_USER_ID_BASE + owner.userId) {
        return fail(c, 403, 'ProjectExceptionCodes.INVALID_BIDDER_ID', 'bidder_id must be the id of the authenticated user.');
      }
      if (!Number.isFinite(amount) || amount <= 0)
        return fail(c, 400, 'ProjectExceptionCodes.INVALID_BID_AMOUNT', 'amount must be a positive number.');
      if (!Number.isInteger(period) || period < 1 || period > 365)
        return fail(c, 400, 'ProjectExceptionCodes.INVALID_BID_PERIOD', 'period must be between 1 and 365 days.');
      if (!Number.isFinite(milestone) || milestone < 0 || milestone > 100) {
        return fail(c, 400, 'ProjectExceptionCodes.INVALID_MILESTONE_PERCENTAGE', 'milestone_percentage must be between 0 and 100.');
      }
      if (!description) return fail(c, 400, 'ProjectExceptionCodes.INVALID_BID_DESCRIPTION', 'description must not be empty.');
      if (description.length > BID_DESCRIPTION_MAX) {
        return fail(
          c,
          400,
          'ProjectExceptionCodes.INVALID_BID_DESCRIPTION',
          `description must be at most ${BID_DESCRIPTION_MAX} characters.`,
        );
      }
      const now = clock.now();
      const project = findProject('freelancer', String(projectId), now.getTime());
      if (!project) return fail(c, 404, 'ProjectExceptionCodes.PROJECT_NOT_FOUND', 'Project not found.');
      if (!isActive(project, now.getTime()))
        return fail(c, 409, 'ProjectExceptionCodes.PROJECT_NOT_ACTIVE', 'This project is no longer accepting bids.');
      if (amount < project.budgetMin) {
        return fail(
          c,
          403,
          'ProjectExceptionCodes.BID_MINIMUM_REQUIREMENT_NOT_MET',
          `Your bid must be at least ${project.currency.sign}${project.budgetMin} ${project.currency.code}.`,
        );
      }
      const [row] = await store.tx((tx) => {
        const { sandboxMarketBids } = sandboxTablesOf(tx);
        return tx
          .insert(sandboxMarketBids)
          .values({
            platform: 'freelancer',
            userId: owner.userId,
            projectId: project.id,
            amount,
            period,
            milestonePercentage: Math.round(milestone),
            description,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
      });
      if (!row) return fail(c, 409, 'ProjectExceptionCodes.DUPLICATE_BID', 'You have already bid on this project.');
      return ok(c, bidJson(row, project.client.id));
    });

    app.get(path, async (c) => {
      const url = new URL(c.req.url);
      const list = (key: string) =>
        [...url.searchParams.getAll(`${key}[]`), ...url.searchParams.getAll(key)].filter((v) => /^\d+$/.test(v));
      const projects = list('projects');
      const bids = list('bids').map(Number);
      const bidders = list('bidders').map((id) => Number(id) - FREELANCER_USER_ID_BASE);
      if (projects.length === 0 && bids.length === 0 && bidders.length === 0) {
        return fail(c, 400, 'ProjectExceptionCodes.INVALID_PARAMETER', 'Give projects[], bids[] or bidders[].');
      }
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 100) || 100);
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
      const conditions = [eq(sandboxMarketBids.platform, 'freelancer' as const)];
      if (projects.length > 0) conditions.push(inArray(sandboxMarketBids.projectId, projects));
      if (bids.length > 0) conditions.push(inArray(sandboxMarketBids.id, bids));
      if (bidders.length > 0) conditions.push(inArray(sandboxMarketBids.userId, bidders));
      const rows = await store.db
        .select()
        .from(sandboxMarketBids)
        .where(and(...conditions))
        .orderBy(sandboxMarketBids.id);
      const now = clock.now().getTime();
      const page = rows
        .slice(offset, offset + limit)
        .map((row) => bidJson(row, findProject('freelancer', row.projectId, now)?.client.id ?? 0));
      return ok(c, { bids: page, total_count: rows.length });
    });
  }

  app.route(
    '/',
    freelancerOutcomeRoutes({ store, now: () => clock.now().getTime(), clients, ok, fail, userIdBase: FREELANCER_USER_ID_BASE }),
  );

  app.all('/api/*', (c) => fail(c, 404, 'CommonExceptionCodes.NOT_FOUND', `No such endpoint: ${c.req.method} ${c.req.path}`));

  // The project page the sandbox's job links open: /freelancer/projects/{seo_url}.
  app.get('/projects/*', (c) => {
    const id = c.req.path.replace(/\/+$/, '').match(/-(\d+)$/)?.[1];
    const now = clock.now().getTime();
    const project = id ? findProject('freelancer', id, now) : null;
    if (!project) return c.text('Project not found', 404);
    return c.html(projectPage(project, 'Freelancer.com', isActive(project, now)));
  });

  return app;
}
