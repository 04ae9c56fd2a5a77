import { afterEach, describe, expect, it } from 'vitest';
import type { PostgresStore } from './store';
import { freshPostgresStore } from '../testing/postgres-test-db';
import { gate } from '../testing/gate';
import { changesSince, recordChange } from './change-log';

// Runs in the `api-pg` project only (vitest.config.ts). recordChange takes the user's lock in the
// statement that takes the position (store/change-order.ts): these tests hold it to what the separate
// lock statement guaranteed.
let store: PostgresStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

const now = new Date('2026-11-20T10:00:00Z');

describe('recording changes on PostgreSQL', () => {
  it("a user's second change waits for the first to commit, so a pull that moved past a position never misses an earlier one", async () => {
    store = freshPostgresStore().store;
    const s = store;
    const slow = gate();
    const slowWrote = gate();
    const a = s.tx(async (tx) => {
      await recordChange(tx, 'u1', 'agent', 'first', now);
      slowWrote.open();
      await slow.opened;
    });
    await slowWrote.opened;
    let bDone = false;
    const b = s.tx((tx) => recordChange(tx, 'u1', 'agent', 'second', now)).then(() => (bDone = true));
    try {
      // B is waiting on the user's lock (not merely slow): PostgreSQL lists it as not granted.
      for (;;) {
        const [row] = await s.pg.$client<
          Array<{ n: number }>
        >`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
        if (row!.n > 0) break;
        expect(bDone, 'the second change committed while the first was still open').toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // A pull now sees neither: the second change cannot be shown ahead of the first.
      expect(await changesSince(s.db, 'u1', 0, 100)).toEqual([]);
    } finally {
      slow.open();
      await Promise.all([a, b]);
    }
    const all = await changesSince(s.db, 'u1', 0, 100);
    expect(all.map((row) => row.entityId)).toEqual(['first', 'second']);
  });

  it('a record changed again moves to a new position, and a delete keeps its tombstone', async () => {
    store = freshPostgresStore().store;
    const s = store;
    await s.tx(async (tx) => {
      await recordChange(tx, 'u1', 'agent', 'a1', now);
      await recordChange(tx, 'u1', 'agent', 'a2', now);
    });
    const before = await changesSince(s.db, 'u1', 0, 100);
    await s.tx((tx) => recordChange(tx, 'u1', 'agent', 'a1', now, true));
    const after = await changesSince(s.db, 'u1', 0, 100);
    expect(after.map((row) => [row.entityId, row.deleted])).toEqual([
      ['a2', false],
      ['a1', true],
    ]);
    expect(after[1]!.seq).toBeGreaterThan(before.at(-1)!.seq);
    // Another user's changes never touch this user's rows.
    await s.tx((tx) => recordChange(tx, 'u2', 'agent', 'a1', now));
    expect(await changesSince(s.db, 'u1', 0, 100)).toEqual(after);
  });
});
