import { describe, expect, it, vi } from 'vitest';
import { startSyncEarly, type EarlySession, type EarlySyncRuntime } from './early-sync';

/** A session whose check answers `user` when `answer` is called. */
function session(user: { id: string } | null) {
  let answer!: () => void;
  const state = {
    user: null as { id: string } | null,
    initialize: () =>
      new Promise<void>((resolve) => {
        answer = () => {
          state.user = user;
          resolve();
        };
      }),
    clearSession: vi.fn(() => {
      state.user = null;
    }),
  };
  const store: EarlySession = { getState: () => state };
  return { store, state, answer: () => answer() };
}

const runtime = () => ({ startAppSync: vi.fn<EarlySyncRuntime['startAppSync']>(), prepareAppSync: vi.fn() });

describe('startSyncEarly', () => {
  it('starts the sync of the signed-in user as soon as the session check answers, and ends the session on a 401', async () => {
    const s = session({ id: 'u1' });
    const r = runtime();
    const started = startSyncEarly(s.store, async () => r, { sessionLikely: true });
    await vi.waitFor(() => expect(r.prepareAppSync).toHaveBeenCalled());
    // The database opens while the server answers; the sync waits for the answer.
    expect(r.startAppSync).not.toHaveBeenCalled();
    s.answer();
    expect(await started).toBe(true);
    expect(r.startAppSync).toHaveBeenCalledTimes(1);
    const options = r.startAppSync.mock.calls[0]![0];
    expect(options.userId).toBe('u1');
    options.onUnauthorized?.();
    expect(s.state.clearSession).toHaveBeenCalled();
  });

  it('starts nothing when nobody is signed in, or when the session ended while the runtime loaded', async () => {
    const nobody = session(null);
    const r = runtime();
    const load = vi.fn(async () => r);
    const first = startSyncEarly(nobody.store, load, { sessionLikely: false });
    nobody.answer();
    expect(await first).toBe(false);
    // No session hint in this browser: nothing loaded, no database opened.
    expect(load).not.toHaveBeenCalled();
    expect(r.prepareAppSync).not.toHaveBeenCalled();

    const leaving = session({ id: 'u1' });
    const second = startSyncEarly(
      leaving.store,
      async () => {
        leaving.state.clearSession();
        return r;
      },
      { sessionLikely: false },
    );
    leaving.answer();
    expect(await second).toBe(false);
    expect(r.startAppSync).not.toHaveBeenCalled();
  });

  it('asks who is signed in before it asks for the sync runtime (over HTTP/1.1 the question would wait behind its chunks)', async () => {
    const s = session({ id: 'u1' });
    const asked: string[] = [];
    const initialize = s.state.initialize;
    s.state.initialize = () => (asked.push('session'), initialize());
    const r = runtime();
    const started = startSyncEarly(s.store, async () => (asked.push('runtime'), r), { sessionLikely: true });
    expect(asked).toEqual(['session', 'runtime']);
    s.answer();
    expect(await started).toBe(true);
  });
});
