import { describe, expect, it } from 'vitest';
import { warmScreens, type IdleScheduler } from './warm-screens';

/** An idle scheduler the test drives: each `idle()` runs the next waiting callback. */
function fakeIdle() {
  const waiting: Array<() => void> = [];
  const schedule: IdleScheduler = (next) => {
    waiting.push(next);
    return () => waiting.splice(waiting.indexOf(next), 1);
  };
  return { schedule, waiting, idle: async () => (waiting.shift()?.(), await new Promise((resolve) => setTimeout(resolve, 0))) };
}

describe('warming the signed-in screens', () => {
  it('fetches one screen per idle moment, in order, in the user’s language, going on past one that fails', async () => {
    const fetched: string[] = [];
    const screen = (name: string, fails = false) => ({
      preload: (language: string) => (
        fetched.push(`${name}:${language}`),
        fails ? Promise.reject(new Error('offline')) : Promise.resolve()
      ),
    });
    const { schedule, idle, waiting } = fakeIdle();
    warmScreens([screen('dashboard'), screen('search', true), screen('settings')], 'ar', schedule);
    expect(fetched).toEqual([]);
    await idle();
    expect(fetched).toEqual(['dashboard:ar']);
    await idle();
    await idle();
    expect(fetched).toEqual(['dashboard:ar', 'search:ar', 'settings:ar']);
    expect(waiting).toHaveLength(0);
  });

  it('stops when told, leaving nothing scheduled', async () => {
    const fetched: string[] = [];
    const { schedule, idle, waiting } = fakeIdle();
    const stop = warmScreens(
      [{ preload: async () => void fetched.push('a') }, { preload: async () => void fetched.push('b') }],
      'en',
      schedule,
    );
    await idle();
    stop();
    expect(waiting).toHaveLength(0);
    await idle();
    expect(fetched).toEqual(['a']);
  });
});
