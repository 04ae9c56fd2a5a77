import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { firstSyncEnded } from './first-sync';

describe('firstSyncEnded', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for the first round to start and end, however long it takes within the cap', async () => {
    const status = createStore<{ syncing: boolean; pages: number }>()(() => ({ syncing: false, pages: 0 }));
    const ended = settled(firstSyncEnded(status, 15_000));
    await vi.advanceTimersByTimeAsync(1_000);
    status.setState({ pages: 1 }); // other changes while no round has run
    await vi.advanceTimersByTimeAsync(0);
    expect(ended()).toBe(false);
    status.setState({ syncing: true });
    await vi.advanceTimersByTimeAsync(5_000);
    status.setState({ pages: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(ended()).toBe(false);
    status.setState({ syncing: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(ended()).toBe(true);
  });

  it('gives up waiting at the cap when no round starts (signed out, or the sync started elsewhere)', async () => {
    const status = createStore<{ syncing: boolean }>()(() => ({ syncing: false }));
    const ended = settled(firstSyncEnded(status, 15_000));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(ended()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended()).toBe(true);
  });
});
