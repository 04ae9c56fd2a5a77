import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../kernel/logger';
import { createMetrics } from '../../kernel/metrics';
import { runnerFixture, type RunnerFixture } from '../../testing/runner-fixture';
import { Runner } from './runner';

let f: RunnerFixture;
beforeEach(async () => {
  f = await runnerFixture();
});
afterEach(() => f.close());

describe("the runner's lines and figures", () => {
  it('writes one line per run and one per send, each with the role, pid and agent, and counts them for the metrics', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger('debug', { role: 'runner', pid: 4242 }, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const metrics = createMetrics();
    const { agentId } = await f.userWithAgent({ sendMode: 'auto', emailsPerDay: 4, startTime: '09:00', endTime: '17:00' });
    f.state.writerFailures = 3;
    await new Runner(f.deps({ log, metrics })).tick();

    // LOG_LEVEL=debug adds what each run asked: the search and what it found.
    expect(lines.filter((line) => line.msg === 'agent search')).toEqual([
      expect.objectContaining({ level: 'debug', agentId, platform: 'freelancer', jobs: expect.any(Number) }),
    ]);
    const runs = lines.filter((line) => line.msg === 'agent run');
    expect(runs).toEqual([
      // The morning's share of four a day is two letters: the first fails, the second goes back to the pool untried.
      expect.objectContaining({ role: 'runner', pid: 4242, agentId, manual: false, returned: 2, ms: expect.any(Number) }),
    ]);
    f.state.writerFailures = 0;
    f.advance(60_000);
    await new Runner(f.deps({ log, metrics })).tick();
    const sends = lines.filter((line) => line.msg === 'proposal send');
    expect(sends).toEqual([
      expect.objectContaining({
        role: 'runner',
        pid: 4242,
        agentId,
        platform: 'freelancer',
        outcome: 'sent',
        jobItemId: expect.any(String),
      }),
    ]);

    const text = await metrics.text();
    expect(text).toContain('bidpilot_agent_runs_total{outcome="ran"} 2');
    expect(text).toContain('bidpilot_letters_total{writer="ai",result="returned"} 2');
    expect(text).toContain('bidpilot_letters_total{writer="ai",result="written"} 2');
    expect(text).toContain('bidpilot_sends_total{platform="freelancer",outcome="sent"} 1');
  });
});
