import { extractQuestions } from '@shared/letters/questions';
import { eq } from 'drizzle-orm';
import { createMarketplaces } from '../modules/marketplaces/registry';
import type { MarketplaceAdapter, Marketplaces, OAuthTokens, Platform } from '../modules/marketplaces/types';
import type { Job } from '@shared/schemas/job';
import { analyseJob } from '@shared/scoring';
import { assessRisk } from '@shared/matching/risk/assess';
import { tablesOf } from '../store/schema/index';
import { sandboxTablesOf } from '../store/sandbox-schema/index';
import { first } from '../store/store';
import { createLogger } from '../kernel/logger';
import type { PipelineDeps } from '../modules/runner/pipeline';
import type { NoticeKind, QuotaPort, WriterPort } from '../modules/runner/ports';
import { AgentService } from '../modules/agents/agents';
import { coverLetterQuotaService } from '../modules/proposals/cover-letter-quota';
import type { ClientOptions } from '../modules/marketplaces/sandbox/clients';
import { makeTestApp } from './harness';
import { consent, startMarketplaceServer, TEST_REDIRECT_URI } from './marketplace-server';

export interface RunnerFixtureOptions {
  /** How long the marketplace takes to answer a proposal POST (a slow marketplace). */
  postDelayMs?: number;
  /** The quota the runner uses: a counter the test sets (default), or the product's own. */
  quota?: 'counter' | 'product';
  /** How the sandbox's clients answer proposals (seed and pace). */
  clients?: ClientOptions;
  /**
   * Keep the sandbox's clients as they are, risky ones included (a client posting many jobs and hiring
   * no one raises a red flag, and the runner holds its job). By default every client found has a
   * hiring record, so a test counts what the runner does with clean jobs only.
   */
  riskyClients?: boolean;
  /**
   * Keep the sandbox's posts the learned reading flags or doubts by chance (about 1 % and 8 % of its
   * honest ones, which ones moving with each training of the reading). By default they are left out
   * of the feed, so a test about reservations, outages or outcomes does not change when the reading
   * is retrained; the tests of holding (risk-hold.test.ts) build their own posts.
   */
  learnedReadings?: boolean;
}

/**
 * The runner's world for a test: the sandbox marketplaces over HTTP with a manual clock, the app on
 * a fresh database with the same clock, connected accounts on both marketplaces, a writer that
 * can be made to fail or hang, and every proposal POST counted at the wire.
 */
export async function runnerFixture(options: RunnerFixtureOptions = {}) {
  const server = await startMarketplaceServer({ clients: options.clients });
  const t = makeTestApp();
  const state = {
    notices: [] as Array<{ userId: string; kind: NoticeKind; url: string }>,
    writes: 0,
    writerFailures: 0,
    /** While set, the writer waits for it (a process that stalls, or dies, mid-letter). */
    writerGate: null as Promise<void> | null,
    quotaLeft: 1000,
    /** Every proposal POST that reached the marketplace: `platform:job`. */
    posts: [] as string[],
    /**
     * Every request the marketplace answered: `platform METHOD path` (GraphQL: the first field asked).
     * An attempt that got no answer at all (a kept-alive connection the server had just closed, which
     * the client retries) is not a request the marketplace served, and is not counted.
     */
    requests: [] as string[],
    /** While set, the marketplace answers 429 with this Retry-After (seconds), as Freelancer.com documents it. */
    throttleSeconds: null as number | null,
  };

  const writer: WriterPort = {
    async write({ job, screeningQuestions }) {
      state.writes++;
      if (state.writerGate) await state.writerGate;
      if (state.writerFailures > 0) {
        state.writerFailures--;
        throw Object.assign(new Error('The model is overloaded'), { transient: true });
      }
      // A model that does as it is told: it opens on the post, and answers each of its questions (a yes, the work
      // that shows it, how long it took), naming the job so that no two letters are alike.
      const answers = extractQuestions(job.description).map(
        (q) => `${q.text} Yes: for "${job.title}" (${job.externalId}) I would draw on "Fresh Basket", a project I delivered in 3 weeks.`,
      );
      const brief = job.description.replace(/\s+/g, ' ').replace(/"/g, "'").slice(0, 200);
      const text = [`Hello, I read "${job.title}" and can deliver it well within your timeline.`, `You write: "${brief}"`, ...answers];
      // And answers Upwork's screening questions, as a model is asked to: each with what it asks for (the work that
      // shows it, the tools, how long it took, the hours free; a link, or honestly none), never put off.
      const proof = `From my own work on "${job.title}": I built "Fresh Basket" with React and PostgreSQL in 3 weeks`;
      const screeningAnswers = (screeningQuestions ?? []).map((question) => ({
        question,
        answer: /\blink\b/i.test(question)
          ? `${proof}; its code is private, so I have no public GitHub or website to link.`
          : `${proof}, and I have 30 hours a week free from Monday.`,
      }));
      return { text: text.join('\n\n'), writer: 'ai', screeningAnswers };
    },
  };

  const counterQuota: QuotaPort = {
    take: async (_tx, _userId, _now, letters) => {
      const taken = Math.max(0, Math.min(letters, state.quotaLeft));
      state.quotaLeft -= taken;
      return taken;
    },
    refund: async (_tx, _userId, _takenAt, letters = 1) => {
      state.quotaLeft += letters;
    },
  };

  /** Counts proposal POSTs (Freelancer bids, Upwork's createJobProposal) and delays them. */
  const wire: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = typeof init?.body === 'string' ? init.body : '';
    const proposal =
      init?.method === 'POST' &&
      (url.pathname.endsWith('/projects/0.1/bids/') || (url.pathname.endsWith('/graphql') && body.includes('createJobProposal')));
    if (proposal) {
      if (options.postDelayMs) await new Promise((resolve) => setTimeout(resolve, options.postDelayMs));
      const job = url.pathname.endsWith('/bids/')
        ? String((JSON.parse(body) as { project_id: number }).project_id)
        : String((JSON.parse(body) as { variables: { input: { jobReference: string } } }).variables.input.jobReference);
      state.posts.push(`${url.pathname.includes('/freelancer/') ? 'freelancer' : 'upwork'}:${job}`);
    }
    const platform = url.pathname.includes('/freelancer/') ? 'freelancer' : 'upwork';
    const query = url.pathname.endsWith('/graphql') ? String((JSON.parse(body || '{}') as { query?: unknown }).query ?? '') : '';
    const field = query ? (query.match(/(?:query|mutation)[^{]*\{\s*(?:\w+\s*:\s*)?(\w+)/)?.[1] ?? 'graphql') : '';
    const request = `${platform} ${init?.method ?? 'GET'} ${url.pathname.replace(/^.*\/sandbox\/(freelancer\/api|upwork)/, '')}${field ? ` ${field}` : ''}`;
    state.requests.push(request);
    if (state.throttleSeconds !== null && (url.pathname.includes('/api/') || url.pathname.endsWith('/graphql'))) {
      const headers = { 'content-type': 'application/json', 'retry-after': String(state.throttleSeconds) };
      return new Response(
        JSON.stringify({
          status: 'error',
          message: 'You have made too many of these requests.',
          error_code: 'AuthorisationExceptionCodes.RATE_LIMITED',
        }),
        { status: 429, headers },
      );
    }
    try {
      return await fetch(input, init);
    } catch (error) {
      // No answer: on a loaded machine the client may reuse a connection the server has just closed.
      state.requests.splice(state.requests.lastIndexOf(request), 1);
      throw error;
    }
  };

  let tokens: Record<Platform, OAuthTokens> | undefined;
  const marketplaces = (upworkProposalsApi = false): Marketplaces => {
    const real = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi }, () => server.url, {
      clock: server.clock,
      http: { sleep: async () => undefined, random: () => 0, fetch: wire },
    });
    const clients = options.riskyClients ? real : withTrustedClients(real);
    return options.learnedReadings ? clients : withoutLearnedReadings(clients);
  };

  const deps = (overrides: Partial<PipelineDeps> & { upworkProposalsApi?: boolean } = {}): PipelineDeps => {
    const { upworkProposalsApi, ...rest } = overrides;
    return {
      store: t.store,
      clock: server.clock,
      log: createLogger('silent'),
      marketplaces: marketplaces(upworkProposalsApi),
      session: async (_userId: string, platform: Platform) =>
        tokens ? { accessToken: tokens[platform].accessToken, scope: tokens[platform].scope } : null,
      writer,
      notifier: {
        notify: async (userId: string, kind: NoticeKind, payload: { url: string }) =>
          void state.notices.push({ userId, kind, url: payload.url }),
      },
      quota: options.quota === 'product' ? coverLetterQuotaService(t.store) : counterQuota,
      retry: { attempts: 3, baseMs: 1, capMs: 1, sleep: async () => undefined, random: () => 0 },
      ...rest,
    };
  };

  async function connect(platform: Platform, username: string, proposals = false): Promise<OAuthTokens> {
    const { oauth } = marketplaces()[platform];
    const { location } = await consent(oauth.authorizeUrl('s', TEST_REDIRECT_URI), {
      decision: 'allow',
      username,
      fields: proposals ? { allow_proposals: 'on' } : {},
    });
    return oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
  }

  /** Sets both clocks (the marketplace's and the app's). */
  const at = (iso: string) => {
    server.clock.set!(new Date(iso));
    t.clock.set(new Date(iso));
  };
  const advance = (ms: number) => at(new Date(server.clock.now().getTime() + ms).toISOString());

  async function userWithAgent(fields: Record<string, unknown>, opts: { timeZone?: string; email?: string } = {}) {
    const { user } = await t.signup(opts.email ?? 'runner.ada@gmail.com', 'Sturdy-Pass1', { timeZone: opts.timeZone ?? 'UTC' });
    const token = (await t.call('POST', '/api/auth/signin', { email: user.email, password: 'Sturdy-Pass1' })).json.data.token as string;
    await t.call('PUT', `/api/users/${user.id}`, { skills: ['React', 'Node.js', 'Logo Design', 'SEO'] }, t.auth(token));
    const service = new AgentService({ store: t.store, clock: server.clock });
    const { agent } = await service.create(user.id, { title: 'developer', platform: 'freelancer', ...fields } as never);
    await service.setStatus(user.id, agent.id, 'active');
    return { userId: user.id, agentId: agent.id, service, token };
  }

  at('2026-11-18T09:00:00Z'); // a Wednesday
  tokens = { freelancer: await connect('freelancer', 'runner_fl'), upwork: await connect('upwork', 'runner_up') };

  return {
    server,
    t,
    state,
    deps,
    connect,
    at,
    advance,
    userWithAgent,
    setTokens: (next: Record<Platform, OAuthTokens> | undefined) => void (tokens = next),
    items: async (userId: string) => {
      const { jobItems } = tablesOf(t.db);
      return t.db.select().from(jobItems).where(eq(jobItems.userId, userId));
    },
    item: (id: string) => {
      const { jobItems } = tablesOf(t.db);
      return first(t.db.select().from(jobItems).where(eq(jobItems.id, id)));
    },
    bids: async () => {
      const { sandboxMarketBids } = sandboxTablesOf(t.db);
      return server.db.select().from(sandboxMarketBids);
    },
    async close() {
      t.close();
      await server.close();
    },
  };
}

export type RunnerFixture = Awaited<ReturnType<typeof runnerFixture>>;

/** The marketplaces without the posts the learned reading flags or doubts (see `learnedReadings`). */
function withoutLearnedReadings(marketplaces: Marketplaces): Marketplaces {
  const wrap = (adapter: MarketplaceAdapter): MarketplaceAdapter => {
    const search = adapter.search.bind(adapter);
    adapter.search = async (...args) => {
      const page = await search(...args);
      return { ...page, jobs: page.jobs.filter((job) => !assessRisk(analyseJob(job)).some((flag) => flag.likely)) };
    };
    return adapter;
  };
  return Object.fromEntries(
    Object.entries(marketplaces).map(([platform, entry]) => [platform, { ...entry, adapter: wrap(entry.adapter) }]),
  ) as unknown as Marketplaces;
}

/** The marketplaces, every job's client given a record of hiring (see `riskyClients`). */
function withTrustedClients(marketplaces: Marketplaces): Marketplaces {
  const trusted = (job: Job): Job => ({
    ...job,
    client: {
      ...job.client,
      paymentVerified: job.client.paymentVerified ?? true,
      hires: Math.max(job.client.hires ?? 0, 3),
      jobsPosted: job.client.jobsPosted ?? null,
    },
  });
  // The adapter's own search, answering trusted clients: a test that replaces it still reads them.
  const wrap = (adapter: MarketplaceAdapter): MarketplaceAdapter => {
    const search = adapter.search.bind(adapter);
    adapter.search = async (...args) => {
      const page = await search(...args);
      return { ...page, jobs: page.jobs.map(trusted) };
    };
    return adapter;
  };
  return Object.fromEntries(
    Object.entries(marketplaces).map(([platform, entry]) => [platform, { ...entry, adapter: wrap(entry.adapter) }]),
  ) as unknown as Marketplaces;
}
