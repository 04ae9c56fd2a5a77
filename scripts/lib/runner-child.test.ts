import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/kernel/logger';
import { restartDelay, startRunnerChild, type RunnerChild } from './runner-child';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bidpilot-runner-child-'));
const children: RunnerChild[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop(5000);
});

/** A script standing in for the server's start entry. */
function script(name: string, source: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return file;
}

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger('info', {}, (line) => lines.push(JSON.parse(line)));
  return { log, lines };
}

describe('the runner child', () => {
  it('waits longer after each death in a row, up to a ceiling', () => {
    const backoff = { firstMs: 1000, maxMs: 60_000, steadyMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n, backoff))).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('is started again when it dies, each time after a longer wait, and no more once stopped', async () => {
    const { log, lines } = capturedLog();
    const child = startRunnerChild({
      entry: script('dies.mjs', 'process.exit(3);\n'),
      env: process.env,
      log,
      backoff: { firstMs: 20, maxMs: 80, steadyMs: 60_000 },
    });
    children.push(child);
    await expect
      .poll(() => lines.filter((line) => line.msg === 'runner process died; starting it again').length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(4);
    await child.stop(5000);
    const deaths = lines.filter((line) => line.msg === 'runner process died; starting it again');
    // An operator's alert reads these: the child is down, and how often it died.
    const status = await child.metricsWithStatus(100);
    expect(status).toContain('bidpilot_runner_process_up 0');
    expect(status).toContain(`bidpilot_runner_process_deaths_total ${child.deaths}`);
    expect(child.deaths).toBeGreaterThanOrEqual(4);
    expect(deaths.slice(0, 4).map((line) => [line.code, line.delayMs])).toEqual([
      [3, 20],
      [3, 40],
      [3, 80],
      [3, 80],
    ]);
    const started = lines.filter((line) => line.msg === 'runner process started').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((line) => line.msg === 'runner process started').length).toBe(started);
  });

  it("reads the child's metrics over its channel, and stops it with SIGTERM", async () => {
    const { log } = capturedLog();
    const entry = script(
      'answers.mjs',
      [
        "process.on('message', (m) => process.send({ type: 'metrics', id: m.id, text: 'bidpilot_agent_runs_total{role=\"runner\"} 7\\n' }));",
        "process.on('SIGTERM', () => process.exit(0));",
        '',
      ].join('\n'),
    );
    const child = startRunnerChild({ entry, env: process.env, log });
    children.push(child);
    await expect.poll(() => child.metrics(), { timeout: 10_000 }).toBe('bidpilot_agent_runs_total{role="runner"} 7\n');
    const status = await child.metricsWithStatus();
    expect(status).toContain('bidpilot_agent_runs_total{role="runner"} 7');
    expect(status).toContain('bidpilot_runner_process_up 1');
    expect(status).toContain('bidpilot_runner_process_deaths_total 0');
    const pid = child.pid!;
    await child.stop(5000);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(await child.metrics()).toBeUndefined();
  });
});
