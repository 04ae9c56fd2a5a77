import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/schemas/job';
import { sandboxTablesOf } from '../../../store/sandbox-schema/index';
import { sha256, UPWORK_MESSAGES_SCOPE } from '../sandbox/accounts';
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
import { createMarketplaces } from '../registry';
import type { MarketplaceSession, ProposalFate, ProposalRef } from '../types';
import { upworkProposalFates, upworkStatusState } from './outcomes';

const DAY = 86_400_000;
const CLIENTS: ClientOptions = { seed: 'upwork-outcomes-c', speedup: 1 };

let server: MarketplaceServer;
afterEach(() => server?.close());

async function setup(rateLimitPerMinute = 1000) {
  server = await startMarketplaceServer({ rateLimitPerMinute, clients: CLIENTS });
  server.clock.set!(new Date('2026-03-02T09:00:00Z'));
  const rec = recordingFetch();
  const sleeps: number[] = [];
  const { upwork } = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: true }, () => server.url, {
    clock: server.clock,
    http: { fetch: rec.fetch, random: () => 0.5, sleep: async (ms) => void sleeps.push(ms) },
  });
  return { ...upwork, rec, sleeps };
}

type Session = MarketplaceSession & { refreshToken: string };

async function connect(up: Awaited<ReturnType<typeof setup>>, username: string): Promise<Session> {
  const { location } = await consent(up.oauth.authorizeUrl('s', TEST_REDIRECT_URI), {
    decision: 'allow',
    username,
    fields: { allow_proposals: '1' },
  });
  const tokens = await up.oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
  return { accessToken: tokens.accessToken, scope: tokens.scope, refreshToken: tokens.refreshToken! };
}

/** Moves time on, refreshing the 24-hour token as the product does (refresh tokens last about two weeks). */
async function wait(up: Awaited<ReturnType<typeof setup>>, session: Session, days: number) {
  for (let left = days; left > 0; left -= 7) {
    server.clock.advance!(Math.min(7, left) * DAY);
    const tokens = await up.oauth.refresh(session.refreshToken);
    Object.assign(session, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! });
  }
}

const letter = (job: Job, strong: boolean) =>
  strong
    ? `I have shipped ${job.skills.join(', ')} work for years. About "${job.title}": I would start with a short plan.`
    : 'Hello, I can do this. Thanks.';

async function propose(up: Awaited<ReturnType<typeof setup>>, session: MarketplaceSession, count: number): Promise<ProposalRef[]> {
  const { jobs } = await up.adapter.search(session, { platform: 'upwork', title: 'developer', pageLimit: 1 }, 0, count);
  const refs: ProposalRef[] = [];
  for (const [i, job] of jobs.entries()) {
    // The job's screening questions are answered, as the product answers them (the sandbox refuses a
    // proposal without); read from the sandbox's own record, so the test's request budget is unchanged.
    const questions = findProject('upwork', job.externalId, server.clock.now().getTime())?.screeningQuestions ?? [];
    const placed = await up.adapter.placeProposal(session, {
      job,
      amount: job.minBudget ?? 30,
      periodDays: 7,
      coverLetter: letter(job, i % 2 === 0),
      screeningAnswers: questions.map((question) => ({ question, answer: 'Yes, from my own work.' })),
    });
    refs.push({ jobExternalId: job.externalId, proposalExternalId: placed.externalId });
  }
  return refs;
}

/** What the sandbox's client did with each proposal by now, in the adapter's terms. */
async function expected(refs: ProposalRef[]) {
  const { sandboxMarketBids } = sandboxTablesOf(server.db);
  const now = server.clock.now().getTime();
  const bids = await server.db.select().from(sandboxMarketBids);
  return refs.map((ref) => {
    const row = bids.find((bid) => String(1_500_000_000 + bid.id) === ref.proposalExternalId)!;
    const project = findProject('upwork', row.projectId, now)!;
    const reaction = clientReaction(
      project,
      { platform: 'upwork', id: row.id, letter: row.description, amount: row.amount, placedAt: row.createdAt.getTime() },
      CLIENTS,
    );
    const at = reactionAt(reaction, now);
    const state = at.awarded ? 'won' : at.declined ? (reaction.upworkEnd === 'Declined' ? 'lost' : 'closed') : 'open';
    return { proposalExternalId: ref.proposalExternalId, state, message: at.messages[0]?.text ?? null };
  });
}

const seen = (fates: ProposalFate[]) =>
  fates.map((fate) => ({ proposalExternalId: fate.proposalExternalId, state: fate.state, message: fate.clientMessage?.text ?? null }));
const bodies = (rec: ReturnType<typeof recordingFetch>) =>
  rec.calls.map((call) => JSON.parse(call.body!) as { query: string; variables?: unknown });

describe('Upwork adapter: what became of the proposals', () => {
  it('reads each status, the client’s room and its first message with one aliased query per step, as the sandbox’s clients acted', async () => {
    const up = await setup();
    const session = await connect(up, 'upwork_outcomes');
    const refs = await propose(up, session, 8);
    await up.adapter.self(session);

    up.rec.calls.length = 0;
    const fresh = await up.adapter.proposalFates!(session, refs);
    expect(seen(fresh)).toEqual(refs.map((ref) => ({ proposalExternalId: ref.proposalExternalId, state: 'open', message: null })));
    const [statuses, rooms] = bodies(up.rec);
    expect(up.rec.calls).toHaveLength(2); // no room yet: no stories asked
    expect(statuses!.query).toContain(`p0: vendorProposal(id: "${refs[0]!.proposalExternalId}") { id status { status } }`);
    expect(statuses!.query.match(/vendorProposal\(/g)).toHaveLength(refs.length);
    expect(rooms!.query).toContain(`r0: proposalRoom(vendorProposalId: "${refs[0]!.proposalExternalId}") { id }`);
    for (const call of up.rec.calls) expect(call.headers.get('authorization')).toBe(`Bearer ${session.accessToken}`);

    await wait(up, session, 4);
    up.rec.calls.length = 0;
    const later = await up.adapter.proposalFates!(session, refs);
    expect(seen(later)).toEqual(await expected(refs));
    expect(later.some((fate) => fate.clientMessage)).toBe(true);
    const stories = bodies(up.rec).find((body) => body.query.includes('roomStories'))!;
    expect(stories.query).toMatch(
      /s0: roomStories\(filter: \{ roomId_eq: "room_[0-9a-f]+" \}\) \{ edges \{ node \{ id message createdDateTime user \{ id \} \} \} \}/,
    );
    expect(later.find((fate) => fate.clientMessage)!.clientMessage!.at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Weeks later every client has decided: offers stay, the rest is declined or archived.
    await wait(up, session, 17);
    const decided = await up.adapter.proposalFates!(session, refs);
    expect(seen(decided)).toEqual(await expected(refs));
    expect(new Set(decided.map((fate) => fate.state))).toEqual(new Set(['won', 'lost', 'closed']));
  });

  it('without the messaging permission reads the statuses and says messages could not be read', async () => {
    const { sandboxMarketTokens } = sandboxTablesOf(server.db);
    const up = await setup();
    const session = await connect(up, 'no_rooms');
    const refs = await propose(up, session, 4);
    const row = (await server.db.select().from(sandboxMarketTokens)).find((token) => token.tokenHash === sha256(session.accessToken))!;
    server.clock.advance!(12 * 3_600_000);
    await server.db.update(sandboxMarketTokens).set({ scope: row.scope.replace(UPWORK_MESSAGES_SCOPE, '').trim() });
    const fates = await up.adapter.proposalFates!(session, refs);
    expect(fates.every((fate) => !fate.messagesReadable && fate.clientMessage === null)).toBe(true);
    expect(fates.map((fate) => fate.state)).toEqual((await expected(refs)).map((one) => one.state));
  });

  it('answers a proposal the service does not show as closed, and fails at once on 429', async () => {
    const up = await setup(5);
    const session = await connect(up, 'limited_upwork');
    const refs = await propose(up, session, 1); // search, proposal: two of five requests
    const fates = await up.adapter.proposalFates!(session, [
      ...refs,
      { jobExternalId: refs[0]!.jobExternalId, proposalExternalId: '999999999999' },
    ]);
    expect(fates.map((fate) => fate.state)).toEqual(['open', 'closed']);
    const error = await up.adapter.proposalFates!(session, refs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429 } });
    expect((error as MarketplaceError).details.retryAfterMs).toBeGreaterThan(0);
    expect(up.sleeps).toEqual([]);
  });
});

describe('upworkStatusState', () => {
  it.each([
    ['Pending', 'open'],
    ['Accepted', 'open'],
    ['Activated', 'shortlisted'],
    ['Offered', 'won'],
    ['Hired', 'hired'],
    ['Declined', 'lost'],
    ['Withdrawn', 'withdrawn'],
    ['Archived', 'closed'],
    ['SomethingNew', 'open'],
  ])('%s', (status, state) => expect(upworkStatusState(status)).toBe(state));
});

describe('upworkProposalFates: the conversation', () => {
  it('keeps every story of the room, both ways, oldest first, saying who wrote each', async () => {
    const me = { externalUserId: 'freelancer~01', username: 'me', displayName: null, profileUrl: null };
    const story = (id: string, user: string, message: string | null, at: string) => ({
      node: { id, message, createdDateTime: at, user: { id: user } },
    });
    const graph = {
      graphql: async (_session: MarketplaceSession, query: string) => {
        if (query.includes('vendorProposal(')) return { data: { p0: { id: '1500000001', status: { status: 'Activated' } } }, errors: [] };
        if (query.includes('proposalRoom(')) return { data: { r0: { id: 'room_1' } }, errors: [] };
        // Newest first, as the service gives them; an attachment-only story has no text.
        return {
          data: {
            s0: {
              edges: [
                story('st3', 'client~02', 'Great, let us talk tomorrow at 10.', '2026-11-20T10:05:00.000Z'),
                story('st4', 'client~02', null, '2026-11-20T10:04:00.000Z'),
                story('st2', 'freelancer~01', 'Thanks! I am free all week.', '2026-11-20T10:00:00.000Z'),
                story('st1', 'client~02', 'Your proposal looks good. Can we have a call?', '2026-11-20T09:00:00.000Z'),
              ],
            },
          },
          errors: [],
        };
      },
      self: async () => me,
    };
    const [fate] = await upworkProposalFates(graph, { accessToken: 't' }, [{ jobExternalId: '1', proposalExternalId: '1500000001' }]);
    expect(fate!.conversation).toEqual([
      { id: 'st1', from: 'client', at: '2026-11-20T09:00:00.000Z', text: 'Your proposal looks good. Can we have a call?' },
      { id: 'st2', from: 'freelancer', at: '2026-11-20T10:00:00.000Z', text: 'Thanks! I am free all week.' },
      { id: 'st3', from: 'client', at: '2026-11-20T10:05:00.000Z', text: 'Great, let us talk tomorrow at 10.' },
    ]);
    expect(fate!.clientMessage?.id).toBe('st1');
  });
});
