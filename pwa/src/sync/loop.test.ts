import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncLoop, type SyncLoopOptions } from './loop';

function setupLoop(overrides: Partial<SyncLoopOptions> = {}) {
  const results: Array<'ok' | 'fail'> = [];
  const run = vi.fn(async () => {
    if (results.shift() === 'fail') throw new Error('down');
  });
  const loop = createSyncLoop({
    run,
    random: () => 0.5,
    debounceMs: 1000,
    intervalMs: 300_000,
    minBackoffMs: 2000,
    maxBackoffMs: 60_000,
    ...overrides,
  });
  return { loop, run, results };
}

describe('createSyncLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('syncs on start, then every interval', async () => {
    const { loop, run } = setupLoop();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    loop.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('debounces requests after writes', async () => {
    const { loop, run } = setupLoop();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.requestSync();
    await vi.advanceTimersByTimeAsync(600);
    loop.requestSync();
    await vi.advanceTimersByTimeAsync(600);
    loop.requestSync();
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('backs off exponentially with jitter on failure and resets on success', async () => {
    const random = vi.fn(() => 0.5);
    const { loop, run, results } = setupLoop({ random });
    results.push('fail', 'fail', 'fail', 'ok', 'fail');
    const at: number[] = [];
    run.mockImplementation(async () => {
      at.push(Date.now());
      if (results.shift() === 'fail') throw new Error('down');
    });
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    // waits: 0.5 * 2000, 0.5 * 4000, 0.5 * 8000, then the interval after the success
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(at.map((t) => t - start)).toEqual([0, 1000, 3000, 7000]);
    expect(loop.getState().failures).toBe(0);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(at.map((t) => t - start)).toEqual([0, 1000, 3000, 7000, 307_000]);
    // The failure count started again from one: the next wait is the first step.
    expect(loop.getState().failures).toBe(1);
    expect(loop.getState().nextRunAt! - Date.now()).toBe(1000);
    expect(random).toHaveBeenCalledTimes(4);
  });

  it('a write during a backoff waits for the backoff to end', async () => {
    const { loop, run, results } = setupLoop({ random: () => 0.99 });
    results.push('fail', 'fail');
    loop.start();
    await vi.advanceTimersByTimeAsync(0); // fail 1: wait 1980
    await vi.advanceTimersByTimeAsync(1980); // fail 2: wait 3960
    expect(run).toHaveBeenCalledTimes(2);
    loop.requestSync();
    await vi.advanceTimersByTimeAsync(3959);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('shares the sync in flight and runs once more for a write that came during it', async () => {
    let release!: () => void;
    const { loop, run } = setupLoop();
    run.mockImplementation(() => new Promise<void>((resolve) => (release = resolve)));
    loop.start();
    const joined = loop.syncNow();
    expect(run).toHaveBeenCalledTimes(1);
    loop.requestSync();
    release();
    await joined;
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('pauses while hidden and syncs on becoming visible', async () => {
    const { loop, run } = setupLoop();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.setVisible(false);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(run).toHaveBeenCalledTimes(1);
    loop.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits while offline; going online syncs at once and forgets the backoff', async () => {
    const { loop, run, results } = setupLoop({ online: false });
    loop.start();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).not.toHaveBeenCalled();
    results.push('fail');
    loop.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    loop.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports syncing and failures to onChange', async () => {
    const states: boolean[] = [];
    const { loop } = setupLoop({ onChange: (s) => states.push(s.syncing) });
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([true, false]);
  });
});
