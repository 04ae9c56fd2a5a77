import { describe, expect, it } from 'vitest';
import { createRefreshHold } from './refresh-hold';
import { throttledRuns, type ThrottleClock } from './throttled-runs';

/** A clock moved by hand, and a run that finishes when told. */
function harness() {
  let now = 0;
  const timers: Array<{ at: number; callback: () => void }> = [];
  const clock: ThrottleClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => void timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1),
  };
  const starts: number[] = [];
  let finish: (() => void) | null = null;
  const run = () =>
    new Promise<void>((resolve) => {
      starts.push(now);
      finish = resolve;
    });
  const settle = async () => {
    finish?.();
    finish = null;
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.callback();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { clock, run, starts, settle, advance, pending: () => timers.length };
}

describe('throttledRuns', () => {
  it('runs at once, then once per interval however many pokes come, the last run after the last poke', async () => {
    const h = harness();
    const runs = throttledRuns(h.run, 1000, h.clock);
    expect(h.starts).toEqual([0]);
    await h.settle();

    // A burst: fifteen pokes 100 ms apart (0 to 1400) make one run at 1000 and one after the last poke.
    for (let i = 0; i < 15; i += 1) {
      runs.poke();
      await h.advance(100);
      await h.settle();
    }
    expect(h.starts).toEqual([0, 1000]);
    await h.advance(500);
    expect(h.starts).toEqual([0, 1000, 2000]);
    await h.settle();
    expect(h.pending()).toBe(0);

    // Quiet for a while: the next poke runs at once.
    await h.advance(5000);
    runs.poke();
    expect(h.starts).toEqual([0, 1000, 2000, 7000]);
    runs.stop();
  });

  it('never runs twice at a time: a poke during a slow run waits for it to end', async () => {
    const h = harness();
    const runs = throttledRuns(h.run, 100, h.clock);
    await h.advance(500); // the first run is still going
    runs.poke();
    runs.poke();
    expect(h.starts).toEqual([0]);
    await h.settle();
    // Not at once either: a 500 ms run is followed by a pause of four times its length.
    expect(h.starts).toEqual([0]);
    await h.advance(2000);
    expect(h.starts).toEqual([0, 2500]);
    runs.stop();
  });

  it('waits five times a slow run’s length after its start, so runs take at most a fifth of the time', async () => {
    const h = harness();
    const runs = throttledRuns(h.run, 100, h.clock);
    await h.advance(400); // the first run takes 400 ms
    await h.settle();
    runs.poke();
    await h.advance(1500);
    expect(h.starts).toEqual([0]);
    await h.advance(100);
    expect(h.starts).toEqual([0, 2000]);
    runs.stop();
  });

  it('runs nothing after stop', async () => {
    const h = harness();
    const runs = throttledRuns(h.run, 1000, h.clock);
    await h.settle();
    runs.poke();
    runs.stop();
    await h.advance(2000);
    expect(h.starts).toEqual([0]);
    expect(h.pending()).toBe(0);
  });

  it('waits out a hold: the pokes while held make one run when it ends, and none without a poke', async () => {
    const h = harness();
    const hold = createRefreshHold();
    const runs = throttledRuns(h.run, 100, h.clock, hold);
    await h.settle();

    // A pull of ten pages: a poke after each, all held.
    const release = hold.hold();
    for (let i = 0; i < 10; i += 1) {
      runs.poke();
      await h.advance(1000);
    }
    expect(h.starts).toEqual([0]);
    release();
    expect(h.starts).toEqual([0, 10_000]);
    await h.settle();
    await h.advance(5000);
    expect(h.starts).toEqual([0, 10_000]);

    // Held with nothing changed: nothing to run at the end.
    hold.hold()();
    await h.advance(1000);
    expect(h.starts).toEqual([0, 10_000]);

    // Stopped while held: the end of the hold runs nothing.
    const again = hold.hold();
    runs.poke();
    runs.stop();
    again();
    expect(h.starts).toEqual([0, 10_000]);
    expect(h.pending()).toBe(0);
  });
});
