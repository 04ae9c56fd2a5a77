import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketplaceError } from '../marketplaces/errors';
import { WriterError } from '../writer';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { localWakeups } from '../../store/wakeups';
import { AgentService } from '../agents/agents';
import { JobItemService } from '../proposals/job-items';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { onAgentsSecond } from './spread';
import { claimDueAgents } from './lease';
import { recoverExpiredClaims } from './recovery';
import { Runner } from './runner';
import { sendDue } from './sender';

let f: RunnerFixture;
const deps = () => f.deps();
const at = (iso: string) => f.at(iso);
const items = (userId: string) => f.items(userId);
const bids = () => f.bids();
const userWithAgent = (fields: Record<string, unknown>, options?: { timeZone?: string; email?: string }) =>
  f.userWithAgent(fields, options);

beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

describe('scheduling', () => {
  it('auto-sends within the active hours, paced across them, and bids on the marketplace once per job', async () => {
    const { agents } = tablesOf(f.t.db);
    const { userId, agentId } = await userWithAgent({ sendMode: 'auto', emailsPerDay: 4, startTime: '09:00', endTime: '17:00' });
    const runner = new Runner(deps());

    // The morning's share of the day (two of four) is written at once; the sends go out 8 hours / 4 apart.
    const firstTick = await runner.tick();
    expect(firstTick.runs).toHaveLength(1);
    expect(firstTick.runs[0]).toMatchObject({ agentId, queued: 2 });
    // The other good jobs of the morning are drafted too, and wait outside the day's cap for its next share.
    const drafts = (await items(userId)).filter((i) => i.status === 'draft');
    expect(drafts.every((i) => i.waitingShare)).toBe(true);
    expect(firstTick.runs[0]!.drafts).toBe(drafts.length);
    expect(firstTick.sent).toBe(1);
    const completed = async () => (await items(userId)).filter((i) => i.status === 'completed');
    expect(await completed()).toHaveLength(1);
    expect(await bids()).toHaveLength(1);
    const agent = (await first(f.t.db.select().from(agents).where(eq(agents.id, agentId))))!;
    expect(agent.emailsSent).toBe(1);
    // It searches again in minutes (a fresh job is seen at once), whatever the pace of its sends.
    expect(agent.nextRunAt?.toISOString()).toBe('2026-11-18T09:04:00.000Z');
    // The notice opens the proposal it tells about.
    const [sent] = await completed();
    expect(f.state.notices.filter((n) => n.kind === 'proposal_sent').map((n) => n.url)).toEqual([
      `/dashboard/automations/${agentId}?item=${sent!.id}`,
    ]);
    // Each waiting draft was told, and its notice opens it.
    expect(
      f.state.notices
        .filter((n) => n.kind === 'draft_waiting')
        .map((n) => n.url)
        .sort(),
    ).toEqual(drafts.map((d) => `/dashboard/automations/${agentId}?item=${d.id}`).sort());

    at('2026-11-18T10:30:00Z');
    expect((await runner.tick()).sent).toBe(0);
    expect(await completed()).toHaveLength(1);
    at('2026-11-18T11:00:00Z');
    await runner.tick();
    expect((await items(userId)).filter((i) => i.status === 'completed')).toHaveLength(2);
    expect(new Set((await bids()).map((b) => b.projectId)).size).toBe(2);
  });

  it('waits outside the active hours in the user time zone, and until its day for weekly agents', async () => {
    const { agents } = tablesOf(f.t.db);
    const { userId, agentId } = await userWithAgent({ startTime: '09:00', endTime: '17:00' }, { timeZone: 'Asia/Kolkata' });
    const runner = new Runner(deps());
    at('2026-11-18T02:00:00Z'); // 07:30 in Kolkata
    const early = await runner.tick();
    expect(early.runs[0]).toMatchObject({
      skipped: 'outside_hours',
      nextRunAt: onAgentsSecond(agentId, new Date('2026-11-18T03:30:00.000Z')).toISOString(),
    });
    at(onAgentsSecond(agentId, new Date('2026-11-18T03:30:00Z')).toISOString());
    expect((await runner.tick()).runs[0]?.skipped).toBeUndefined();
    expect((await items(userId)).length).toBeGreaterThan(0);

    const weekly = new AgentService({ store: f.t.store, clock: f.server.clock });
    await weekly.update(userId, agentId, { activeEvery: 'weekly' });
    await f.t.db.update(agents).set({ nextRunAt: null }).where(eq(agents.id, agentId));
    const wednesday = await runner.tick();
    expect(wednesday.runs[0]).toMatchObject({
      skipped: 'outside_hours',
      nextRunAt: onAgentsSecond(agentId, new Date('2026-11-23T03:30:00.000Z')).toISOString(),
    });
  });

  it('wakes within the minute when an agent falls due on its own second, without waiting for the next tick', async () => {
    const { agents } = tablesOf(f.t.db);
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 2, startTime: '09:00', endTime: '17:00' });
    // The app's clock runs from the fixture's 09:00 as real time does; the schedule fires once a year.
    const base = f.server.clock.now().getTime();
    const realStart = Date.now();
    const clock = { now: () => new Date(base + (Date.now() - realStart)) };
    await f.t.db
      .update(agents)
      .set({ nextRunAt: new Date(base + 3000) })
      .where(eq(agents.id, agentId));
    const runner = new Runner({ ...deps(), clock });
    // No tick comes before the agent's second: it runs on it all the same.
    runner.start('0 0 1 1 *');
    await expect
      .poll(async () => (await first(f.t.db.select({ lastRun: agents.lastRun }).from(agents).where(eq(agents.id, agentId))))?.lastRun, {
        timeout: 15_000,
      })
      .not.toBeNull();
    await runner.stop();
    // It ran as any run does: a draft written.
    expect(await items(userId)).not.toHaveLength(0);
  });

  it('reclaims the lease of a run that crashed, and never runs a leased agent twice', async () => {
    const { agentId } = await userWithAgent({});
    const now = f.server.clock.now();
    expect(await claimDueAgents(f.t.store, 'crashed-process', now, 60_000, 10)).toEqual([agentId]);
    const other = new Runner(deps(), { owner: 'second-process' });
    expect((await other.tick()).runs).toHaveLength(0);
    at('2026-11-18T09:01:01Z');
    expect((await other.tick()).runs.map((r) => r.agentId)).toEqual([agentId]);
  });
});

describe("a run's reservations", () => {
  it('takes every job it will write in one transaction: they show as being written before the first letter is done', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3, minMatchScore: 0 });
    const d = deps();
    let transactions = 0;
    const store = new Proxy(d.store, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'tx') transactions++;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const writing: number[] = [];
    const writer: typeof d.writer = {
      async write(input) {
        writing.push((await items(userId)).filter((i) => i.stage === 'writing').length);
        return d.writer.write(input);
      },
    };
    expect(await new Runner({ ...d, store, writer }).runNow(agentId)).toMatchObject({ drafts: 3, failed: 0 });
    // The three items were reserved before the first letter; one fewer is being written at each next one.
    expect(writing).toEqual([3, 2, 1]);
    // The lease, Run now's mark on the agent (its page shows the run under way), one for the
    // reservations, the progress once they are made, one per letter (its progress written with it),
    // the run's record (a transaction per reservation before: 10).
    expect(transactions).toBe(8);
  });

  it('renews the claims of the letters still to write when the letters are slow, so a recovery pass meanwhile gives nothing back', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3, minMatchScore: 0 });
    const d = deps();
    const writeMs = 60_000;
    const writer: typeof d.writer = {
      async write(input) {
        // Each letter takes most of a claim's time, and another process's recovery pass runs meanwhile.
        f.advance(0.9 * writeMs);
        expect(await recoverExpiredClaims({ store: f.t.store, clock: f.server.clock, quota: d.quota })).toEqual({
          released: 0,
          requeued: 0,
        });
        return d.writer.write(input);
      },
    };
    expect(await new Runner({ ...d, writer, claims: { writeMs } }).runNow(agentId)).toMatchObject({ drafts: 3, failed: 0 });
    expect((await items(userId)).map((i) => i.status)).toEqual(['draft', 'draft', 'draft']);
  });
});

describe('Run now and the wake-up of an agent just switched on', () => {
  // A default agent (5 a day over 09:00-17:00: one send every 96 minutes) switched on at 09:00, with
  // a runner whose schedule would tick next year: only the wake-up and Run now run it.
  async function switchedOn() {
    const { userId, agentId } = await userWithAgent({ sendMode: 'auto', emailsPerDay: 5, startTime: '09:00', endTime: '17:00' });
    const wakeups = localWakeups();
    const service = new AgentService({ store: f.t.store, clock: f.server.clock, wake: () => wakeups.signal('agents') });
    await service.setStatus(userId, agentId, 'paused');
    const runner = new Runner(deps(), { owner: 'one-process' });
    runner.start('0 0 1 1 *', wakeups);
    await service.setStatus(userId, agentId, 'active');
    return { userId, agentId, runner };
  }
  const runsOf = async (userId: string) => {
    const { activityLog } = tablesOf(f.t.db);
    return (await f.t.db.select().from(activityLog).where(eq(activityLog.userId, userId))).filter((a) => a.kind === 'agent_run');
  };
  /** One bid now, and the rest queued a pacing gap (96 minutes) apart, within the day's five. */
  async function expectOnePacedDay(userId: string) {
    // (The good jobs beyond the open share are drafts waiting for the next one, with no send time.)
    const queued = (await items(userId))
      .filter((i) => !i.waitingShare)
      .map((i) => i.sendAfter!.getTime())
      .sort((a, b) => a - b);
    expect(queued.length).toBeGreaterThan(1);
    expect(queued.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < queued.length; i++) expect(queued[i]! - queued[i - 1]!).toBeGreaterThanOrEqual(96 * 60_000);
    expect(f.state.posts).toHaveLength(1);
  }

  it('pressed while the wake-up runs the agent: waits for that run, then runs within the day, without a second bid now', async () => {
    const { userId, agentId, runner } = await switchedOn();
    let open!: () => void;
    f.state.writerGate = new Promise<void>((resolve) => (open = resolve));
    await vi.waitFor(() => expect(f.state.writes).toBeGreaterThan(0), { timeout: 10_000 });
    // The wake-up's run holds the agent (writing its letter): Run now is neither turned away nor run beside it.
    const pressed = runner.runNow(agentId);
    f.state.writerGate = null;
    open();
    expect(await pressed).toMatchObject({ agentId, failed: 0 });
    expect(await runner.stop()).toBe('drained');
    expect(await runsOf(userId)).toHaveLength(2);
    await expectOnePacedDay(userId);
  });

  it('pressed just after the wake-up ran it: its letters queue after those of the wake-up run, one bid now in all', async () => {
    const { userId, agentId, runner } = await switchedOn();
    await vi.waitFor(async () => expect(await runsOf(userId)).toHaveLength(1), { timeout: 10_000 });
    expect(await runner.runNow(agentId)).toMatchObject({ agentId, failed: 0 });
    expect(await runner.stop()).toBe('drained');
    await expectOnePacedDay(userId);
  });

  it('pressed twice at once: one run, and both presses answer it', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3 });
    const runner = new Runner(deps());
    const [a, b] = await Promise.all([runner.runNow(agentId), runner.runNow(agentId)]);
    expect(a).toMatchObject({ drafts: 3 });
    expect(b).toEqual(a);
    expect(await runsOf(userId)).toHaveLength(1);
  });
});

describe('the daily cap', () => {
  it('holds across two agents and two platforms (free tier: 1 Upwork proposal, 2 Freelancer bids, 2 in all)', async () => {
    const { userId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 2 });
    const service = new AgentService({ store: f.t.store, clock: f.server.clock });
    const upwork = (await service.create(userId, { title: 'design', platform: 'upwork', sendMode: 'review', emailsPerDay: 1 } as never))
      .agent;
    at('2026-11-26T09:00:00Z'); // the 7-day trial is over: the free tier
    f.setTokens({ freelancer: await f.connect('freelancer', 'runner_fl'), upwork: await f.connect('upwork', 'runner_up') });
    const runner = new Runner(deps());
    await runner.runNow(upwork.id);
    for (const agent of (await service.list(userId)).filter((a) => a.platform === 'freelancer')) await runner.runNow(agent.id);
    await runner.tick();
    const mine = await items(userId);
    expect(mine).toHaveLength(2);
    expect(mine.filter((i) => i.platform === 'upwork')).toHaveLength(1);
    expect(mine.filter((i) => i.platform === 'freelancer')).toHaveLength(1);
  });
});

describe('review first', () => {
  it('holds drafts, notifies, and sends an approved draft once', async () => {
    const { activityLog, jobItems } = tablesOf(f.t.db);
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3 });
    const runner = new Runner(deps());
    const summary = await runner.runNow(agentId);
    expect(summary).toMatchObject({ drafts: 3, queued: 0 });
    expect((await items(userId)).every((i) => i.status === 'draft' && i.proposalRequirements)).toBe(true);
    expect(f.state.notices.filter((n) => n.kind === 'draft_waiting')).toHaveLength(3);
    expect(await bids()).toHaveLength(0);
    // Each letter is a new version of its item, the letter's own field version stamped with it (an
    // edit made on an older version conflicts), no claim left, and its change and activity recorded.
    for (const item of await items(userId)) {
      expect(item).toMatchObject({
        version: 2,
        fieldVersions: { proposalRequirements: 2 },
        claimToken: null,
        claimUntil: null,
        stage: null,
        manualSend: false,
      });
    }
    const drafted = await f.t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, userId), eq(activityLog.kind, 'draft_waiting')));
    expect(drafted).toHaveLength(3);

    const draft = (await items(userId))[0]!;
    const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
    await decisions.approve(userId, draft.id, 'My edited letter, written for this client.');
    await decisions.approve(userId, draft.id); // a replayed approval
    await sendDue(deps());
    await sendDue(deps());
    const sent = (await first(f.t.db.select().from(jobItems).where(eq(jobItems.id, draft.id))))!;
    expect(sent).toMatchObject({ status: 'completed', proposalRequirements: 'My edited letter, written for this client.' });
    expect(await bids()).toHaveLength(1);
    expect((await bids())[0]!.description).toBe('My edited letter, written for this client.');
  });

  it('holds an approved Upwork draft for sending by hand when the key may not submit proposals', async () => {
    const { userId, service } = await userWithAgent({});
    const upwork = (await service.create(userId, { title: 'design', platform: 'upwork', sendMode: 'auto', emailsPerDay: 1 } as never))
      .agent;
    const runner = new Runner(deps());
    await runner.runNow(upwork.id);
    const [item] = (await items(userId)).filter((i) => i.platform === 'upwork');
    // Known from the start: the draft is for sending by hand, even from an auto-send agent.
    expect(item).toMatchObject({ status: 'draft', manualSend: true, lastError: null });
    const decisions = new JobItemService({ store: f.t.store, clock: f.server.clock });
    await expect(decisions.approve(userId, item!.id)).rejects.toThrow(/Send this proposal from Upwork/);
    expect(await decisions.markSent(userId, item!.id)).toMatchObject({ status: 'completed' });
    expect(f.state.posts).toHaveLength(0);
  });

  it('sends an Upwork draft through the API when the key and the token allow proposals', async () => {
    const { userId, service } = await userWithAgent({});
    f.setTokens({ freelancer: await f.connect('freelancer', 'runner_fl'), upwork: await f.connect('upwork', 'runner_up', true) });
    const upwork = (await service.create(userId, { title: 'design', platform: 'upwork', sendMode: 'auto', emailsPerDay: 1 } as never))
      .agent;
    await service.setStatus(userId, upwork.id, 'active');
    await new Runner(f.deps({ upworkProposalsApi: true })).runNow(upwork.id);
    expect((await items(userId)).filter((i) => i.platform === 'upwork')).toMatchObject([{ status: 'completed', manualSend: false }]);
    expect(f.state.posts.filter((p) => p.startsWith('upwork:'))).toHaveLength(1);
  });
});

describe('failures', () => {
  it('retries a transient writer failure, then gives the job back to the pool (not its fault) and fails nothing', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    f.state.writerFailures = 5;
    const quota = f.state.quotaLeft;
    expect(await new Runner(deps()).runNow(agentId)).toMatchObject({ drafts: 0, failed: 0, returned: 1 });
    expect(f.state.writes).toBe(3);
    expect(await items(userId)).toEqual([]);
    expect(f.state.quotaLeft).toBe(quota);
    expect(f.state.notices).toEqual([]);
    // The writer answers again: the same job is drafted.
    f.state.writerFailures = 0;
    expect(await new Runner(deps()).runNow(agentId)).toMatchObject({ drafts: 1, failed: 0 });
    expect((await items(userId)).map((i) => i.status)).toEqual(['draft']);
  });

  it('fails the item with the reason when the writer refuses the job itself', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    const d = deps();
    const refused = Object.assign(new WriterError('content_filter', 'The AI writer declined to write this letter', false));
    await new Runner({ ...d, writer: { write: async () => Promise.reject(refused) } }).runNow(agentId);
    const [item] = await items(userId);
    expect(item).toMatchObject({ status: 'failed', lastError: 'The AI writer declined to write this letter' });
    expect(f.state.notices.map((n) => [n.kind, n.url])).toEqual([
      ['proposal_failed', `/dashboard/automations/${agentId}?item=${item!.id}`],
    ]);
  });

  it('leaves jobs in the pool for a later day when the cover-letter quota is used up, failing none', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 3 });
    f.state.quotaLeft = 1;
    const summary = await new Runner(deps()).runNow(agentId);
    expect(summary).toMatchObject({ drafts: 1, failed: 0, quota: expect.any(Number) });
    expect(summary!.quota).toBeGreaterThan(0);
    expect((await items(userId)).map((i) => i.status)).toEqual(['draft']);
    // Tomorrow the quota is back (the counter stands for the product's per-day quota): the run drafts again.
    at('2026-11-19T09:00:00Z');
    f.state.quotaLeft = 10;
    expect(await new Runner(deps()).runNow(agentId)).toMatchObject({ drafts: 3, failed: 0, quota: 0 });
    expect((await items(userId)).filter((i) => i.status === 'failed')).toHaveLength(0);
  });

  it('when the answer to a bid is lost, looks at the marketplace and counts it sent instead of bidding twice', async () => {
    const { userId, agentId } = await userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    await new Runner(deps()).runNow(agentId);
    const [draft] = await items(userId);
    await new JobItemService({ store: f.t.store, clock: f.server.clock }).approve(userId, draft!.id);
    const d = deps();
    // The bid goes out, then the connection breaks before its answer arrives.
    const original = d.marketplaces.freelancer.adapter.placeProposal.bind(d.marketplaces.freelancer.adapter);
    d.marketplaces.freelancer.adapter.placeProposal = async (...args) => {
      await original(...args);
      throw new MarketplaceError('freelancer', 'unavailable', 'connection reset');
    };
    expect(await sendDue(d)).toMatchObject({ sent: 1, failed: 0 });
    expect(await f.item(draft!.id)).toMatchObject({
      status: 'completed',
      stage: null,
      claimToken: null,
      proposalExternalId: String((await bids())[0]!.id),
    });
    at('2026-11-18T09:30:00Z');
    await sendDue(deps());
    expect(await bids()).toHaveLength(1);
    expect(f.state.posts).toHaveLength(1);
  });
});
