import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMarketplaces } from '../marketplaces/registry';
import type { OAuthTokens, Platform } from '../marketplaces/types';
import { tablesOf } from '../../store/schema/index';
import { decodeMatchReason } from '@shared/scoring';
import { createLogger } from '../../kernel/logger';
import { AgentService } from '../agents/agents';
import { consent, startMarketplaceServer, TEST_REDIRECT_URI, type MarketplaceServer } from '../../testing/marketplace-server';
import { makeTestApp, type TestApp } from '../../testing/harness';
import type { WriterPort } from './ports';
import { Runner } from './runner';

let server: MarketplaceServer;
let t: TestApp;
let token: OAuthTokens;

const writer: WriterPort = { write: async ({ job }) => ({ text: `About "${job.title}": I can help.`, writer: 'offline' }) };

function deps() {
  const marketplaces = createMarketplaces({ freelancer: undefined, upwork: undefined, upworkProposalsApi: false }, () => server.url, {
    clock: server.clock,
    http: { sleep: async () => undefined, random: () => 0 },
  });
  return {
    store: t.store,
    clock: server.clock,
    log: createLogger('silent'),
    marketplaces,
    session: async (_userId: string, _platform: Platform) => ({ accessToken: token.accessToken, scope: token.scope }),
    writer,
    notifier: { notify: async () => undefined },
    quota: { take: async (_tx: unknown, _userId: string, _now: Date, letters: number) => letters, refund: async () => undefined },
    retry: { attempts: 1, baseMs: 1, capMs: 1, sleep: async () => undefined, random: () => 0 },
  };
}

beforeEach(async () => {
  server = await startMarketplaceServer();
  t = makeTestApp();
  server.clock.set!(new Date('2026-11-18T09:00:00Z'));
  t.clock.set(new Date('2026-11-18T09:00:00Z'));
  const { oauth } = deps().marketplaces.freelancer;
  const { location } = await consent(oauth.authorizeUrl('s', TEST_REDIRECT_URI), { decision: 'allow', username: 'floor_fl' });
  token = await oauth.exchangeCode(location.searchParams.get('code')!, TEST_REDIRECT_URI);
});
afterEach(async () => {
  t.close();
  await server.close();
});

async function agentFor(fields: Record<string, unknown>) {
  const { user } = await t.signup('floor.ada@gmail.com', 'Sturdy-Pass1', { timeZone: 'UTC' });
  const service = new AgentService({ store: t.store, clock: server.clock });
  const { agent } = await service.create(user.id, {
    title: 'React developer',
    platform: 'freelancer',
    skills: ['React', 'TypeScript'],
    sendMode: 'review',
    emailsPerDay: 5,
    ...fields,
  } as never);
  await service.setStatus(user.id, agent.id, 'active');
  return { userId: user.id, agentId: agent.id };
}

describe('the minimum match score', () => {
  it('drafts nothing below it and says how many jobs were passed over as poor matches', async () => {
    const { activityLog, jobItems } = tablesOf(t.db);
    const { userId, agentId } = await agentFor({ minMatchScore: 100 });
    const summary = await new Runner(deps()).runNow(agentId);
    expect(summary).toMatchObject({ drafts: 0, queued: 0 });
    expect(summary!.found).toBeGreaterThan(0);
    expect(summary!.poorMatch).toBe(summary!.found);
    expect(await t.db.select().from(jobItems).where(eq(jobItems.userId, userId))).toHaveLength(0);
    const run = (await t.db.select().from(activityLog).where(eq(activityLog.userId, userId))).find((a) => a.kind === 'agent_run');
    expect(run?.data).toMatchObject({ poorMatch: summary!.found, drafts: 0 });
  });

  it('drafts the good matches above it, each inside the rates', async () => {
    const { jobItems } = tablesOf(t.db);
    const { userId, agentId } = await agentFor({ minMatchScore: 40, freelancerHourlyRateMin: 25 });
    const summary = await new Runner(deps()).runNow(agentId);
    expect(summary!.drafts).toBeGreaterThan(0);
    const drafted = await t.db.select().from(jobItems).where(eq(jobItems.userId, userId));
    expect(drafted.every((item) => (item.matchScore ?? 0) >= 40)).toBe(true);
    const factors = drafted.map((item) => decodeMatchReason(item.matchReason).factors ?? []);
    expect(factors.every((f) => f[0]?.code === 'skills' && !f.some((x) => x.code === 'filtered'))).toBe(true);
  });
});
