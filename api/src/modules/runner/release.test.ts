import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import { first } from '../../store/store';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { Runner } from './runner';

let f: RunnerFixture;
afterEach(async () => f.close());

describe('a runner that stops', () => {
  it('waits for its runs up to the grace, then gives back the agent and the jobs its run reserved, for another runner at once', async () => {
    f = await runnerFixture();
    const { agents } = tablesOf(f.t.db);
    const { userId, agentId } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 3, startTime: '00:00', endTime: '23:59' });
    let open!: () => void;
    f.state.writerGate = new Promise<void>((resolve) => (open = resolve));
    const leaving = new Runner(f.deps(), { owner: 'leaving' });
    // Its schedule would tick in a year; a wake-up ticks it now.
    leaving.start('0 0 1 1 *');
    leaving.wake();
    await vi.waitFor(async () => expect((await f.items(userId)).some((item) => item.stage === 'writing')).toBe(true), { timeout: 10_000 });

    // The run reserved its jobs at once (all in the `writing` stage) and is writing the first letter.
    const reserved = (await f.items(userId)).filter((item) => item.stage === 'writing').length;
    expect(reserved).toBe(2);
    expect(await leaving.stop(20)).toBe('timeout');
    // Stopped but not released: the agent and the reservation are still held, nobody may take them.
    const other = new Runner(f.deps(), { owner: 'other' });
    expect(await other.recover()).toEqual({ released: 0, requeued: 0 });

    expect(await leaving.release()).toEqual({ agents: 1, writing: reserved, outcomeChecks: 0 });
    expect(await first(f.t.db.select().from(agents).where(eq(agents.id, agentId)))).toMatchObject({ leaseOwner: null, leaseUntil: null });
    // The other runner recovers the reservation (the job is back in the pool) and runs the agent now.
    expect(await other.recover()).toEqual({ released: reserved, requeued: 0 });
    expect(await f.items(userId)).toEqual([]);
    f.state.writerGate = null;
    const { runs } = await other.tick();
    expect(runs.map((run) => run.agentId)).toEqual([agentId]);
    expect((await f.items(userId)).length).toBeGreaterThan(0);

    // The cut-off run ends late: its claim is gone, so it writes nothing over the other's work.
    // Compared by id: the rows come back in no promised order (PostgreSQL's follows its updates).
    const snapshot = async () =>
      (await f.items(userId))
        .map((item) => ({ id: item.id, stage: item.stage, letter: item.proposalRequirements }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const items = await snapshot();
    open();
    expect(await leaving.stop()).toBe('drained');
    expect(await snapshot()).toEqual(items);
  });

  it('claims no more agents or sends once stopping, and ends at once when nothing is under way', async () => {
    f = await runnerFixture();
    const { agents } = tablesOf(f.t.db);
    const { userId } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 3, startTime: '00:00', endTime: '23:59' });
    const runner = new Runner(f.deps(), { owner: 'stopped' });
    expect(await runner.stop(1000)).toBe('drained');
    expect((await runner.tick()).runs).toEqual([]);
    expect(await runner.runNow((await first(f.t.db.select().from(agents)))!.id)).toBeNull();
    expect(await f.items(userId)).toEqual([]);
    expect(f.state.posts).toEqual([]);
  });
});
