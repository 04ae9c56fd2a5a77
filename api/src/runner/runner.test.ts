import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMarketplaces } from '../adapters/marketplace';
import { MarketplaceError } from '../adapters/marketplace/errors';
import type { OAuthTokens, Platform } from '../adapters/marketplace/types';
import { agents, jobItems, sandboxMarketBids } from '../db/schema';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { AgentService } from '../services/agents';
import { JobItemService } from '../services/job-items';
import { consent, startMarketplaceServer, TEST_REDIRECT_URI, type MarketplaceServer } from '../test/marketplace-server';
import { makeTestApp, type TestApp } from '../test/harness';
import type { NoticeKind, WriterPort } from './ports';
import { claimDueAgents } from './lease';
import { Runner } from './runner';
import { sendDue } from './sender';

let server: MarketplaceServer;
let t: TestApp;
let tokens: Record<Platform, OAuthTokens>;
let notices: Array<{ userId: string; kind: NoticeKind }>;
let writes: number;
let writerFailures: number;
let quotaLeft: number;

const writer: WriterPort = {
  async write({ job }) {
    writes++;
    if (writerFailures > 0) {
      writerFailures--;
      throw Object.assign(new Error('The model is overloaded'), { transient: true });
    }
    return { text: `Hello, I read "${job.title}" and can deliver it well within your timeline.`, writer: 'offline' };
  },
};

function deps() {
  const marketplaces = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: false }, () => server.url, {
    clock: server.clock,
    http: { sleep: async () => undefined, random: () => 0 },
  });
  return {
    db: t.db,
    clock: server.clock,
    log: createLogger('silent'),
    marketplaces,
    session: async (_userId: string, platform: Platform) => ({ accessToken: tokens[platform].accessToken, scope: tokens[platform].scope }),
    writer,
    notifier: { notify: async (userId: string, kind: NoticeKind) => void notices.push({ userId, kind }) },
    quota: {
      consume: () => {
        if (quotaLeft-- <= 0) throw new AppError('rate_limited', 'Daily cover letter limit reached');
      },
    },
    retry: { attempts: 3, baseMs: 1, capMs: 1, sleep: async () => undefined, random: () => 0 },
  };
}

async function connect(platform: Platform, username: string): Promise<OAuthTokens> {
  const { oauth } = deps().marketplaces[platform];
  const { location } = await consent(oauth.authorizeUrl('s', TEST_REDIRECT_URI), { decision: 'allow', username });
  return oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
}

const at = (iso: string) => {
  server.clock.set!(new Date(iso));
  t.clock.set(new Date(iso));
};

async function userWithAgent(fields: Record<string, unknown>, options: { timeZone?: string; email?: string } = {}) {
  const { user } = await t.signup(options.email ?? 'runner.ada@gmail.com', 'Sturdy-Pass1', { timeZone: options.timeZone ?? 'UTC' });
  await t.call('PUT', `/api/users/${user.id}`, { skills: ['React', 'Node.js', 'Logo Design', 'SEO'] }, t.auth((await t.call('POST', '/api/auth/signin', { email: user.email, password: 'Sturdy-Pass1' })).json.data.token));
  const service = new AgentService({ db: t.db, clock: server.clock });
  const { agent } = service.create(user.id, { title: 'developer', platform: 'freelancer', ...fields } as never);
  service.setStatus(user.id, agent.id, 'active');
  return { userId: user.id, agentId: agent.id, service };
}

const items = (userId: string) => t.db.select().from(jobItems).where(eq(jobItems.userId, userId)).all();
const bids = () => server.db.select().from(sandboxMarketBids).all();

beforeEach(async () => {
  server = await startMarketplaceServer();
  t = makeTestApp();
  at('2026-11-18T09:00:00Z'); // a Wednesday
  notices = [];
  writes = 0;
  writerFailures = 0;
  quotaLeft = 1000;
  tokens = { freelancer: await connect('freelancer', 'runner_fl'), upwork: await connect('upwork', 'runner_up') };
});
afterEach(async () => {
  t.close();
  await server.close();
});

describe('scheduling', () => {
  it('auto-sends within the active hours, paced across them, and bids on the marketplace once per job', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'auto', emailsPerDay: 4, startTime: '09:00', endTime: '17:00' });
    const runner = new Runner(deps());

    const first = await runner.tick();
    expect(first.runs).toHaveLength(1);
    expect(first.runs[0]).toMatchObject({ agentId, queued: 1, drafts: 0 });
    expect(first.sent).toBe(1);
    expect(items(userId).map((i) => i.status)).toEqual(['completed']);
    expect(bids()).toHaveLength(1);
    const agent = t.db.select().from(agents).where(eq(agents.id, agentId)).get()!;
    expect(agent.emailsSent).toBe(1);
    expect(agent.nextRunAt?.toISOString()).toBe('2026-11-18T11:00:00.000Z'); // 8 hours / 4 proposals
    expect(notices.map((n) => n.kind)).toEqual(['proposal_sent']);

    at('2026-11-18T10:30:00Z');
    expect((await runner.tick()).runs).toHaveLength(0);
    at('2026-11-18T11:00:00Z');
    await runner.tick();
    expect(items(userId).filter((i) => i.status === 'completed')).toHaveLength(2);
    expect(new Set(bids().map((b) => b.projectId)).size).toBe(2);
  });

  it('waits outside the active hours in the user time zone, and until its day for weekly agents', async () => {
    const { userId, agentId } = await userWithAgent({ startTime: '09:00', endTime: '17:00' }, { timeZone: 'Asia/Kolkata' });
    const runner = new Runner(deps());
    at('2026-11-18T02:00:00Z'); // 07:30 in Kolkata
    const early = await runner.tick();
    expect(early.runs[0]).toMatchObject({ skipped: 'outside_hours', nextRunAt: '2026-11-18T03:30:00.000Z' });
    at('2026-11-18T03:30:00Z');
    expect((await runner.tick()).runs[0]?.skipped).toBeUndefined();
    expect(items(userId).length).toBeGreaterThan(0);

    const weekly = new AgentService({ db: t.db, clock: server.clock });
    weekly.update(userId, agentId, { activeEvery: 'weekly' });
    t.db.update(agents).set({ nextRunAt: null }).where(eq(agents.id, agentId)).run();
    const wednesday = await runner.tick();
    expect(wednesday.runs[0]).toMatchObject({ skipped: 'outside_hours', nextRunAt: '2026-11-23T03:30:00.000Z' });
  });

  it('reclaims the lease of a run that crashed, and never runs a leased agent twice', async () => {
    const { agentId } = await userWithAgent({});
    const now = server.clock.now();
    expect(claimDueAgents(t.db, 'crashed-process', now, 60_000, 10)).toEqual([agentId]);
    const other = new Runner(deps(), { owner: 'second-process' });
    expect((await other.tick()).runs).toHaveLength(0);
    at('2026-11-18T09:01:01Z');
    expect((await other.tick()).runs.map((r) => r.agentId)).toEqual([agentId]);
  });
});

describe('the daily cap', () => {
  it('holds across two agents and two platforms (free tier: 1 Upwork proposal, 2 Freelancer bids, 2 in all)', async () => {
    const { userId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 2 });
    const service = new AgentService({ db: t.db, clock: server.clock });
    const upwork = service.create(userId, { title: 'design', platform: 'upwork', sendMode: 'review', emailsPerDay: 1 } as never).agent;
    at('2026-11-26T09:00:00Z'); // the 7-day trial is over: the free tier
    tokens = { freelancer: await connect('freelancer', 'runner_fl'), upwork: await connect('upwork', 'runner_up') };
    const runner = new Runner(deps());
    await runner.runNow(upwork.id);
    for (const agent of service.list(userId).filter((a) => a.platform === 'freelancer')) await runner.runNow(agent.id);
    await runner.tick();
    const mine = items(userId);
    expect(mine).toHaveLength(2);
    expect(mine.filter((i) => i.platform === 'upwork')).toHaveLength(1);
    expect(mine.filter((i) => i.platform === 'freelancer')).toHaveLength(1);
  });
});

describe('review first', () => {
  it('holds drafts, notifies, and sends an approved draft once', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3 });
    const runner = new Runner(deps());
    const summary = await runner.runNow(agentId);
    expect(summary).toMatchObject({ drafts: 3, queued: 0 });
    expect(items(userId).every((i) => i.status === 'draft' && i.proposalRequirements)).toBe(true);
    expect(notices.filter((n) => n.kind === 'draft_waiting')).toHaveLength(3);
    expect(bids()).toHaveLength(0);

    const draft = items(userId)[0]!;
    const decisions = new JobItemService({ db: t.db, clock: server.clock });
    decisions.approve(userId, draft.id, 'My edited letter, written for this client.');
    decisions.approve(userId, draft.id); // a replayed approval
    await sendDue(deps());
    await sendDue(deps());
    const sent = t.db.select().from(jobItems).where(eq(jobItems.id, draft.id)).get()!;
    expect(sent).toMatchObject({ status: 'completed', proposalRequirements: 'My edited letter, written for this client.' });
    expect(bids()).toHaveLength(1);
    expect(bids()[0]!.description).toBe('My edited letter, written for this client.');
  });

  it('holds an approved Upwork draft for sending by hand when the key may not submit proposals', async () => {
    const { userId, service } = await userWithAgent({});
    const upwork = service.create(userId, { title: 'design', platform: 'upwork', sendMode: 'auto', emailsPerDay: 1 } as never).agent;
    const runner = new Runner(deps());
    await runner.runNow(upwork.id);
    const [item] = items(userId).filter((i) => i.platform === 'upwork');
    expect(item).toMatchObject({ status: 'draft', lastError: expect.stringContaining('Send this proposal from Upwork') });
  });
});

describe('failures', () => {
  it('retries a transient writer failure, then fails the item with the reason', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    writerFailures = 5;
    await new Runner(deps()).runNow(agentId);
    const [item] = items(userId);
    expect(writes).toBe(3);
    expect(item).toMatchObject({ status: 'failed', lastError: 'The model is overloaded' });
    expect(notices.map((n) => n.kind)).toEqual(['proposal_failed']);
  });

  it('fails the item when the daily cover-letter quota is used up', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 2 });
    quotaLeft = 1;
    await new Runner(deps()).runNow(agentId);
    expect(items(userId).map((i) => [i.status, i.lastError])).toEqual(
      expect.arrayContaining([
        ['draft', null],
        ['failed', 'Daily cover letter limit reached'],
      ]),
    );
  });

  it('after a crash between the bid and its record, counts the proposal as sent instead of bidding twice', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    await new Runner(deps()).runNow(agentId);
    const [draft] = items(userId);
    new JobItemService({ db: t.db, clock: server.clock }).approve(userId, draft!.id);
    const d = deps();
    // The bid goes out, then the process dies before recording it: the item is still queued.
    const original = d.marketplaces.freelancer.adapter.placeProposal.bind(d.marketplaces.freelancer.adapter);
    d.marketplaces.freelancer.adapter.placeProposal = async (...args) => {
      await original(...args);
      throw new MarketplaceError('freelancer', 'unavailable', 'connection reset');
    };
    await sendDue(d);
    expect(t.db.select().from(jobItems).where(eq(jobItems.id, draft!.id)).get()?.status).toBe('processing');
    at('2026-11-18T09:30:00Z');
    await sendDue(deps());
    expect(t.db.select().from(jobItems).where(and(eq(jobItems.id, draft!.id))).get()).toMatchObject({ status: 'completed' });
    expect(bids()).toHaveLength(1);
  });
});
