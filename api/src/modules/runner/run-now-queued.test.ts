import { afterEach, describe, expect, it } from 'vitest';
import type { Agent } from '@shared/schemas/agent';
import { runStartedSchema } from '@shared/schemas/run';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { Runner } from './runner';

let f: RunnerFixture | undefined;
afterEach(() => f?.close());

/** The agent as the device's next sync brings it. */
async function pulledAgent(fx: RunnerFixture, token: string, id: string): Promise<Agent> {
  const pulled = await fx.t.call('GET', '/api/sync/pull?since=0', undefined, fx.t.auth(token));
  const change = (pulled.json.changes as Array<{ entity: string; id: string; data: Agent }>).find(
    (c) => c.entity === 'agent' && c.id === id,
  );
  return change!.data;
}

describe('Run now while a scheduled run of the agent is under way in another process', () => {
  it('answers 202 queued, shows the run waiting at once, and runs once the scheduled run has given the lease back', async () => {
    f = await runnerFixture();
    const fx = f;
    const { agentId, token } = await fx.userWithAgent({ sendMode: 'review', emailsPerDay: 2, startTime: '00:00', endTime: '23:59' });
    // The runner process (npm start's child) is writing the scheduled run's letters, its lease held.
    let release!: () => void;
    fx.state.writerGate = new Promise<void>((resolve) => (release = resolve));
    const child = new Runner(fx.deps(), { owner: 'runner-child' });
    const ticking = child.tick();
    await expect.poll(() => fx.state.writes, { timeout: 10_000 }).toBeGreaterThan(0);

    // Run now through the API's process: answered at once, queued behind that run (not turned away).
    const pressed = await fx.t.call('POST', `/api/automations/${agentId}/run`, undefined, fx.t.auth(token));
    expect(pressed.status).toBe(202);
    expect(runStartedSchema.parse(pressed.json).data).toMatchObject({ agentId, state: 'queued' });
    // The page shows it at once, as waiting for the run under way.
    expect((await pulledAgent(fx, token, agentId)).run?.running).toMatchObject({
      manual: true,
      queued: true,
      startedAt: pressed.json.data.startedAt,
    });
    // Pressed again meanwhile: still queued, and no second run will come of it.
    const again = await fx.t.call('POST', `/api/automations/${agentId}/run`, undefined, fx.t.auth(token));
    expect(again.status).toBe(202);

    release();
    const scheduled = await ticking;
    expect(scheduled.runs).toHaveLength(1);
    // Once the scheduled run has ended and given its lease back, the Run now runs, then ends.
    await expect.poll(async () => (await pulledAgent(fx, token, agentId)).run?.last?.manual, { timeout: 20_000 }).toBe(true);
    const after = await pulledAgent(fx, token, agentId);
    expect(after.run?.running).toBeNull();
    // The two presses made one run: the agent's history holds the scheduled run and one Run now.
    const runs = await fx.t.call('GET', `/api/automations/${agentId}/runs`, undefined, fx.t.auth(token));
    expect((runs.json.data as Array<{ manual: boolean }>).map((run) => run.manual).sort()).toEqual([false, true]);
  });
});
