import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../kernel/clock';
import { tablesOf } from '../../store/schema/index';
import type { PostgresStore } from '../../store/store';
import { createLogger } from '../../kernel/logger';
import { freshPostgresStore } from '../../testing/postgres-test-db';
import { claimForSend, type SenderDeps } from './sender';
import { gate } from '../../testing/gate';

// Runs in the `api-pg` project only (vitest.config.ts): it is about PostgreSQL's row locks.
let store: PostgresStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

const now = new Date('2026-11-20T10:00:00Z');

async function seedApprovedProposal(s: PostgresStore): Promise<string> {
  await s.tx(async (tx) => {
    const { jobItems, users } = tablesOf(tx);
    await tx.insert(users).values({
      id: 'u1',
      email: 'u1@gmail.com',
      passwordHash: 'x',
      platformType: 'freelancer',
      referralCode: 'u1',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(jobItems).values({
      id: 'item-1',
      userId: 'u1',
      platform: 'freelancer',
      externalId: 'job-1',
      title: 'A job',
      status: 'processing',
      stage: 'queued',
      sendAfter: new Date(now.getTime() - 1000),
      approvedAt: new Date(now.getTime() - 2000),
      createdAt: now,
      updatedAt: now,
    });
  });
  return 'item-1';
}

describe('claiming a proposal to send on PostgreSQL', () => {
  it('passes over a proposal another sender is claiming instead of waiting for it; one claim in all', async () => {
    store = freshPostgresStore().store;
    const s = store;
    const id = await seedApprovedProposal(s);
    const deps = { store: s, clock: manualClock(now), log: createLogger('silent') } as unknown as SenderDeps;
    // Another sender's claim holds the proposal's row and has not committed yet.
    const hold = gate();
    const locked = gate();
    const other = s.tx(async (tx) => {
      const { jobItems } = tablesOf(tx);
      await (tx.select().from(jobItems).where(eq(jobItems.id, id)) as unknown as { for(s: 'update'): Promise<unknown> }).for('update');
      locked.open();
      await hold.opened;
    });
    await locked.opened;
    const whileHeld = await Promise.race([
      claimForSend(deps, id),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
    ]);
    hold.open();
    await other;
    expect(whileHeld).toEqual({ kind: 'skipped' });
    // Once free, one sender claims it, and a second finds it claimed.
    const [a, b] = await Promise.all([claimForSend(deps, id), claimForSend(deps, id)]);
    expect([a.kind, b.kind].sort()).toEqual(['claimed', 'skipped']);
  });
});
