import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import type { JobItem } from '@shared/schemas/job-item';
import { MarketplaceError } from '../marketplaces/errors';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { toUserDto } from '../accounts/users';
import { pickJobs } from './criteria';
import { JobItemService } from '../proposals/job-items';
import { runnerFixture, type RunnerFixture, type RunnerFixtureOptions } from '../../testing/runner-fixture';
import { DEFAULT_CLAIM_TIMES } from './claim-times';
import { Runner } from './runner';
import { claimForSend, sendDue } from './sender';

let f: RunnerFixture;
const setup = async (options: RunnerFixtureOptions = {}) => (f = await runnerFixture(options));
afterEach(() => f?.close());

const decisions = () => new JobItemService({ store: f.t.store, clock: f.server.clock });
/** The rows of these items, in the order asked (undefined for one that is gone). */
const rows = (ids: string[]) => Promise.all(ids.map((id) => f.item(id)));

/** Review-first drafts, approved: queued to go out now. */
async function approvedDrafts(count: number) {
  const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: count });
  await new Runner(f.deps()).runNow(agentId);
  const drafts = await f.items(userId);
  expect(drafts).toHaveLength(count);
  for (const draft of drafts) await decisions().approve(userId, draft.id);
  return { userId, agentId, ids: drafts.map((d) => d.id) };
}

describe('sending exactly once', () => {
  it('two senders at once (Run now, the tick, an approval) post one bid per proposal to a slow marketplace', async () => {
    await setup({ postDelayMs: 300 });
    const { ids } = await approvedDrafts(3);
    const d = f.deps();
    const results = await Promise.all([sendDue(d), sendDue(d), sendDue(d, 25, ids[0])]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(3);
    expect(f.state.posts).toHaveLength(3);
    expect(new Set(f.state.posts).size).toBe(3);
    expect(await f.bids()).toHaveLength(3);
    expect((await rows(ids)).map((item) => item?.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('after a crash during the POST, asks the marketplace first and records the bid that landed', async () => {
    await setup();
    const { userId, ids } = await approvedDrafts(1);
    // Process A claims the proposal, its bid reaches the marketplace, and A dies before recording it.
    const claim = await claimForSend(f.deps(), ids[0]!);
    expect(claim.kind).toBe('claimed');
    const d = f.deps();
    const session = (await d.session(userId, 'freelancer'))!;
    const item = (await f.item(ids[0]!))!;
    await d.marketplaces.freelancer.adapter.placeProposal(session, {
      job: { externalId: item.externalId, type: 'fixed', minBudget: null, maxBudget: null, currency: 'USD' },
      amount: item.bidAmount!,
      periodDays: 7,
      coverLetter: item.proposalRequirements!,
    });
    expect(f.state.posts).toHaveLength(1);

    // Another sender meanwhile must not touch it: the claim holds.
    expect(await sendDue(f.deps())).toMatchObject({ sent: 0 });
    f.advance(DEFAULT_CLAIM_TIMES.sendMs + 1000);
    const tick = await new Runner(f.deps(), { owner: 'process-b' }).tick();
    expect(tick.sent).toBe(1);
    expect(f.state.posts).toHaveLength(1);
    expect(await f.item(ids[0]!)).toMatchObject({
      status: 'completed',
      stage: null,
      claimToken: null,
      proposalExternalId: String((await f.bids())[0]!.id),
    });
  });

  it('after a crash between the claim and the POST, sends it once when the marketplace has nothing', async () => {
    await setup();
    const { ids } = await approvedDrafts(1);
    expect((await claimForSend(f.deps(), ids[0]!)).kind).toBe('claimed');
    f.advance(DEFAULT_CLAIM_TIMES.sendMs + 1000);
    expect((await new Runner(f.deps()).tick()).sent).toBe(1);
    expect(f.state.posts).toHaveLength(1);
    expect(await f.bids()).toHaveLength(1);
  });

  it('reads a refusal in any wording by looking: sent when the bid exists, failed with the reason when it does not', async () => {
    await setup();
    const { ids } = await approvedDrafts(2);
    const d = f.deps();
    const adapter = d.marketplaces.freelancer.adapter;
    const place = adapter.placeProposal.bind(adapter);
    let call = 0;
    adapter.placeProposal = async (session, input) => {
      call++;
      // First: the bid lands but the answer is a refusal with a code no one planned for.
      if (call === 1) await place(session, input);
      throw new MarketplaceError('freelancer', 'rejected', 'You cannot do that right now.', {
        status: 409,
        code: 'ProjectExceptionCodes.SOMETHING_NEW',
      });
    };
    const result = await sendDue(d);
    expect(result).toMatchObject({ sent: 1, failed: 1 });
    const [sent, failed] = (await rows(ids)).map((item) => item!).sort((a, b) => (a.status < b.status ? -1 : 1));
    expect(sent).toMatchObject({ status: 'completed' });
    expect(failed).toMatchObject({ status: 'failed', lastError: 'You cannot do that right now.' });
    expect(await f.bids()).toHaveLength(1);
  });

  it('after a 5xx, tries again later, looking before it posts again', async () => {
    await setup();
    const { ids } = await approvedDrafts(1);
    const d = f.deps();
    const adapter = d.marketplaces.freelancer.adapter;
    const place = adapter.placeProposal.bind(adapter);
    adapter.placeProposal = async () => {
      throw new MarketplaceError('freelancer', 'unavailable', 'Freelancer.com answered 503', { status: 503 });
    };
    expect(await sendDue(d)).toMatchObject({ held: 1 });
    expect(await f.item(ids[0]!)).toMatchObject({
      status: 'processing',
      stage: 'queued',
      attempts: 1,
      lastError: 'Freelancer.com answered 503',
    });
    adapter.placeProposal = place;
    f.advance(60 * 60_000);
    expect(await sendDue(d)).toMatchObject({ sent: 1 });
    expect(f.state.posts).toHaveLength(1);
  });

  it('never sends more in a day than the plan allows, even for drafts approved late', async () => {
    await setup();
    const { userId, ids } = await approvedDrafts(3);
    f.at('2026-11-26T10:00:00Z'); // the trial is over: the free tier allows 2 Freelancer bids a day
    expect(await sendDue(f.deps())).toMatchObject({ sent: 2, held: 1 });
    const waiting = (await rows(ids)).find((i) => i?.status === 'processing');
    expect(waiting).toMatchObject({ stage: 'queued', sendAfter: new Date('2026-11-27T00:00:00Z') });
    f.at('2026-11-27T00:01:00Z');
    expect(await sendDue(f.deps())).toMatchObject({ sent: 1 });
    expect((await f.items(userId)).every((i) => i.status === 'completed')).toBe(true);
  });

  it('sends different users’ proposals at once, and one user’s one at a time, best match first', async () => {
    await setup({ postDelayMs: 100 });
    // Both users' drafts are written first (a Run now also sends what is queued), then approved.
    // Different searches, so each job is one user's (the POSTs are told apart by job).
    const ada = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 3 });
    const bob = await f.userWithAgent({ title: 'logo design', sendMode: 'review', emailsPerDay: 3 }, { email: 'runner.bob@gmail.com' });
    for (const { agentId } of [ada, bob]) await new Runner(f.deps()).runNow(agentId);
    for (const { userId } of [ada, bob]) for (const draft of await f.items(userId)) await decisions().approve(userId, draft.id);
    // Watch the proposal POSTs as they go out: who is in flight at once, and in which order each user's go.
    const d = f.deps();
    const adapter = d.marketplaces.freelancer.adapter;
    const place = adapter.placeProposal.bind(adapter);
    const inFlight = new Set<string>();
    let mostAtOnce = 0;
    let sameUserAtOnce = false;
    const order: string[] = [];
    const owner = new Map(
      (await Promise.all([ada.userId, bob.userId].map((userId) => f.items(userId)))).flat().map((item) => [item.externalId, item.userId]),
    );
    d.marketplaces.freelancer.adapter = Object.assign(Object.create(adapter) as typeof adapter, {
      placeProposal: async (session: Parameters<typeof place>[0], request: Parameters<typeof place>[1]) => {
        const user = owner.get(request.job.externalId)!;
        if (inFlight.has(user)) sameUserAtOnce = true;
        inFlight.add(user);
        mostAtOnce = Math.max(mostAtOnce, inFlight.size);
        order.push(request.job.externalId);
        try {
          return await place(session, request);
        } finally {
          inFlight.delete(user);
        }
      },
    });
    expect(owner.size).toBe(6);
    expect(await sendDue(d)).toMatchObject({ sent: 6 });
    expect(mostAtOnce).toBe(2);
    expect(sameUserAtOnce).toBe(false);
    for (const userId of [ada.userId, bob.userId]) {
      const items = await f.items(userId);
      const sent = order
        .filter((externalId) => owner.get(externalId) === userId)
        .map((externalId) => items.find((i) => i.externalId === externalId)!.matchScore!);
      expect(sent).toEqual([...sent].sort((a, b) => b - a));
    }
  });

  it('sends drafts approved together best match first, so the cap holds back the weakest', async () => {
    await setup();
    const { ids } = await approvedDrafts(6);
    f.at('2026-11-26T10:00:00Z'); // the free tier: 2 Freelancer bids a day
    expect(await sendDue(f.deps())).toMatchObject({ sent: 2, held: 4 });
    const approved = (await rows(ids)).map((item) => item!);
    const scores = (status: string) => approved.filter((i) => i.status === status).map((i) => i.matchScore!);
    expect(scores('completed')).toHaveLength(2);
    expect(Math.min(...scores('completed'))).toBeGreaterThanOrEqual(Math.max(...scores('processing')));
    expect(new Set(approved.map((i) => i.matchScore)).size).toBeGreaterThan(2); // not all alike: the order matters
  });
});

describe('reserving jobs', () => {
  it('a reservation that never got its letter (the process died) goes back to the pool and frees the cap', async () => {
    await setup();
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 2 });
    let release!: () => void;
    f.state.writerGate = new Promise<void>((resolve) => (release = resolve));
    const stalled = new Runner(f.deps(), { owner: 'process-a' }).runNow(agentId);
    // The writer has the letter in hand (however slow the engine got there): the run now waits for it.
    await vi.waitFor(() => expect(f.state.writes).toBeGreaterThan(0), { timeout: 10_000 });
    // The run reserved both of its jobs before writing the first letter.
    const orphans = await f.items(userId);
    expect(orphans).toEqual([
      expect.objectContaining({ status: 'processing', stage: 'writing' }),
      expect.objectContaining({ status: 'processing', stage: 'writing' }),
    ]);
    const orphan = orphans[0];

    // Process A is gone; B starts after the claims and the lease have run out.
    f.state.writerGate = null;
    f.advance(DEFAULT_CLAIM_TIMES.writeMs + 60_000);
    const b = new Runner(f.deps(), { owner: 'process-b' });
    expect(await b.recover()).toEqual({ released: 2, requeued: 0 });
    expect(await f.items(userId)).toEqual([]);
    expect(f.state.quotaLeft).toBe(1000);
    expect(await b.runNow(agentId)).toMatchObject({ drafts: 2 });
    const mine = await f.items(userId);
    expect(mine.map((i) => i.status)).toEqual(['draft', 'draft']);
    expect(mine.map((i) => i.externalId)).toContain(orphan!.externalId);

    // A's writer finally answers: its claim is gone, so nothing changes.
    release();
    await stalled;
    expect(await f.items(userId)).toHaveLength(2);
    expect((await f.items(userId)).every((i) => i.status === 'draft')).toBe(true);
    expect(f.state.quotaLeft).toBe(998);
  });

  it('moves on to the next job when another agent of the user took one meanwhile', async () => {
    await setup();
    const { userId, agentId, service } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 3, minMatchScore: 0 });
    const d = f.deps();
    const adapter = d.marketplaces.freelancer.adapter;
    const search = adapter.search.bind(adapter);
    let ranked = 0;
    adapter.search = async (...args) => {
      const { jobItems, users } = tablesOf(d.store.db);
      const page = await search(...args);
      // Between this search and the reservations, another agent takes every job this one would pick but the last three.
      const now = f.server.clock.now();
      const profile = toUserDto((await first(f.t.db.select().from(users).where(eq(users.id, userId))))!);
      const order = pickJobs(page.jobs, await service.get(userId, agentId), profile, { now }).ranked;
      ranked = order.length;
      for (const { job } of order.slice(0, -3)) {
        await f.t.db.insert(jobItems).values({
          id: `other-${job.externalId}`,
          userId,
          agentId: null,
          platform: 'freelancer',
          externalId: job.externalId,
          title: job.title,
          status: 'draft',
          createdAt: new Date(now.getTime() - 86_400_000),
          updatedAt: now,
        });
      }
      return page;
    };
    expect(await new Runner(d).runNow(agentId)).toMatchObject({ drafts: 3 });
    expect(ranked).toBeGreaterThan(4);
    expect((await f.items(userId)).filter((i) => i.agentId === agentId)).toHaveLength(3);
  });
});

describe('stop means stop', () => {
  async function queuedProposals() {
    const { userId, agentId, service, token } = await f.userWithAgent({
      sendMode: 'auto',
      emailsPerDay: 4,
      startTime: '09:00',
      endTime: '17:00',
    });
    const summary = await new Runner(f.deps()).runNow(agentId);
    expect(summary).toMatchObject({ queued: 4 });
    const queued = (await f.items(userId)).filter((i) => i.stage === 'queued');
    expect(queued).toHaveLength(3); // the first went out at once, the others are paced over the day
    return { userId, agentId, service, token, queued };
  }

  it('pausing an auto-send agent holds its queued proposals as drafts at once; nothing more goes out', async () => {
    await setup();
    const { userId, agentId, service, queued } = await queuedProposals();
    await service.setStatus(userId, agentId, 'paused');
    // Held with their plan (the time each was to go out), for a resume to queue again.
    expect(await rows(queued.map((q) => q.id))).toEqual(
      queued.map((q) => expect.objectContaining({ status: 'draft', stage: null, heldByPause: true, sendAfter: q.sendAfter })),
    );
    f.at('2026-11-18T16:00:00Z');
    await new Runner(f.deps()).tick();
    expect(f.state.posts).toHaveLength(1);
    const feed = await f.t.call(
      'GET',
      '/api/dashboard/activity?limit=20',
      undefined,
      f.t.auth((await f.t.call('POST', '/api/auth/signin', { email: 'runner.ada@gmail.com', password: 'Sturdy-Pass1' })).json.data.token),
    );
    expect(feed.json.data.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['agent_paused', 'proposal_held']));
  });

  it('deleting an agent cancels its queued proposals and gives their letters back', async () => {
    await setup({ quota: 'product' });
    const { userId, agentId, service, token, queued } = await queuedProposals();
    const quota = async () => (await f.t.call('GET', `/api/users/${userId}/cover-letter-quota`, undefined, f.t.auth(token))).json;
    expect(await quota()).toMatchObject({ used: 4 });
    await service.delete(userId, agentId);
    expect((await rows(queued.map((q) => q.id))).map((item) => item?.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(await quota()).toMatchObject({ used: 1 });
    f.at('2026-11-18T16:00:00Z');
    await new Runner(f.deps()).tick();
    expect(f.state.posts).toHaveLength(1);
  });

  it('Hold and Cancel on one queued card, over the API; a proposal being sent can no longer be stopped', async () => {
    await setup();
    const { token, queued } = await queuedProposals();
    const [first, second, third] = queued;
    const hold = await f.t.call('POST', `/api/job-items/${first!.id}/hold`, undefined, f.t.auth(token));
    expect(hold.status).toBe(200);
    expect(hold.json.data).toMatchObject({ status: 'draft', stage: null });
    expect(hold.json.data).not.toHaveProperty('claimToken');
    const cancel = await f.t.call('POST', `/api/job-items/${second!.id}/cancel`, undefined, f.t.auth(token));
    expect(cancel.json.data).toMatchObject({ status: 'skipped' });
    expect((await f.t.call('POST', `/api/job-items/${second!.id}/hold`, undefined, f.t.auth(token))).status).toBe(409);

    f.at('2026-11-18T17:30:00Z');
    expect((await claimForSend(f.deps(), third!.id)).kind).toBe('claimed');
    const late = await f.t.call('POST', `/api/job-items/${third!.id}/hold`, undefined, f.t.auth(token));
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/being sent/);
  });

  it('a letter finished after its agent was paused becomes a draft, and an approved draft still goes out', async () => {
    await setup();
    const { userId, agentId, service } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 1 });
    let release!: () => void;
    f.state.writerGate = new Promise<void>((resolve) => (release = resolve));
    const running = new Runner(f.deps()).runNow(agentId);
    // The writer has the letter in hand (however slow the engine got there): the run now waits for it.
    await vi.waitFor(() => expect(f.state.writes).toBeGreaterThan(0), { timeout: 10_000 });
    await service.setStatus(userId, agentId, 'paused');
    release();
    expect(await running).toMatchObject({ drafts: 1, queued: 0 });
    const [draft] = await f.items(userId);
    expect(draft).toMatchObject({ status: 'draft' });
    await decisions().approve(userId, draft!.id);
    expect(await sendDue(f.deps())).toMatchObject({ sent: 1 });
  });
});

describe('honest figures', () => {
  it('counts each job found once per user, however many runs see it again', async () => {
    await setup();
    const { agents } = tablesOf(f.t.db);
    const { agentId } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    const runner = new Runner(f.deps());
    const firstRun = await runner.runNow(agentId);
    const afterFirst = (await first(f.t.db.select().from(agents).where(eq(agents.id, agentId))))!.jobsFound;
    expect(afterFirst).toBeGreaterThan(0);
    expect(firstRun!.found).toBeGreaterThan(0);
    f.advance(60_000); // the same jobs are still listed a minute later
    await runner.runNow(agentId);
    const afterSecond = (await first(f.t.db.select().from(agents).where(eq(agents.id, agentId))))!.jobsFound;
    expect(afterSecond).toBe(afterFirst);
  });

  it('gives the cover letter of a discarded draft back to the day it was taken from', async () => {
    await setup({ quota: 'product' });
    const { jobItems } = tablesOf(f.t.db);
    const { userId, agentId, token } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 3 });
    await new Runner(f.deps()).runNow(agentId);
    const quota = async () => (await f.t.call('GET', `/api/users/${userId}/cover-letter-quota`, undefined, f.t.auth(token))).json;
    expect(await quota()).toMatchObject({ used: 3 });
    const [draft] = await f.items(userId);
    await decisions().discard(userId, draft!.id);
    expect(await quota()).toMatchObject({ used: 2 });
    expect(
      await f.t.db
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.userId, userId), eq(jobItems.status, 'skipped'))),
    ).toHaveLength(1);

    // Undo: the draft is back and its letter counts again.
    const restored = await f.t.call('POST', `/api/job-items/${draft!.id}/restore`, undefined, f.t.auth(token));
    expect(restored.json.data).toMatchObject({ status: 'draft' });
    expect(await quota()).toMatchObject({ used: 3 });
    expect((await f.t.call('POST', `/api/job-items/${draft!.id}/restore`, undefined, f.t.auth(token))).json.data).toMatchObject({
      status: 'draft',
    });
    expect(await quota()).toMatchObject({ used: 3 });
  });
});

describe('the dashboard after several runs', () => {
  it('shows the figures the database holds: distinct jobs found, letters as the quota counts them, proposals sent', async () => {
    await setup({ quota: 'product' });
    const {
      userId,
      agentId: auto,
      service,
      token,
    } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 4, startTime: '00:00', endTime: '23:59' });
    const review = (
      await service.create(userId, { title: 'designer', platform: 'freelancer', sendMode: 'review', emailsPerDay: 3 } as never)
    ).agent.id;
    await service.setStatus(userId, review, 'active');
    const runner = new Runner(f.deps());
    for (const hour of ['09:00', '11:30', '14:00']) {
      f.at(`2026-11-18T${hour}:00Z`);
      await runner.runNow(auto);
      await runner.runNow(review);
      await runner.tick();
    }
    const drafts = (await f.items(userId)).filter((i) => i.status === 'draft');
    await decisions().discard(userId, drafts[0]!.id);
    await decisions().approve(userId, drafts[1]!.id);
    await sendDue(f.deps());
    const queued = (await f.items(userId)).find((i) => i.stage === 'queued');
    if (queued) await decisions().hold(userId, queued.id);

    // What the app holds after a sync, computed the way the dashboard computes it.
    const pulled: { entity: string; data: unknown; deleted: boolean }[] = [];
    for (let since = '0'; ;) {
      const page = (await f.t.call('GET', `/api/sync/pull?since=${since}&limit=100`, undefined, f.t.auth(token))).json;
      pulled.push(...page.changes);
      since = page.nextCursor;
      if (!page.hasMore) break;
    }
    const { dashboardStats } = await import('../../../../pwa/src/features/stats/dashboard-stats');
    const live = <T>(entity: string) => pulled.filter((c) => c.entity === entity && !c.deleted).map((c) => c.data as T);
    const cards = dashboardStats(live<Agent>('agent'), live<JobItem>('jobItem'), f.server.clock.now()).cards;

    const db = f.t.db;
    const { agents, jobItems, seenJobs } = tablesOf(db);
    const n = async (rows: PromiseLike<Array<{ n: number }>>) => (await rows)[0]!.n;
    const quota = (await f.t.call('GET', `/api/users/${userId}/cover-letter-quota`, undefined, f.t.auth(token))).json;
    expect(cards).toEqual({
      activeAgents: await n(
        db
          .select({ n: count() })
          .from(agents)
          .where(and(eq(agents.userId, userId), eq(agents.status, 'active'))),
      ),
      sentThisMonth: await n(
        db
          .select({ n: count() })
          .from(jobItems)
          .where(and(eq(jobItems.userId, userId), eq(jobItems.status, 'completed'))),
      ),
      coverLetters: await n(
        db
          .select({ n: count() })
          .from(jobItems)
          .where(and(eq(jobItems.userId, userId), isNotNull(jobItems.proposalRequirements), ne(jobItems.status, 'skipped'))),
      ),
      jobsFound: await n(db.select({ n: count() }).from(seenJobs).where(eq(seenJobs.userId, userId))),
    });
    expect(cards.coverLetters).toBe(quota.used);
    expect(cards.sentThisMonth).toBeGreaterThan(0);
    expect(cards.jobsFound).toBeGreaterThan(cards.coverLetters);
  });
});
