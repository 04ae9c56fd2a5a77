import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { sandboxTablesOf } from '../../../store/sandbox-schema/index';
import { clientReaction, reactionAt, type ClientOptions } from '../sandbox/clients';
import { findProject } from '../sandbox/projects';
import {
  consent,
  recordingFetch,
  startMarketplaceServer,
  TEST_REDIRECT_URI,
  type MarketplaceServer,
} from '../../../testing/marketplace-server';
import { MarketplaceError } from '../errors';
import { freelancerBidState, freelancerProposalFates } from './outcomes';
import { createMarketplaces } from '../registry';
import type { MarketplaceSession, ProposalFate, ProposalRef } from '../types';

const DAY = 86_400_000;
const CLIENTS: ClientOptions = { seed: 'freelancer-outcomes-test', speedup: 1 };

let server: MarketplaceServer;
afterEach(() => server?.close());

async function setup(rateLimitPerMinute = 1000) {
  server = await startMarketplaceServer({ rateLimitPerMinute, clients: CLIENTS });
  server.clock.set!(new Date('2026-03-02T09:00:00Z'));
  const rec = recordingFetch();
  const sleeps: number[] = [];
  const { freelancer } = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: false }, () => server.url, {
    clock: server.clock,
    http: { fetch: rec.fetch, random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) },
  });
  return { ...freelancer, rec, sleeps };
}

async function connect(fl: Awaited<ReturnType<typeof setup>>, username: string, scopes = '1 2 3 4 5 6'): Promise<MarketplaceSession> {
  const url = fl.oauth
    .authorizeUrl('s', TEST_REDIRECT_URI)
    .replace(/advanced_scopes=[^&]+/, `advanced_scopes=${encodeURIComponent(scopes)}`);
  const { location } = await consent(url, { decision: 'allow', username });
  return { accessToken: (await fl.oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI)).accessToken };
}

/** Letters that address the job (its skills and title) and letters that do not. */
const letter = (job: Job, strong: boolean) =>
  strong
    ? `I have shipped ${job.skills.join(', ')} work for years. About "${job.title}": I would start with a short plan.`
    : 'Hello, I can do this. Thanks.';

async function placeBids(fl: Awaited<ReturnType<typeof setup>>, session: MarketplaceSession, count: number): Promise<ProposalRef[]> {
  const { jobs } = await fl.adapter.search(
    session,
    { platform: 'freelancer', title: 'developer', pageLimit: 1, freelancerIsFixed: true, freelancerIsHourly: false },
    0,
    count,
  );
  const refs: ProposalRef[] = [];
  for (const [i, job] of jobs.entries()) {
    const placed = await fl.adapter.placeProposal(session, {
      job,
      amount: job.minBudget!,
      periodDays: 7,
      coverLetter: letter(job, i % 2 === 0),
    });
    refs.push({ jobExternalId: job.externalId, proposalExternalId: placed.externalId });
  }
  return refs;
}

/** What the sandbox's client did with each bid by now, in the adapter's terms. */
async function expected(
  refs: ProposalRef[],
): Promise<Array<Pick<ProposalFate, 'proposalExternalId' | 'state'> & { message: string | null }>> {
  const { sandboxMarketBids } = sandboxTablesOf(server.db);
  const now = server.clock.now().getTime();
  const bids = await server.db.select().from(sandboxMarketBids);
  return refs.map((ref) => {
    const row = bids.find((bid) => String(bid.id) === ref.proposalExternalId)!;
    const project = findProject('freelancer', row.projectId, now)!;
    const reaction = clientReaction(
      project,
      { platform: 'freelancer', id: row.id, letter: row.description, amount: row.amount, placedAt: row.createdAt.getTime() },
      CLIENTS,
    );
    const at = reactionAt(reaction, now);
    const open = now - project.postedAt < 14 * DAY;
    const state = at.awarded ? 'won' : !open ? 'closed' : at.shortlisted ? 'shortlisted' : 'open';
    return { proposalExternalId: ref.proposalExternalId, state, message: at.messages[0]?.text ?? null };
  });
}

const seen = (fates: ProposalFate[]) =>
  fates.map((fate) => ({ proposalExternalId: fate.proposalExternalId, state: fate.state, message: fate.clientMessage?.text ?? null }));

describe('Freelancer adapter: what became of the bids', () => {
  it('reads award status, shortlist, project status and the client’s first message in four requests, as the sandbox’s clients acted', async () => {
    const fl = await setup();
    const session = await connect(fl, 'outcome_reader');
    const refs = await placeBids(fl, session, 10);
    const me = await fl.adapter.self(session);

    fl.rec.calls.length = 0;
    const fresh = await fl.adapter.proposalFates!(session, refs);
    expect(seen(fresh)).toEqual(refs.map((ref) => ({ proposalExternalId: ref.proposalExternalId, state: 'open', message: null })));
    // No thread yet: bids, projects and threads only.
    expect(fl.rec.calls.map((call) => call.url.pathname.replace('/sandbox/freelancer/api', ''))).toEqual([
      '/projects/0.1/bids/',
      '/projects/0.1/projects/',
      '/messages/0.1/threads/',
    ]);
    const [bids, projects, threads] = fl.rec.calls;
    expect(bids!.url.searchParams.getAll('bids[]')).toEqual(refs.map((ref) => ref.proposalExternalId));
    expect(projects!.url.searchParams.getAll('projects[]')).toEqual(refs.map((ref) => ref.jobExternalId));
    expect(threads!.url.searchParams.get('context_type')).toBe('project');
    expect(threads!.url.searchParams.getAll('contexts[]')).toEqual(refs.map((ref) => ref.jobExternalId));
    for (const call of fl.rec.calls) expect(call.headers.get('freelancer-oauth-v1')).toBe(session.accessToken);

    // Four days on, some clients answered, shortlisted or awarded.
    server.clock.advance!(4 * DAY);
    fl.rec.calls.length = 0;
    const later = await fl.adapter.proposalFates!(session, refs);
    expect(seen(later)).toEqual(await expected(refs));
    // This seed's clients answered, shortlisted and awarded some (the letters that address the job).
    expect(new Set(later.map((fate) => fate.state))).toEqual(new Set(['open', 'shortlisted', 'won']));
    expect(later.every((fate) => fate.messagesReadable)).toBe(true);
    const messages = fl.rec.calls.find((call) => call.url.pathname.endsWith('/messages/0.1/messages/'))!;
    expect(messages.url.searchParams.getAll('threads[]').length).toBe(later.filter((fate) => fate.clientMessage).length);
    // The bidder's own id is never taken for the client.
    expect(later.every((fate) => fate.clientMessage === null || fate.clientMessage.at !== null)).toBe(true);
    expect(me.externalUserId).toMatch(/^\d+$/);

    // Three weeks on the projects have closed: what was not awarded is closed, awards stay.
    server.clock.advance!(17 * DAY);
    const closed = await fl.adapter.proposalFates!(session, refs);
    expect(seen(closed)).toEqual(await expected(refs));
    expect(closed.every((fate) => fate.state === 'won' || fate.state === 'closed')).toBe(true);
  });

  it('reads the bids without the messaging scope, and says it could not read messages', async () => {
    const fl = await setup();
    const session = await connect(fl, 'no_messages', '2');
    const refs = await placeBids(fl, session, 6);
    server.clock.advance!(4 * DAY);
    const fates = await fl.adapter.proposalFates!(session, refs);
    expect(fates.every((fate) => !fate.messagesReadable && fate.clientMessage === null)).toBe(true);
    expect(fates.map((fate) => fate.state)).toEqual((await expected(refs)).map((one) => one.state));
  });

  it('fails at once with the wait on 429 (no retry inside a poll)', async () => {
    const fl = await setup(4);
    const session = await connect(fl, 'limited');
    const refs = await placeBids(fl, session, 1); // self, search and the bid: three of four requests
    const error = await fl.adapter.proposalFates!(session, refs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429 } });
    expect((error as MarketplaceError).details.retryAfterMs).toBeGreaterThan(0);
    expect(fl.sleeps).toEqual([]);
    expect(fl.rec.calls.filter((call) => call.status === 429)).toHaveLength(1);
  });
});

describe('freelancerBidState', () => {
  const bid = (over: Record<string, unknown> = {}) => ({
    id: 1,
    project_id: 2,
    retracted: false,
    award_status: null,
    shortlisted: false,
    time_awarded: null,
    ...over,
  });
  it.each([
    ['no bid', undefined, 'active', 'closed'],
    ['retracted', bid({ retracted: true }), 'active', 'withdrawn'],
    ['accepted award', bid({ award_status: 'awarded' }), 'closed', 'hired'],
    ['award waiting for the freelancer', bid({ award_status: 'pending' }), 'frozen', 'won'],
    ['revoked award', bid({ award_status: 'revoked' }), 'active', 'lost'],
    ['rejected award', bid({ award_status: 'rejected' }), 'active', 'lost'],
    ['cancelled award', bid({ award_status: 'canceled' }), 'active', 'lost'],
    ['project closed without it', bid({ shortlisted: true }), 'closed', 'closed'],
    ['shortlisted', bid({ shortlisted: true }), 'active', 'shortlisted'],
    ['nothing yet (frozen is not final)', bid(), 'frozen', 'open'],
  ] as const)('%s', (_label, given, project, state) => {
    expect(freelancerBidState(given as never, project).state).toBe(state);
  });
});

describe('freelancerProposalFates: the conversation', () => {
  it('keeps every message of the project’s thread, both ways, oldest first, saying who wrote each', async () => {
    const me = { externalUserId: '501', username: 'me', displayName: null, profileUrl: null };
    // The service's answers in its wire format (the `result` envelope already taken off by the adapter).
    const answers: Record<string, unknown> = {
      '/projects/0.1/bids/': { bids: [{ id: 9001, project_id: 77, award_status: null, shortlisted: true, retracted: false }] },
      '/projects/0.1/projects/': { projects: [{ id: 77, status: 'active' }] },
      '/messages/0.1/threads/': { threads: [{ thread: { id: 3, context: { type: 'project', id: 77 } } }] },
      '/messages/0.1/messages/': {
        messages: [
          { id: 14, thread_id: 3, from_user_id: 888, message: 'Can you start Monday?', time_created: 1_764_000_300 },
          {
            id: 12,
            thread_id: 3,
            from_user_id: 888,
            message: 'Hi! Tell me more about the dashboard you built.',
            time_created: 1_764_000_000,
          },
          { id: 13, thread_id: 3, from_user_id: 501, message: 'Sure: React, charts, and a REST API.', time_created: 1_764_000_100 },
          { id: 15, thread_id: 3, from_user_id: 888, message: '   ', time_created: 1_764_000_400 },
        ],
      },
    };
    const calls = {
      call: async (_method: 'GET' | 'POST', path: string) => answers[path],
      self: async () => me,
    };
    const [fate] = await freelancerProposalFates(calls, { accessToken: 't' }, [{ jobExternalId: '77', proposalExternalId: '9001' }]);
    expect(fate!.conversation).toEqual([
      { id: '12', from: 'client', at: new Date(1_764_000_000_000).toISOString(), text: 'Hi! Tell me more about the dashboard you built.' },
      { id: '13', from: 'freelancer', at: new Date(1_764_000_100_000).toISOString(), text: 'Sure: React, charts, and a REST API.' },
      { id: '14', from: 'client', at: new Date(1_764_000_300_000).toISOString(), text: 'Can you start Monday?' },
    ]);
    expect(fate!.clientMessage).toEqual({
      id: '12',
      text: 'Hi! Tell me more about the dashboard you built.',
      at: fate!.conversation[0]!.at,
    });
  });
});
