import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { usageToday } from './caps';
import { Runner } from './runner';
import { sendDue } from './sender';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const MINUTE = 60_000;

/** An active auto-send agent of four a day whose run queued four proposals: one went out at once, three wait their turn. */
async function queuedPlan() {
  const agent = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 4, startTime: '09:00', endTime: '17:00' });
  const summary = await new Runner(f.deps()).runNow(agent.agentId);
  expect(summary).toMatchObject({ queued: 4 });
  const queued = (await f.items(agent.userId)).filter((item) => item.stage === 'queued');
  expect(queued).toHaveLength(3);
  return { ...agent, queued };
}

const usage = (userId: string, agentId: string) => usageToday(f.t.db, userId, 'freelancer', agentId, f.server.clock.now(), 'UTC');

describe('pausing and resuming an auto-send agent', () => {
  it('holds the queued proposals outside the cap, and queues them again on resume at their planned times', async () => {
    const { userId, agentId, service, queued } = await queuedPlan();
    expect((await usage(userId, agentId)).byAgent).toBe(4);

    await service.setStatus(userId, agentId, 'paused');
    const held = await f.items(userId);
    expect(held.filter((item) => item.heldByPause).map((item) => item.status)).toEqual(['draft', 'draft', 'draft']);
    // Held, they do not spend the day: only the one sent counts.
    expect((await usage(userId, agentId)).byAgent).toBe(1);

    // A few minutes later, resumed: the three go out again as planned (the cap is not "reached").
    f.advance(5 * MINUTE);
    await service.setStatus(userId, agentId, 'active');
    const requeued = (await f.items(userId)).filter((item) => queued.some((q) => q.id === item.id));
    expect(requeued.map((item) => [item.status, item.stage, item.heldByPause, item.sendAfter?.toISOString()]).sort()).toEqual(
      queued.map((q) => ['processing', 'queued', false, q.sendAfter?.toISOString()]).sort(),
    );
    expect((await usage(userId, agentId)).byAgent).toBe(4);
    const feed = await f.t.call('GET', '/api/dashboard/activity?limit=30', undefined, f.t.auth(await token()));
    expect(feed.json.data.filter((e: { kind: string }) => e.kind === 'proposal_requeued')).toHaveLength(3);

    // The whole day's plan goes out: at 17:00 all four were sent, one bid each.
    f.at('2026-11-18T17:00:00Z');
    await sendDue(f.deps());
    expect((await f.items(userId)).filter((item) => item.status === 'completed')).toHaveLength(4);
    expect(f.state.posts).toHaveLength(4);
  });

  it('lets a run of the paused agent draft new jobs (the held ones spend nothing), and spaces what is overdue on resume', async () => {
    const { userId, agentId, service, queued } = await queuedPlan();
    await service.setStatus(userId, agentId, 'paused');
    // Paused until after every planned time.
    f.at('2026-11-18T16:30:00Z');
    const run = (await new Runner(f.deps()).runNow(agentId))!;
    expect(run.skipped).toBeUndefined();
    expect(run.drafts + run.queued).toBeGreaterThan(0);
    // What that run wrote for the paused agent is held with the plan too.
    const fresh = (await f.items(userId)).filter((item) => item.heldByPause && !queued.some((q) => q.id === item.id));
    expect(fresh.length).toBe(run.drafts);

    await service.setStatus(userId, agentId, 'active');
    const times = (await f.items(userId))
      .filter((item) => item.stage === 'queued')
      .map((item) => item.sendAfter!.getTime())
      .sort((a, b) => a - b);
    expect(times.length).toBe(3 + fresh.length);
    expect(times[0]).toBe(f.server.clock.now().getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10 * MINUTE);
  });

  it('queues nothing again once switched to review, and leaves a held letter the user edited for their own approval', async () => {
    const { userId, agentId, service, queued, token: own } = await queuedPlan();
    await service.setStatus(userId, agentId, 'paused');
    const [edited] = queued;
    const put = await f.t.call('PUT', `/api/job-items/${edited!.id}`, { proposalRequirements: 'My own words on it.' }, f.t.auth(own));
    expect(put.status).toBe(200);
    expect(put.json.data).toMatchObject({ status: 'draft', heldByPause: false });
    await service.setStatus(userId, agentId, 'active');
    expect((await f.item(edited!.id))?.status).toBe('draft');
    expect((await f.items(userId)).filter((item) => item.stage === 'queued')).toHaveLength(2);

    await service.setStatus(userId, agentId, 'paused');
    await service.update(userId, agentId, { sendMode: 'review' });
    await service.setStatus(userId, agentId, 'active');
    const items = await f.items(userId);
    expect(items.filter((item) => item.stage === 'queued')).toHaveLength(0);
    expect(items.filter((item) => item.heldByPause)).toHaveLength(0);
  });
});

async function token(): Promise<string> {
  return (await f.t.call('POST', '/api/auth/signin', { email: 'runner.ada@gmail.com', password: 'Sturdy-Pass1' })).json.data.token;
}
