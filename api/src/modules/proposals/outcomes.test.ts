import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tablesOf, type Tables } from '../../store/schema/index';
import { first } from '../../store/store';
import { makeTestApp, type TestApp } from '../../testing/harness';
import { JobItemService } from './job-items';
import { recordOutcome } from './outcomes';

let t: TestApp;
afterEach(() => t?.close());

async function sentItem(fields: Partial<Tables['jobItems']['$inferInsert']> = {}) {
  t = makeTestApp();
  const { jobItems } = tablesOf(t.db);
  const { user } = await t.signup();
  const now = t.clock.now();
  await t.db.insert(jobItems).values({
    id: 'item-1',
    userId: user.id,
    platform: 'freelancer',
    externalId: '38000001',
    title: 'Shopify store',
    status: 'completed',
    sentAt: now,
    createdAt: now,
    updatedAt: now,
    ...fields,
  });
  const row = async () => {
    const { jobItems } = tablesOf(t.db);
    return (await first(t.db.select().from(jobItems).where(eq(jobItems.id, 'item-1'))))!;
  };
  return { userId: user.id, row };
}

describe('recordOutcome: one path for the user’s marks and the marketplace’s', () => {
  it('records what the marketplace shows, with the signals it gives, and an activity line', async () => {
    const { userId, row } = await sentItem();
    const { activityLog } = tablesOf(t.db);
    const sent = await row();
    const signals = await t.store.tx((tx) =>
      recordOutcome(tx, sent, { outcome: 'hired', source: 'marketplace', repliedAt: t.clock.now() }, t.clock.now()),
    );
    expect(signals).toEqual(['replied', 'won']);
    expect(await row()).toMatchObject({ outcome: 'hired', outcomeSource: 'marketplace', version: 2 });
    expect((await t.db.select().from(activityLog).where(eq(activityLog.userId, userId))).map((line) => line.kind)).toEqual([
      'client_replied',
      'proposal_won',
    ]);
  });

  it('never replaces the user’s mark, nor one set before outcomes were read (no source), but keeps the reply', async () => {
    const { row } = await sentItem({ outcome: 'lost' }); // marked by hand before this feature
    const marked = await row();
    const signals = await t.store.tx((tx) =>
      recordOutcome(
        tx,
        marked,
        { outcome: 'replied', source: 'marketplace', repliedAt: t.clock.now(), fields: { clientReply: 'Hi!' } },
        t.clock.now(),
      ),
    );
    expect(signals).toEqual([]);
    expect(await row()).toMatchObject({ outcome: 'lost', outcomeSource: null, clientReply: 'Hi!', repliedAt: t.clock.now() });
  });

  it('the user’s mark through the API takes this path: a manual source, the same signals; clearing it hands back to the marketplace', async () => {
    const { userId, row } = await sentItem();
    const service = new JobItemService({ store: t.store, clock: t.clock });
    expect(await service.update(userId, 'item-1', { outcome: 'interview' })).toMatchObject({
      outcome: 'interview',
      outcomeSource: 'manual',
    });
    const manual = await row();
    await t.store.tx((tx) => recordOutcome(tx, manual, { outcome: 'lost', source: 'marketplace' }, t.clock.now()));
    expect(await row()).toMatchObject({ outcome: 'interview', outcomeSource: 'manual' });
    expect(await service.update(userId, 'item-1', { outcome: null })).toMatchObject({ outcome: null, outcomeSource: null });
    const cleared = await row();
    await t.store.tx((tx) => recordOutcome(tx, cleared, { outcome: 'lost', source: 'marketplace' }, t.clock.now()));
    expect(await row()).toMatchObject({ outcome: 'lost', outcomeSource: 'marketplace' });
  });
});
