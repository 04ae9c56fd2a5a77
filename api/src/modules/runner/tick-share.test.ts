import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeJob } from '@shared/matching/job-fixture';
import { rankJobs } from '@shared/scoring';
import type { Platform } from '../marketplaces/types';
import { tablesOf } from '../../store/schema/index';
import { isPostgresStore, type PostgresStore } from '../../store/store';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { claimDueAgents, SQLITE_CLAIM } from './lease';
import { gate } from '../../testing/gate';
import { Runner } from './runner';
import { TickShare } from './tick-share';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

const searches = () => f.state.requests.filter((r) => r.startsWith('freelancer GET /projects/0.1/projects/active/'));

describe('one tick shares what its agents have in common', () => {
  it('two agents with the same search under the same account ask the marketplace once, and each drafts its own proposals', async () => {
    const { userId, service } = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 1 });
    const twin = (
      await service.create(userId, { title: 'developer', platform: 'freelancer', sendMode: 'review', emailsPerDay: 1 } as never)
    ).agent;
    await service.setStatus(userId, twin.id, 'active');
    const other = (await service.create(userId, { title: 'design', platform: 'freelancer', sendMode: 'review', emailsPerDay: 1 } as never))
      .agent;
    await service.setStatus(userId, other.id, 'active');

    const tick = await new Runner(f.deps()).tick();
    expect(tick.runs).toHaveLength(3);
    expect(tick.runs.every((run) => run.skipped === undefined)).toBe(true);
    // Two distinct searches ("developer" twice, "designer" once).
    expect(searches()).toHaveLength(2);
    // Each agent reserved its own job: the shared page never hands one job to two agents.
    const mine = await f.items(userId);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((i) => i.externalId)).size).toBe(3);
    expect(new Set(mine.map((i) => i.agentId)).size).toBe(3);
    // The next day's tick asks again: nothing is shared across ticks (once each agent's second of
    // 09:00 has come: their runs are spread over that minute).
    f.at('2026-11-19T09:01:00Z');
    await new Runner(f.deps()).tick();
    expect(searches()).toHaveLength(4);
  });

  it('the same Freelancer.com search under two different accounts goes to the marketplace once (its search is public, feed.ts), and each user drafts their own', async () => {
    const ada = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 1 });
    const bob = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 1 }, { email: 'runner.bob@gmail.com' });
    const adaToken = await f.connect('freelancer', 'ada_fl');
    const bobToken = await f.connect('freelancer', 'bob_fl');
    const session = async (userId: string, _platform: Platform) => ({
      accessToken: (userId === ada.userId ? adaToken : bobToken).accessToken,
    });

    const tick = await new Runner(f.deps({ session })).tick();
    expect(tick.runs.map((r) => r.drafts)).toEqual([1, 1]);
    expect(searches()).toHaveLength(1);
    expect(await f.items(ada.userId)).toHaveLength(1);
    expect(await f.items(bob.userId)).toHaveLength(1);
  });
});

describe('claiming due agents one at a time, lane by lane', () => {
  it('a run that fails ends that run only: the tick runs every other due agent and waits for them all', async () => {
    const { agents } = tablesOf(f.t.db);
    const ada = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 1 });
    const bob = await f.userWithAgent({ title: 'developer', sendMode: 'review', emailsPerDay: 1 }, { email: 'runner.bob@gmail.com' });
    const cy = await f.userWithAgent({ title: 'design', sendMode: 'review', emailsPerDay: 1 }, { email: 'runner.cy@gmail.com' });
    // Something unforeseen in bob's run (here: reading his learned preferences fails).
    const matchModel = async (userId: string) => {
      if (userId === bob.userId) throw new Error('model unreadable');
      return null;
    };
    const tick = await new Runner(f.deps({ matchModel }), { concurrency: 2 }).tick();
    expect(tick.runs.map((run) => run.agentId).sort()).toEqual([ada.agentId, cy.agentId].sort());
    expect(await f.items(ada.userId)).toHaveLength(1);
    expect(await f.items(cy.userId)).toHaveLength(1);
    // Bob's agent is free again and due in 15 minutes (the failed run's retry), not held by a lease.
    const [bobsAgent] = await f.t.db.select().from(agents).where(eq(agents.id, bob.agentId));
    expect(bobsAgent?.leaseOwner).toBeNull();
    expect(bobsAgent?.nextRunAt?.getTime()).toBe(f.server.clock.now().getTime() + 15 * 60_000);
  });

  it('two runners ticking at once run every due agent exactly once', async () => {
    const { agents } = tablesOf(f.t.db);
    // Two users with two agents each (a user's agents go to one runner at a time: the next test).
    for (const email of ['runner.ada@gmail.com', 'runner.bob@gmail.com']) {
      const { userId, service } = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 }, { email });
      const agent = (
        await service.create(userId, { title: 'developer 2', platform: 'freelancer', sendMode: 'review', emailsPerDay: 1 } as never)
      ).agent;
      await service.setStatus(userId, agent.id, 'active');
    }
    const first = new Runner(f.deps(), { owner: 'process-a', concurrency: 1 });
    const second = new Runner(f.deps(), { owner: 'process-b', concurrency: 1 });
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    const ran = [...a.runs, ...b.runs].map((r) => r.agentId);
    expect(ran).toHaveLength(4);
    expect(new Set(ran).size).toBe(4);
    // Both took part, and every lease was given back with the run's record.
    expect(a.runs.length).toBeGreaterThan(0);
    expect(b.runs.length).toBeGreaterThan(0);
    expect((await f.t.db.select({ owner: agents.leaseOwner }).from(agents)).every((row) => row.owner === null)).toBe(true);
    expect(await claimDueAgents(f.t.store, 'process-c', f.server.clock.now(), 60_000, 10)).toEqual([]);
  });

  it("holds a lease only on the agents it is running: a second runner process takes other users' agents while the first is busy", async () => {
    await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    for (const email of ['runner.bob@gmail.com', 'runner.cy@gmail.com', 'runner.di@gmail.com'])
      await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 }, { email });
    // The first process's one lane is held in its first letter until the second process has ticked.
    const writing = gate();
    const done = gate();
    const base = f.deps().writer;
    const stalled = { write: async (input: Parameters<typeof base.write>[0]) => (writing.open(), await done.opened, base.write(input)) };
    const first = new Runner(f.deps({ writer: stalled }), { owner: 'process-a', concurrency: 1 });
    const second = new Runner(f.deps(), { owner: 'process-b', concurrency: 2 });
    const busy = first.tick();
    await writing.opened;
    const b = await second.tick();
    done.open();
    const a = await busy;
    // The busy process had claimed only the agent it was running; the idle one ran the other three.
    expect(a.runs).toHaveLength(1);
    expect(b.runs).toHaveLength(3);
    expect(new Set([...a.runs, ...b.runs].map((r) => r.agentId)).size).toBe(4);
  });

  it("leaves a user's agents to the runner that is running one of them, and takes them once its lease is gone", async () => {
    const { agents } = tablesOf(f.t.db);
    const ada = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 });
    const second = (
      await ada.service.create(ada.userId, { title: 'developer 2', platform: 'freelancer', sendMode: 'review', emailsPerDay: 1 } as never)
    ).agent;
    await ada.service.setStatus(ada.userId, second.id, 'active');
    const now = f.server.clock.now();
    const [held] = await claimDueAgents(f.t.store, 'process-a', now, 60_000, 1);
    const adaAgents = [ada.agentId, second.id];
    expect(adaAgents).toContain(held);
    const bob = await f.userWithAgent({ sendMode: 'review', emailsPerDay: 1 }, { email: 'runner.bob@gmail.com' });
    // Another runner passes over Ada's other agent (their transactions would collide) and takes Bob's.
    expect(await claimDueAgents(f.t.store, 'process-b', now, 60_000, 10)).toEqual([bob.agentId]);
    // The runner holding Ada's agent takes her other one.
    expect(await claimDueAgents(f.t.store, 'process-a', now, 60_000, 10)).toEqual(adaAgents.filter((id) => id !== held));
    // A lease that ran out (its runner died) holds nothing back.
    await f.t.db.update(agents).set({ leaseOwner: null, leaseUntil: null }).where(eq(agents.leaseOwner, 'process-b'));
    const later = new Date(now.getTime() + 61_000);
    expect(await claimDueAgents(f.t.store, 'process-c', later, 60_000, 10)).toHaveLength(3);
  });

  it('finds the due agents through the (status, next run) index', async () => {
    if (isPostgresStore(f.t.store)) {
      const { text, params } = await claimSql();
      // A handful of rows is cheaper to read whole, so PostgreSQL's planner would scan the table
      // whatever the indexes: with sequential scans priced out, the plan shows whether the claim's
      // WHERE and ORDER BY can use the index at all.
      const plan = await f.t.store.pg.$client.begin(async (sql) => {
        await sql`SET LOCAL enable_seqscan = off`;
        return (await sql.unsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${text}`, params as never[]))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toMatch(/Index Scan using agents_due_idx on agents/);
      expect(plan).toMatch(/Index Cond: \(+status = /);
      return;
    }
    // SQLite claims in one prepared UPDATE; its plan shows how the due agents are found.
    const plan = f.t.db.$client
      .prepare(`EXPLAIN QUERY PLAN ${SQLITE_CLAIM}`)
      .all({ owner: 'probe', now: f.server.clock.now().getTime(), leaseUntil: 0, limit: 10 })
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX agents_due_idx \(status=\?/);
  });
});

/** The claim's SELECT as the runner sends it to PostgreSQL (drizzle's SQL for `claimDueAgents`), with its parameters. */
async function claimSql(): Promise<{ text: string; params: unknown[] }> {
  let captured: { text: string; params: unknown[] } | undefined;
  // postgres.js calls its `debug` option with every query it sends, on any connection of the pool.
  const pg = (f.t.store as PostgresStore).pg.$client;
  const options = pg.options as { debug?: unknown };
  const debug = options.debug;
  options.debug = (_connection: number, text: string, params: unknown[]) => {
    if (!captured && /from "agents"/.test(text) && /"next_run_at"/.test(text)) captured = { text, params };
  };
  try {
    await claimDueAgents(f.t.store, 'probe', f.server.clock.now(), 60_000, 10);
  } finally {
    options.debug = debug;
  }
  if (!captured) throw new Error('claimDueAgents sent no SELECT on agents');
  return captured;
}

describe('analysing jobs once per tick', () => {
  it('scores a job seen again with the same text like the first time, and an edited job afresh', () => {
    const share = new TickShare();
    const profile = { skills: ['React'], title: 'React developer' };
    const first = makeJob({ id: '1', title: 'React dashboard', description: 'A React and TypeScript dashboard.' });
    const again = { ...first, bidCount: 60 };
    const edited = { ...first, title: 'Logo for a bakery', description: 'A logo in Illustrator.' };
    const score = (job: typeof first) => rankJobs([share.analyse(job)], profile)[0]!;

    const seen = score(first);
    // Its own marketplace signals count: this time it has many bids.
    expect(score(again).matchFactors).toContainEqual(expect.objectContaining({ code: 'manyBids', count: 60 }));
    expect(seen.matchFactors).not.toContainEqual(expect.objectContaining({ code: 'manyBids' }));
    expect(score(again).match.fit).toBe(seen.match.fit);
    expect(score(edited).match.fit).toBeLessThan(seen.match.fit);
    expect(score(edited)).toMatchObject({ title: 'Logo for a bakery' });
  });
});
