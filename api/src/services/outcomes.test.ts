import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { activityLog, jobItems } from '../db/schema';
import { makeTestApp, type TestApp } from '../test/harness';
import { JobItemService } from './job-items';
import { recordOutcome } from './outcomes';

let t: TestApp;
afterEach(() => t?.close());

async function sentItem(fields: Partial<typeof jobItems.$inferInsert> = {}) {
  t = makeTestApp();
  const { user } = await t.signup();
  const now = t.clock.now();
  t.db
    .insert(jobItems)
    .values({ id: 'item-1', userId: user.id, platform: 'freelancer', externalId: '38000001', title: 'Shopify store', status: 'completed', sentAt: now, createdAt: now, updatedAt: now, ...fields })
    .run();
  const row = () => t.db.select().from(jobItems).where(eq(jobItems.id, 'item-1')).get()!;
  return { userId: user.id, row };
}

describe('recordOutcome: one path for the user’s marks and the marketplace’s', () => {
  it('records what the marketplace shows, with the signals it gives, and an activity line', async () => {
    const { userId, row } = await sentItem();
    const signals = await t.store.tx((tx) => recordOutcome(tx, row(), { outcome: 'hired', source: 'marketplace', repliedAt: t.clock.now() }, t.clock.now()));
    expect(signals).toEqual(['replied', 'won']);
    expect(row()).toMatchObject({ outcome: 'hired', outcomeSource: 'marketplace', version: 2 });
    expect(t.db.select().from(activityLog).where(eq(activityLog.userId, userId)).all().map((line) => line.kind)).toEqual(['client_replied', 'proposal_won']);
  });

  it('never replaces the user’s mark, nor one set before outcomes were read (no source), but keeps the reply', async () => {
    const { row } = await sentItem({ outcome: 'lost' }); // marked by hand before this feature
    const signals = await t.store.tx((tx) => recordOutcome(tx, row(), { outcome: 'replied', source: 'marketplace', repliedAt: t.clock.now(), fields: { clientReply: 'Hi!' } }, t.clock.now()));
    expect(signals).toEqual([]);
    expect(row()).toMatchObject({ outcome: 'lost', outcomeSource: null, clientReply: 'Hi!', repliedAt: t.clock.now() });
  });

  it('the user’s mark through the API takes this path: a manual source, the same signals; clearing it hands back to the marketplace', async () => {
    const { userId, row } = await sentItem();
    const service = new JobItemService({ store: t.store, clock: t.clock });
    expect(await service.update(userId, 'item-1', { outcome: 'interview' })).toMatchObject({ outcome: 'interview', outcomeSource: 'manual' });
    await t.store.tx((tx) => recordOutcome(tx, row(), { outcome: 'lost', source: 'marketplace' }, t.clock.now()));
    expect(row()).toMatchObject({ outcome: 'interview', outcomeSource: 'manual' });
    expect(await service.update(userId, 'item-1', { outcome: null })).toMatchObject({ outcome: null, outcomeSource: null });
    await t.store.tx((tx) => recordOutcome(tx, row(), { outcome: 'lost', source: 'marketplace' }, t.clock.now()));
    expect(row()).toMatchObject({ outcome: 'lost', outcomeSource: 'marketplace' });
  });
});
