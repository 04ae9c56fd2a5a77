import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf } from '../../store/schema/index';
import type { PostgresStore } from '../../store/store';
import { freshPostgresStore } from '../../testing/postgres-test-db';
import { claimDueAgents } from './lease';
import { gate } from '../../testing/gate';

// Runs in the `api-pg` project only (vitest.config.ts): it is about PostgreSQL's row locks.
let store: PostgresStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

const now = new Date('2026-11-20T10:00:00Z');

/** `count` due agents, each of its own user (a user's agents go to one runner at a time). */
async function seed(s: PostgresStore, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `agent-${i}`);
  await s.tx(async (tx) => {
    const { agents, users } = tablesOf(tx);
    await tx.insert(users).values(
      ids.map((_, i) => ({
        id: `u${i}`,
        email: `u${i}@gmail.com`,
        passwordHash: 'x',
        platformType: 'upwork' as const,
        referralCode: `u${i}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.insert(agents).values(
      ids.map((id, i) => ({
        id,
        userId: `u${i}`,
        status: 'active' as const,
        fields: {},
        fieldVersions: {},
        nextRunAt: new Date(now.getTime() - (count - i) * 1000),
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  return ids;
}

describe('claiming due agents on PostgreSQL', () => {
  it('passes over an agent another runner is claiming instead of waiting for it, and never takes one twice', async () => {
    store = freshPostgresStore().store;
    const s = store;
    const ids = await seed(s, 4);
    // Another runner's claim holds the lock on the first due agent and has not committed yet.
    const hold = gate();
    const locked = gate();
    const other = s.tx(
      async (tx) => {
        const { agents } = tablesOf(tx);
        await (tx.select().from(agents).where(eq(agents.id, ids[0]!)) as unknown as { for(s: 'update'): Promise<unknown> }).for('update');
        locked.open();
        await hold.opened;
      },
      { lockingClaim: true },
    );
    await locked.opened;
    // This runner's claim answers while the other still holds its row (it would wait, or fail, without SKIP LOCKED).
    const claimedWhileHeld = await Promise.race([
      claimDueAgents(s, 'runner-b', now, 60_000, 10),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
    ]);
    hold.open();
    await other;
    expect(claimedWhileHeld).toEqual(ids.slice(1));
    // The row passed over is still there for the next claim; nothing is taken twice.
    expect(await claimDueAgents(s, 'runner-a', now, 60_000, 10)).toEqual([ids[0]]);
    expect(await claimDueAgents(s, 'runner-c', now, 60_000, 10)).toEqual([]);
  });

  it('splits the due agents between runners claiming at the same moment, none twice', async () => {
    store = freshPostgresStore().store;
    const s = store;
    const ids = await seed(s, 40);
    const claims = await Promise.all(['r1', 'r2', 'r3', 'r4'].map((owner) => claimDueAgents(s, owner, now, 60_000, 10)));
    const all = claims.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...ids].sort());
  });
});
