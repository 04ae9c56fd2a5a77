import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../kernel/clock';
import { createLogger } from '../../kernel/logger';
import { createOpenAiWriter } from '../writer';
import { AgentService } from '../agents/agents';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { startFakeOpenAi } from '../../testing/fake-openai';
import type { PipelineDeps } from './pipeline';
import { Runner } from './runner';

let f: RunnerFixture;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;

const AGENT = { sendMode: 'review', emailsPerDay: 3, startTime: '09:00', endTime: '17:00', minMatchScore: 0 };

beforeEach(async () => {
  f = await runnerFixture();
  // Late in the window: the pacing allows the day's three letters at once.
  f.at('2026-11-18T16:00:00Z');
  openai = await startFakeOpenAi();
});
afterEach(async () => {
  await f.close();
  await openai.close();
});

/** The product's writer against the stand-in, as the runner module builds it: no retries of its own. */
const writerAt = (url: string) =>
  createOpenAiWriter({ kind: 'ai', apiKey: 'sk-test-outage', baseURL: url, model: 'gpt-4o-mini', maxRetries: 0, timeoutMs: 5000 });

/**
 * The runner's world with its own clock: the marketplace stays at 16:00 (the same jobs are posted
 * throughout), while the runner's time moves on minute by minute. `sleeps` records every wait the
 * runner's retries asked for.
 */
function runnerWorld(overrides: Partial<PipelineDeps> = {}) {
  const clock = manualClock(new Date('2026-11-18T16:00:00Z'));
  const sleeps: number[] = [];
  const deps = f.deps({
    clock,
    writer: writerAt(openai.url),
    retry: { attempts: 3, baseMs: 500, capMs: 8000, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
    ...overrides,
  });
  return { clock, sleeps, deps, runner: new Runner(deps) };
}

const agentView = (userId: string, agentId: string) => new AgentService({ store: f.t.store, clock: f.server.clock }).get(userId, agentId);
const drafted = async (userId: string) =>
  (await f.items(userId))
    .filter((item) => item.status === 'draft')
    .map((item) => item.externalId)
    .sort();

describe('a writer outage', () => {
  it('loses no job: the jobs go back to the pool while the writer is down, and every one is drafted once it is back', async () => {
    // What the agent would have drafted: the same agent of another user, with the writer up, at the same moment.
    const control = await f.userWithAgent(AGENT, { email: 'control.ada@gmail.com' });
    const up = runnerWorld();
    expect(await up.runner.runNow(control.agentId)).toMatchObject({ drafts: 3, failed: 0, returned: 0 });
    const wouldHaveDrafted = await drafted(control.userId);
    expect(wouldHaveDrafted).toHaveLength(3);

    const { userId, agentId } = await f.userWithAgent(AGENT);
    const world = runnerWorld();
    openai.set('error');
    const first = await world.runner.tick();
    expect(first.runs).toEqual([expect.objectContaining({ agentId, drafts: 0, failed: 0, returned: 3 })]);
    expect(await f.items(userId)).toEqual([]);
    // The page says why nothing came, and when it is tried again.
    expect((await agentView(userId, agentId)).run).toMatchObject({
      running: null,
      held: { service: 'writer', reason: 'unavailable', failures: 1, until: '2026-11-18T16:01:00.000Z' },
      last: { returned: 3, drafts: 0 },
    });

    // Still down a minute later (the connection drops now): back to the pool again, a longer wait.
    world.clock.advance(60_000);
    openai.set('reset');
    expect((await world.runner.tick()).runs).toEqual([expect.objectContaining({ agentId, returned: 3 })]);
    expect((await agentView(userId, agentId)).run?.held).toMatchObject({ failures: 2, until: '2026-11-18T16:03:00.000Z' });

    // Up again after two minutes: the agent's next run drafts every job it would have drafted.
    openai.set('up');
    world.clock.advance(60_000);
    expect((await world.runner.tick()).runs).toEqual([]);
    world.clock.advance(60_000);
    expect((await world.runner.tick()).runs).toEqual([expect.objectContaining({ agentId, drafts: 3, failed: 0, returned: 0 })]);
    expect(await drafted(userId)).toEqual(wouldHaveDrafted);
    expect((await f.items(userId)).filter((item) => item.status === 'failed')).toEqual([]);
    expect((await agentView(userId, agentId)).run).toMatchObject({ held: null, last: { drafts: 3 } });
    // No failure notice: the user lost nothing.
    expect(f.state.notices.filter((n) => n.kind === 'proposal_failed')).toEqual([]);
  });

  it('honours a short Retry-After within the run, to the millisecond asked', async () => {
    const { userId, agentId } = await f.userWithAgent({ ...AGENT, emailsPerDay: 1 });
    const sleeps: number[] = [];
    // The first try is refused with Retry-After: 2; once that wait is over the writer answers.
    const world = runnerWorld({
      retry: { attempts: 3, baseMs: 500, capMs: 8000, random: () => 0.5, sleep: async (ms) => void (sleeps.push(ms), openai.set('up')) },
    });
    openai.set('rate', 2);
    expect(await world.runner.runNow(agentId)).toMatchObject({ drafts: 1, returned: 0 });
    expect(sleeps).toEqual([2000]);
    expect(openai.state.requests.map((r) => r.mode)).toEqual(['rate', 'up']);
    expect(await drafted(userId)).toHaveLength(1);
  });

  it('does not wait out a long Retry-After in the run: the job goes back, and runs that need the writer wait until then', async () => {
    const { userId, agentId } = await f.userWithAgent({ ...AGENT, emailsPerDay: 1 });
    const other = await f.userWithAgent({ ...AGENT, emailsPerDay: 1 }, { email: 'grace.runner@gmail.com' });
    const world = runnerWorld();
    openai.set('rate', 120);
    expect(await world.runner.runNow(agentId)).toMatchObject({ drafts: 0, returned: 1 });
    expect(world.sleeps).toEqual([]);
    expect(openai.state.requests).toHaveLength(1);
    expect((await agentView(userId, agentId)).run?.held).toMatchObject({
      service: 'writer',
      reason: 'rate_limited',
      until: '2026-11-18T16:02:00.000Z',
    });

    // Another agent in the same process is held without asking the writer (or the marketplace).
    const searches = f.state.requests.length;
    expect(await world.runner.runNow(other.agentId)).toMatchObject({ skipped: 'held', drafts: 0 });
    expect(openai.state.requests).toHaveLength(1);
    expect(f.state.requests.length).toBe(searches);
    expect((await agentView(other.userId, other.agentId)).run?.held).toMatchObject({
      service: 'writer',
      reason: 'rate_limited',
      everyone: true,
      until: '2026-11-18T16:02:00.000Z',
    });

    // Past the Retry-After, the writer is tried again and both agents draft.
    openai.set('up');
    world.clock.advance(2 * 60_000);
    expect(await world.runner.runNow(agentId)).toMatchObject({ drafts: 1 });
    expect(await world.runner.runNow(other.agentId)).toMatchObject({ drafts: 1 });
    expect((await agentView(other.userId, other.agentId)).run?.held).toBeNull();
  });

  it('opens the breaker after three failed runs in a row: other agents are held, then one run tries again and closes it', async () => {
    const agents = [];
    for (const email of ['a.runner@gmail.com', 'b.runner@gmail.com', 'c.runner@gmail.com', 'd.runner@gmail.com'])
      agents.push(await f.userWithAgent({ ...AGENT, emailsPerDay: 1 }, { email }));
    // A refused key is the operator's to fix: it raises an operator alert.
    const alerts: string[] = [];
    const world = runnerWorld({ log: createLogger('silent').withAlerts((message) => alerts.push(message)) });
    openai.set('unauthorized');
    for (const agent of agents.slice(0, 3)) expect(await world.runner.runNow(agent.agentId)).toMatchObject({ returned: 1 });
    expect(alerts).toHaveLength(3);
    expect(alerts[0]).toMatch(/a person must check OPENAI_API_KEY/);
    const asked = openai.state.requests.length;
    const [last] = agents.slice(3);
    expect(await world.runner.runNow(last!.agentId)).toMatchObject({ skipped: 'held' });
    expect(openai.state.requests.length).toBe(asked);
    expect((await agentView(last!.userId, last!.agentId)).run?.held).toMatchObject({
      service: 'writer',
      reason: 'refused',
      everyone: true,
    });

    // Half a minute later one run is let through to try the writer; it answers, and the breaker closes.
    openai.set('up');
    world.clock.advance(30_000);
    expect(await world.runner.runNow(last!.agentId)).toMatchObject({ drafts: 1 });
    expect((await agentView(last!.userId, last!.agentId)).run?.held).toBeNull();
  });
});

describe('a marketplace that keeps failing', () => {
  it('holds the agent until the marketplace’s Retry-After, and other agents on it without a search meanwhile', async () => {
    const { userId, agentId } = await f.userWithAgent({ ...AGENT, emailsPerDay: 1 });
    const other = await f.userWithAgent({ ...AGENT, emailsPerDay: 1 }, { email: 'grace.runner@gmail.com' });
    const world = runnerWorld();
    f.state.throttleSeconds = 90;
    expect(await world.runner.runNow(agentId)).toMatchObject({ skipped: 'search_failed', nextRunAt: '2026-11-18T16:01:30.000Z' });
    expect((await agentView(userId, agentId)).run?.held).toMatchObject({
      service: 'freelancer',
      reason: 'rate_limited',
      until: '2026-11-18T16:01:30.000Z',
    });
    const asked = f.state.requests.length;
    expect(await world.runner.runNow(other.agentId)).toMatchObject({ skipped: 'held' });
    expect(f.state.requests.length).toBe(asked);
    expect((await agentView(other.userId, other.agentId)).run?.held).toMatchObject({ service: 'freelancer', everyone: true });

    // The marketplace answers again after its wait: the agents run, and their holds are lifted.
    f.state.throttleSeconds = null;
    world.clock.advance(90_000);
    expect(await world.runner.runNow(other.agentId)).toMatchObject({ drafts: 1 });
    expect((await agentView(other.userId, other.agentId)).run?.held).toBeNull();
  });
});
