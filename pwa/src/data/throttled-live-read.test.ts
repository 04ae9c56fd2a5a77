import { describe, expect, it, vi } from 'vitest';
import { createRefreshHold } from '../lib/refresh-hold';
import { pull } from '../sync/pull';
import { FakeServer } from '../sync/testing/fake-server';
import { testDb } from './testing/fake-db';
import { throttledLiveRead, type LiveAnswer } from './throttled-live-read';

/** A pause long enough for any read a change would start (the reads here are throttled to 0 ms). */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('throttledLiveRead', () => {
  it('reads a list again after a change to its table, and not after a change elsewhere', async () => {
    const db = await testDb();
    const answers: Array<LiveAnswer<number>> = [];
    const stop = throttledLiveRead(
      () => db.jobItems.count(),
      (answer) => answers.push(answer),
      { db, tables: ['jobItems'], intervalMs: 0 },
    );
    await vi.waitFor(() => expect(answers).toEqual([{ value: 0 }]));

    await db.notices.add({ createdAt: 1 } as never);
    await quiet();
    expect(answers).toEqual([{ value: 0 }]);

    const server = new FakeServer();
    await db.jobItems.put(server.seedJobItem({ id: 'j1' }));
    await vi.waitFor(() => expect(answers).toEqual([{ value: 0 }, { value: 1 }]));
    stop();
  });

  it('reads a list once after a pull of several pages holding it, not once a page', async () => {
    const db = await testDb();
    const server = new FakeServer();
    for (let i = 0; i < 7; i += 1) server.seedJobItem({ id: `j${i}` });
    const hold = createRefreshHold();
    const answers: number[] = [];
    const stop = throttledLiveRead(
      () => db.jobItems.count(),
      (answer) => 'value' in answer && answers.push(answer.value),
      { db, tables: ['jobItems'], intervalMs: 0, hold },
    );
    await vi.waitFor(() => expect(answers).toEqual([0]));

    const result = await pull({ db, transport: server, pageSize: 2, holdRefreshes: () => hold.hold() });
    expect(result.pages).toBe(4);
    await vi.waitFor(() => expect(answers).toEqual([0, 7]));
    await quiet();
    expect(answers).toEqual([0, 7]);
    expect(hold.held()).toBe(false);
    stop();
  });
});
