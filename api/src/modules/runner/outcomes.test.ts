import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Platform } from '../marketplaces/types';
import { tablesOf, type JobItemRow } from '../../store/schema/index';
import { first } from '../../store/store';
import { clientReaction, reactionAt, type ClientOptions } from '../marketplaces/sandbox/clients';
import { findProject } from '../marketplaces/sandbox/projects';
import { JobItemService } from '../proposals/job-items';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { firstLine } from './outcome-rules';
import { DEFAULT_OUTCOME_TIMES, outcomeTimes } from './outcome-schedule';
import { claimDueChecks, pollOutcomes } from './outcomes';
import { Runner } from './runner';
import { sendDue } from './sender';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let f: RunnerFixture;
afterEach(() => f?.close());

/** The rows of these items, in the order asked. */
const rows = async (ids: string[]) => (await Promise.all(ids.map((id) => f.item(id)))).map((item) => item!);

async function setup(clients: ClientOptions) {
  f = await runnerFixture({ clients });
}

/** Proposals written, approved and sent now, on one marketplace. */
async function sent(count: number, platform: Platform = 'freelancer') {
  const { userId, agentId } = await f.userWithAgent({
    sendMode: 'review',
    emailsPerDay: count,
    minMatchScore: 0,
    platform,
    title: platform === 'upwork' ? 'design' : 'developer',
  });
  const upwork = platform === 'upwork';
  if (upwork)
    f.setTokens({ freelancer: await f.connect('freelancer', 'outcome_fl'), upwork: await f.connect('upwork', 'outcome_up', true) });
  await new Runner(f.deps({ upworkProposalsApi: upwork })).runNow(agentId);
  const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
  for (const draft of await f.items(userId)) await decisions.approve(userId, draft.id);
  await sendDue(f.deps({ upworkProposalsApi: upwork }));
  const items = await f.items(userId);
  expect(items.map((item) => item.status)).toEqual(new Array(count).fill('completed'));
  return { userId, agentId, ids: items.map((item) => item.id) };
}

const poll = (pausedUntil?: Map<Platform, number>) =>
  pollOutcomes(f.deps({ upworkProposalsApi: true }), { owner: 'test-process', random: () => 0.5, pausedUntil });

/** What the sandbox's client did with an item's proposal by now. */
async function model(item: JobItemRow, clients: ClientOptions) {
  const now = f.server.clock.now().getTime();
  const row = (await f.bids()).find(
    (bid) => (item.platform === 'upwork' ? String(1_500_000_000 + bid.id) : String(bid.id)) === item.proposalExternalId,
  )!;
  const project = findProject(item.platform, row.projectId, row.createdAt.getTime())!;
  const reaction = clientReaction(
    project,
    { platform: item.platform, id: row.id, letter: row.description, amount: row.amount, placedAt: row.createdAt.getTime() },
    clients,
  );
  return { reaction, now: reactionAt(reaction, now) };
}

/** The client's messages as the proposal's conversation keeps them (times to the marketplace's precision). */
const said = (messages: ReadonlyArray<{ at: number; text: string }>, platform: Platform) =>
  messages.map((message) => ({
    from: 'client',
    text: message.text.trim(),
    at: new Date(platform === 'freelancer' ? Math.floor(message.at / 1000) * 1000 : message.at).toISOString(),
  }));

/** Moves time to each next check and polls, until no check is left (or `until`). */
async function pollUntilQuiet(until = Number.POSITIVE_INFINITY) {
  const { jobItems } = tablesOf(f.t.db);
  for (let i = 0; i < 500; i++) {
    const next = (await f.t.db.select().from(jobItems))
      .flatMap((item) => {
        if (item.status === 'completed' && item.outcomeTracking === null && item.sentAt)
          return [item.sentAt.getTime() + DEFAULT_OUTCOME_TIMES.firstCheckMs];
        return item.outcomeTracking === 'polling' && item.outcomeCheckAt ? [item.outcomeCheckAt.getTime()] : [];
      })
      .sort((a, b) => a - b)[0];
    if (next === undefined || next > until) return;
    f.at(new Date(Math.max(next, f.server.clock.now().getTime())).toISOString());
    await poll();
  }
  throw new Error('checks never stopped');
}

describe('reading outcomes from the marketplaces', () => {
  it('Freelancer.com: reads replies, shortlists and awards as the clients act, notifies each reply once, and stops when final or after 30 days', async () => {
    const clients = { seed: 'outcomes-lifecycle-3', speedup: 1 };
    await setup(clients);
    const { activityLog } = tablesOf(f.t.db);
    const { userId, ids } = await sent(8);
    const sentAt = f.server.clock.now().getTime();

    // Nothing is read before the first wait; then the whole batch in one bids request.
    f.advance(10 * MINUTE);
    expect(await poll()).toMatchObject({ checked: 0 });
    f.state.requests.length = 0;
    f.advance(6 * MINUTE);
    expect(await poll()).toMatchObject({ checked: 8 });
    expect(f.state.requests.filter((r) => r.startsWith('freelancer GET /projects/0.1/bids/'))).toHaveLength(1);
    expect((await rows(ids)).map((item) => item.outcomeTracking)).toEqual(new Array(8).fill('polling'));

    await pollUntilQuiet();
    const items = await rows(ids);
    expect(items.every((item) => item.outcomeTracking === 'done' || item.outcomeTracking === 'expired')).toBe(true);
    for (const item of items) {
      const { reaction, now } = await model(item, clients);
      const reply = reaction.messages[0];
      // A won job (award waiting for the freelancer) can still change: read until 30 days, then it stays won.
      expect(item).toMatchObject({
        outcomeSource: 'marketplace',
        outcome: now.awarded ? 'hired' : 'lost',
        outcomeTracking: now.awarded ? 'expired' : 'done',
        repliedAt: reply ? new Date(Math.floor(reply.at / 1000) * 1000) : null,
        clientReply: reply ? firstLine(reply.text, 500) : null,
        outcomeCheckAt: null,
        outcomeLeaseOwner: null,
      });
      if (now.awarded) expect(f.server.clock.now().getTime() - sentAt).toBeGreaterThanOrEqual(30 * DAY);
      // The whole conversation as last read, oldest first (a won job is read to the end: every message).
      const conversation = (item.conversation ?? []).map(({ from, text, at }) => ({ from, text, at }));
      expect(conversation).toEqual(said(reaction.messages.slice(0, conversation.length), 'freelancer'));
      expect(conversation.length > 0).toBe(reply !== undefined);
      if (now.awarded) expect(conversation).toEqual(said(now.messages, 'freelancer'));
    }
    // Not only the first message: a client that replied, shortlisted and awarded said three things.
    expect(Math.max(...items.map((item) => item.conversation?.length ?? 0))).toBeGreaterThan(1);
    // This seed has replies, an award and losses.
    expect(items.filter((item) => item.repliedAt).length).toBeGreaterThan(1);
    expect(new Set(items.map((item) => item.outcome))).toEqual(new Set(['hired', 'lost']));

    // One notice per reply, and the activity feed says so.
    const replied = items.filter((item) => item.repliedAt).map((item) => item.id);
    expect(f.state.notices.filter((n) => n.kind === 'client_replied')).toHaveLength(replied.length);
    const lines = await f.t.db.select().from(activityLog).where(eq(activityLog.userId, userId));
    expect(
      lines
        .filter((line) => line.kind === 'client_replied')
        .map((line) => line.jobItemId)
        .sort(),
    ).toEqual(replied.sort());
    expect(lines.filter((line) => line.kind === 'proposal_won')).toHaveLength(items.filter((item) => item.outcome === 'hired').length);

    // Final: later ticks ask the marketplace nothing more.
    const asked = f.state.requests.length;
    f.advance(3 * DAY);
    expect(await poll()).toMatchObject({ checked: 0 });
    expect(f.state.requests).toHaveLength(asked);
  });

  it('Upwork: reads statuses and the client’s room stories through GraphQL, and an offer is a win', async () => {
    // Clients 24 times faster: the whole story within a day, inside the 24-hour Upwork token.
    const clients = { seed: 'outcomes-upwork-10', speedup: 24 };
    await setup(clients);
    const { ids } = await sent(6, 'upwork');
    await pollUntilQuiet(f.server.clock.now().getTime() + 20 * 3_600_000);
    const items = await rows(ids);
    for (const item of items) {
      const { reaction, now } = await model(item, clients);
      const expected = now.awarded ? 'hired' : now.declined ? 'lost' : now.shortlisted || now.messages.length ? 'replied' : null;
      expect({ id: item.id, outcome: item.outcome, reply: item.clientReply }).toEqual({
        id: item.id,
        outcome: expected,
        reply: reaction.messages[0] && now.messages.length ? firstLine(reaction.messages[0].text, 500) : null,
      });
      if (now.declined) expect(item.marketStatus).toBe(reaction.upworkEnd);
      const conversation = (item.conversation ?? []).map(({ from, text, at }) => ({ from, text, at }));
      expect(conversation).toEqual(said(reaction.messages.slice(0, conversation.length), 'upwork'));
      if (now.awarded) expect(conversation).toEqual(said(now.messages, 'upwork'));
    }
    expect(Math.max(...items.map((item) => item.conversation?.length ?? 0))).toBeGreaterThan(1);
    expect(items.some((item) => item.clientReply)).toBe(true);
    // This seed's clients made offers (a win, still open to change) and declined the rest.
    const offers = items.filter((item) => item.outcome === 'hired').map((item) => [item.marketStatus, item.outcomeTracking]);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer).toEqual(['Offered', 'polling']);
    expect(f.state.requests.some((r) => r.startsWith('upwork POST /graphql vendorProposal'))).toBe(true);
    expect(f.state.requests.some((r) => r.startsWith('upwork POST /graphql roomStories'))).toBe(true);
  });

  it('never overwrites the user’s own mark, but still records the reply and notifies it', async () => {
    const clients = { seed: 'outcomes-lifecycle-3', speedup: 1 };
    await setup(clients);
    const { userId, ids } = await sent(8);
    // The user marks every proposal lost by hand at once.
    const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
    for (const id of ids) await decisions.update(userId, id, { outcome: 'lost' });
    await pollUntilQuiet(f.server.clock.now().getTime() + 5 * DAY);
    const items = await rows(ids);
    expect(items.every((item) => item.outcome === 'lost' && item.outcomeSource === 'manual')).toBe(true);
    const replied = items.filter((item) => item.clientReply);
    expect(replied.length).toBeGreaterThan(0);
    expect(f.state.notices.filter((n) => n.kind === 'client_replied')).toHaveLength(replied.length);
    // Clearing the mark hands the outcome back to the marketplace.
    const first = replied[0]!;
    await decisions.update(userId, first.id, { outcome: null });
    f.at(new Date(Math.max((await f.item(first.id))!.outcomeCheckAt?.getTime() ?? 0, f.server.clock.now().getTime())).toISOString());
    await poll();
    expect(await f.item(first.id)).toMatchObject({
      outcomeSource: 'marketplace',
      outcome: expect.stringMatching(/^(replied|interview|hired)$/),
    });
  });

  it('on 429 stops asking that marketplace, moves the claimed checks past Retry-After without counting them, and asks again after', async () => {
    await setup({ seed: 'outcomes-429', speedup: 1 });
    const { ids } = await sent(4);
    f.advance(16 * MINUTE);
    f.state.throttleSeconds = 120;
    f.state.requests.length = 0;
    const paused = new Map<Platform, number>();
    const throttled = await poll(paused);
    expect(throttled.rateLimited).toEqual(['freelancer']);
    // One request, refused: nothing more went to the marketplace in that tick.
    expect(f.state.requests).toHaveLength(1);
    const now = f.server.clock.now().getTime();
    for (const id of ids) {
      const item = (await f.item(id))!;
      expect(item.outcomeChecks).toBe(0);
      expect(item.outcomeCheckAt!.getTime()).toBeGreaterThanOrEqual(now + 120_000);
      expect(item.outcomeLeaseOwner).toBeNull();
    }
    // Before Retry-After has passed: nothing is asked.
    f.state.throttleSeconds = null;
    f.advance(60_000);
    expect(await poll(paused)).toMatchObject({ checked: 0 });
    expect(f.state.requests).toHaveLength(1);
    // After it: the checks go through.
    f.advance(2 * MINUTE);
    expect(await poll(paused)).toMatchObject({ checked: 4, rateLimited: [] });
    expect((await rows(ids)).map((item) => item.outcomeChecks)).toEqual([1, 1, 1, 1]);
  });

  it('two processes never check the same proposal at once (a lease), and a crashed one’s lease runs out', async () => {
    await setup({ seed: 'outcomes-lease', speedup: 1 });
    await sent(3);
    f.advance(16 * MINUTE);
    const d = f.deps();
    const { jobItems } = tablesOf(d.store.db);
    const [a, b] = await Promise.all([
      pollOutcomes(d, { owner: 'a', random: () => 0.5 }),
      pollOutcomes(d, { owner: 'b', random: () => 0.5 }),
    ]);
    expect([a.checked, b.checked].sort()).toEqual([0, 3]);
    expect(f.state.requests.filter((r) => r.startsWith('freelancer GET /projects/0.1/bids/'))).toHaveLength(1);

    // A process claims the next checks and dies: nobody else reads them until its lease runs out.
    const due = (await first(f.t.db.select().from(jobItems)))!.outcomeCheckAt!;
    f.at(due.toISOString());
    expect(await claimDueChecks(d, 'crashed', f.server.clock.now(), outcomeTimes(), 5 * MINUTE, 10)).toHaveLength(3);
    expect(await pollOutcomes(d, { owner: 'b', random: () => 0.5 })).toMatchObject({ checked: 0 });
    f.advance(5 * MINUTE + 1000);
    expect(await pollOutcomes(d, { owner: 'b', random: () => 0.5 })).toMatchObject({ checked: 3 });
  });
});
